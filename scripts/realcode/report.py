#!/usr/bin/env python3
"""Turns run.sh's results.tsv into report.md: a table per source, totals, build errors by cause."""
import collections, os, re, sys

out, commit = sys.argv[1], sys.argv[2]
rows = []
for line in open(os.path.join(out, "results.tsv")):
    f = line.rstrip("\n").split("\t")
    if len(f) < 8:
        continue
    t, kind, src, name, compiles, runs, draws, animates = f[:8]
    errs = [x for x in f[8:] if x and "emit-module command failed" not in x]
    note = " ".join(errs).strip()
    rows.append(dict(errs=errs, t=t, kind=kind, src=os.path.basename(src), name=name, compiles=compiles, runs=runs,
                     draws=draws, animates=animates, note=note))

def esc(s):
    return s.replace("|", "\\|").replace("\n", " ")

def not_animation(r):
    return r["draws"] != "yes" and ("no live view" in r["note"] or "no animation attached" in r["note"])
others = [r for r in rows if not r["name"].startswith("file ") and not_animation(r)]
anims = [r for r in rows if not r["name"].startswith("file ") and not not_animation(r)]
print(f"# Real-code harness report\n\nSceneCore `{commit}`, {len(anims)} animations/programs.\n")
def yes(rs, k): return sum(1 for r in rs if r[k] == "yes")
print("| source | animations | compiles | runs | draws | animates |\n|---|---|---|---|---|---|")
bysrc = collections.OrderedDict()
for r in anims:
    bysrc.setdefault(r["src"], []).append(r)
for s, rs in bysrc.items():
    print(f"| {s} | {len(rs)} | {yes(rs,'compiles')} | {yes(rs,'runs')} | {yes(rs,'draws')} | {yes(rs,'animates')} |")
print(f"| **total** | {len(anims)} | {yes(anims,'compiles')} | {yes(anims,'runs')} | {yes(anims,'draws')} | {yes(anims,'animates')} |\n")

for s, rs in bysrc.items():
    print(f"## {s}\n\n| animation | compiles | runs | draws | animates | sheet | notes (first errors, SceneCore messages) |\n|---|---|---|---|---|---|---|")
    for r in rs:
        sheet = f"{r['t']}/{r['name']}.png" if r["runs"] == "yes" else ""
        print(f"| {esc(r['name'])} | {r['compiles']} | {r['runs']} | {r['draws']} | {r['animates']} | {sheet} | {esc(r['note'])[:400]} |")
    shared = [r for r in rows if r["src"] == s and r["name"].startswith("file ")]
    if shared:
        print("\nShared files set aside (did not compile):\n")
        for r in shared:
            print(f"- `{r['name'][5:]}`: {esc(r['note'])[:300]}")
    print()

if others:
    print("Pages that attach no animation and draw nothing but their background (not counted): "
          + ", ".join(f"{r['src']}/{r['name']}" for r in others) + "\n")

# Build errors by cause: the error text with names and numbers of the program left as they are,
# file and line removed.
causes = collections.Counter()
examples = {}
for r in rows:
    if r["compiles"] != "no":
        continue
    for part in r["errs"]:
        m = re.sub(r"^(\S+: )?(line \d+: |\S+\.swift:\d+: )", "", part.strip())
        m = re.sub(r" ?error: emit-module command failed.*", "", m)
        if m:
            causes[m] += 1
            examples.setdefault(m, r["name"])
print("## Build errors by cause\n\n| count | first error | e.g. |\n|---|---|---|")
for m, n in causes.most_common():
    print(f"| {n} | {esc(m)[:200]} | {esc(examples[m])} |")
