#!/usr/bin/env bash
# Every benchmark in one run, and the table at the top of BENCHMARKS.md rewritten from it (between
# its `bench-report` marker comments; the rest of the file is left alone):
#   - scripts/bench-peers.sh: the stress scene beside raw GL (EGL, GLX), Qt Quick and Clutter at
#     N = 100, 1,000 and 10,000, with rounded corners (radius 8) at 100 and 1,000, the damage
#     benchmark, and resident memory a layer (scripts/bench-memory.sh)
#   - scripts/compare-effects.sh: effects beside Qt Quick's own at N = 100 and 1,000
#   - scripts/compare-particles.sh: 10,000 particles beside Qt Quick Particles
#   - scripts/bench-apps.sh: paced CPU a frame, the feed, the drift, start-up and every demo scene
#     at 60 Hz beside Qt Quick
#   - scripts/compare-compositions.sh: 20 Lottie compositions at 60 Hz beside rlottie
#   - the package benchmarks (Benchmarks/, `swift package benchmark`) and their threshold check
#
#   scripts/bench-report.sh [PEERS_DIR]      (default ../shared/peers)
#
# ROUNDS (3) and SECONDS_ (4) as the peers' scripts (particles run at least 8 s). EFFECTS as
# compare-effects.sh; by default every effect whose Qt module is installed. QUICK=1 is a smoke run
# (one round of 2 s, the effects none and mask, no scale benchmarks) that shows the script works end
# to end: its table says so in bold, and is not one to commit. REPORT=FILE rewrites FILE instead of
# BENCHMARKS.md; LOGS=DIR keeps the logs there (default a new folder under /tmp); FROM_LOGS=DIR
# only rewrites the table from an earlier run's logs. STEPS names the steps to run (default
# "peers effects particles apps compositions package"); the table has rows for those run.
#
# A full run takes about 25 minutes. Run it on a quiet machine: ratios hold up under load better than
# absolute figures, but not well; the table gives the load average before and after the run.
# PEERS_DIR is copied to a writable folder when it is not writable itself (../shared/peers is
# read-only), and the peers are built there by their setup.sh (Debian packages, root) when missing.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
repo=$(pwd)
report=${REPORT:-$repo/BENCHMARKS.md}
if ! grep -q '<!-- bench-report:begin -->' "$report" || ! grep -q '<!-- bench-report:end -->' "$report"; then
    echo "bench-report.sh: $report has no bench-report markers" >&2
    exit 2
fi

if [ -n "${FROM_LOGS:-}" ]; then
    logs=$(cd "$FROM_LOGS" && pwd)
else
    logs=${LOGS:-/tmp/bench-report-$(date -u +%Y%m%d-%H%M%S)}
    mkdir -p "$logs"
    logs=$(cd "$logs" && pwd)
    if [ "${QUICK:-0}" = 1 ]; then
        export ROUNDS=1 SECONDS_=2 SETTLE_=2
        effects_default="none mask"
        particle_seconds=8
        package_skip=(--skip 'scale-.*')
    else
        export ROUNDS=${ROUNDS:-3} SECONDS_=${SECONDS_:-4}
        effects_default="none mask shadow shadow-path gradient shape blur glass"
        particle_seconds=$((SECONDS_ > 8 ? SECONDS_ : 8))
        package_skip=()
    fi
    peers=${1:-../shared/peers}
    [ -x "$peers/compare_scenecore.sh" ] || { echo "bench-report.sh: no $peers/compare_scenecore.sh" >&2; exit 2; }
    peers=$(cd "$peers" && pwd)
    if [ ! -w "$peers" ]; then
        copy=${PEERS_COPY:-/tmp/scenecore-peers}
        mkdir -p "$copy"
        cp -r --preserve=timestamps "$peers"/. "$copy"/ && chmod -R u+w "$copy"
        peers=$copy
    fi
    installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
    effects=""
    : >"$logs/skipped.txt"
    for e in ${EFFECTS:-$effects_default}; do
        case $e in
            mask | shadow | shadow-path | blur | glass) module=qml-module-qtgraphicaleffects ;;
            shape) module=qml-module-qtquick-shapes ;;
            *) module="" ;;
        esac
        if [ -n "$module" ] && ! installed "$module"; then
            echo "effect $e: needs $module" >>"$logs/skipped.txt"
        else
            effects="$effects $e"
        fi
    done
    installed qml-module-qtquick-particles2 || echo "particles: needs qml-module-qtquick-particles2" >>"$logs/skipped.txt"

    {
        echo "commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Shaders Package.swift Benchmarks || echo '+local changes')"
        echo "start=$(date -u '+%Y-%m-%d %H:%M')"
        echo "load_start=$(cut -d' ' -f1 /proc/loadavg)"
        echo "quick=${QUICK:-0}"
        echo "rounds=$ROUNDS"
        echo "seconds=$SECONDS_"
        echo "cpus=$(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
        echo "virt=$(systemd-detect-virt 2>/dev/null || echo unknown)"
        echo "memory=$(awk '/^MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
        echo "os=$(sed -n 's/^PRETTY_NAME="\(.*\)"$/\1/p' /etc/os-release)"
        echo "swift=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -1)"
        echo "gl=$("$peers/tools/xvfb-run.sh" glxinfo -B 2>/dev/null | sed -n 's/^OpenGL renderer string: //p' | head -1)"
    } >"$logs/run.txt"

    # Each step's output goes to its log and its exit status to STEP.rc; a failed step leaves its
    # rows marked as failed and the others go on.
    step() {
        local name=$1; shift
        echo "bench-report: $name ($(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1 /proc/loadavg))"
        "$@" >"$logs/$name.log" 2>&1
        echo $? >"$logs/$name.rc"
    }
    steps=" ${STEPS:-peers effects particles apps compositions package} "
    runs() { [[ $steps == *" $1 "* ]]; }
    runs peers && step peers scripts/bench-peers.sh "$peers"
    if runs effects && [ -n "${effects# }" ]; then
        step effects env EFFECTS="${effects# }" scripts/compare-effects.sh "$peers" 100 1000
    fi
    if runs particles && installed qml-module-qtquick-particles2; then
        step particles env SECONDS_="$particle_seconds" scripts/compare-particles.sh "$peers"
    fi
    runs apps && step apps scripts/bench-apps.sh "$peers"
    runs compositions && step compositions scripts/compare-compositions.sh
    # The package benchmarks: one run kept as a baseline (its results.json, with every metric's
    # histogram, is copied to the logs) and checked against the thresholds checked in under
    # Benchmarks/Thresholds.
    package() {
        cd Benchmarks || return 1
        export SCENECORE_BENCHMARKS=1
        rm -rf .benchmarkBaselines/SceneCoreBenchmarks/bench-report
        swift package --allow-writing-to-package-directory benchmark baseline update bench-report \
            --no-progress "${package_skip[@]}" || return 1
        cp .benchmarkBaselines/SceneCoreBenchmarks/bench-report/results.json "$logs/package-results.json"
        swift package benchmark thresholds check bench-report --no-progress >"$logs/package-check.log" 2>&1
        echo $? >"$logs/package-check.rc"
    }
    runs package && step package package
    {
        echo "end=$(date -u '+%H:%M')"
        echo "load_end=$(cut -d' ' -f1 /proc/loadavg)"
    } >>"$logs/run.txt"
fi

python3 - "$logs" "$report" <<'PY'
import json, os, re, sys

logs, report = sys.argv[1], sys.argv[2]
run = dict(line.rstrip("\n").split("=", 1) for line in open(f"{logs}/run.txt") if "=" in line)
quick = run.get("quick") == "1"


def read(name):
    path = f"{logs}/{name}.log"
    return open(path, errors="replace").read() if os.path.exists(path) else None


def status(name):
    path = f"{logs}/{name}.rc"
    return open(path).read().strip() if os.path.exists(path) else None


def fmt(value, digits=1):
    return f"{value:,.{digits}f}"


def ratio(ours, theirs):
    return f"{ours / theirs:.2f}×" if theirs else "—"


def failed(label, command, name):
    return (label, command, f"failed (exit {status(name)}; see {name}.log)", "", "", "", "")


skipped = [line.strip() for line in open(f"{logs}/skipped.txt")] if os.path.exists(f"{logs}/skipped.txt") else []
rows = []  # benchmark, command, SceneCore, then the ratio to raw GL EGL, raw GL GLX, Qt Quick, Clutter

# The peers' comparison (compare_scenecore.sh, twice): a header "radius R: median fps, ...", then
# "  N=100: scenecore 891.7, rawgl-egl 255.3 (3.49x), rawgl-glx ... (0.95x), qtquick ..., clutter ...".
peers = read("peers")
if peers is not None:
    radius, found = "0", False
    for line in peers.splitlines():
        header = re.match(r"radius (\d+): median fps", line)
        if header:
            radius = header.group(1)
        m = re.match(r"\s+N=(\d+): scenecore ([\d.]+)(.*)", line)
        if m:
            found = True
            n, ours = int(m.group(1)), float(m.group(2))
            peer = {name: float(fps) for name, fps in re.findall(r"(\S+) ([\d.]+) \([\d.]+x\)", m.group(3))}
            rounded = radius != "0"
            rows.append((
                f"stress scene, N = {n:,}" + (f", corner radius {radius}" if rounded else ""),
                "`scripts/bench-peers.sh`" + (f" (`RADIUS={radius}`)" if rounded else ""), f"{fmt(ours)} fps",
                *(ratio(ours, peer[p]) if p in peer else "" for p in ("rawgl-egl", "rawgl-glx", "qtquick", "clutter"))))
    if not found:
        rows.append(failed("stress scene", "`scripts/bench-peers.sh`", "peers"))
    # The damage benchmark: "damage-limited bench=... fps=... render_cpu_ms=... redrawn=..." and
    # "--whole-frames bench=...".
    damage = {}
    for line in peers.splitlines():
        m = re.match(r"(damage-limited|--whole-frames) bench=", line)
        if m:
            damage[m.group(1)] = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)(?:\s|$)", line)}
    if len(damage) == 2:
        d, w = damage["damage-limited"], damage["--whole-frames"]
        rows.append((
            "spinner over 1,000 still quads, damage-limited / whole frames", "`scripts/bench-peers.sh`",
            f"{fmt(d['fps'])} / {fmt(w['fps'])} fps (render thread {d['render_cpu_ms']:.3f} / {w['render_cpu_ms']:.3f} ms "
            f"a frame; {100 * d.get('redrawn', 0):.2f} % of the window redrawn)", "", "", "", ""))
    # Memory (bench-memory.sh): "  scenecore: 133.7 MB, 160.8 MB, 2.89 KB a layer".
    memory = {name: float(kb) for name, kb in
              re.findall(r"^\s+(\S+): [\d.]+ MB, [\d.]+ MB, (-?[\d.]+) KB a layer", peers, re.M)}
    if "scenecore" in memory:
        ours = memory["scenecore"]
        cell = lambda p: f"{ratio(ours, memory[p])} ({memory[p]:.2f} KB)" if p in memory else ""
        rows.append(("resident memory a layer, N = 1,000 → 10,000 (lower is better)", "`scripts/bench-memory.sh`",
                     f"{ours:.2f} KB", "", cell("rawgl-glx"), cell("qtquick"), ""))
    else:
        rows.append(failed("resident memory a layer", "`scripts/bench-memory.sh`", "peers"))

# Effects: "  mask         N=   100: scenecore    128.6  qtquick     89.3  (1.44x)".
effects = read("effects")
names = {"none": "no effect", "mask": "a circular mask on each quad", "shadow": "a shadow from each quad's content",
         "shadow-path": "a `shadowPath` shadow on each quad", "gradient": "a gradient in each quad",
         "shape": "a shape ring on each quad", "blur": "a `gaussianBlur` filter on each quad",
         "glass": "four frosted-glass panels (`backgroundFilters`) over it"}
if effects is not None:
    found = re.findall(r"^\s+(\S+)\s+N=\s*(\d+): scenecore\s+([\d.]+)\s+qtquick\s+([\d.]+)", effects, re.M)
    for effect, n, ours, qt in found:
        rows.append((f"stress scene with {names.get(effect, effect)}, N = {int(n):,}",
                     "`scripts/compare-effects.sh`", f"{fmt(float(ours))} fps", "", "", ratio(float(ours), float(qt)), ""))
    if not found:
        rows.append(failed("effects", "`scripts/compare-effects.sh`", "effects"))

# Particles: after "medians: ...", "  scenecore     75.10     6.90    18.20" and "  qtquick ...".
particles = read("particles")
if particles is not None:
    medians = {}
    for line in particles.split("medians:", 1)[-1].splitlines()[1:]:
        fields = line.split()
        if len(fields) == 4:
            medians[fields[0]] = [float(v) for v in fields[1:]]
    if "scenecore" in medians and "qtquick" in medians:
        ours, qt = medians["scenecore"], medians["qtquick"]
        rows.append((
            "10,000 particles (`emitter-bench`)", "`scripts/compare-particles.sh`",
            f"{fmt(ours[0])} fps (CPU a frame: render thread {ours[1]:.1f} ms, process {ours[2]:.1f} ms)", "", "",
            f"{ratio(ours[0], qt[0])} (CPU a frame: render thread {ratio(ours[1], qt[1])}, process {ratio(ours[2], qt[2])})",
            ""))
    else:
        rows.append(failed("10,000 particles", "`scripts/compare-particles.sh`", "particles"))

# Compositions: "median scenecore fps=... process_cpu_ms_per_frame=... rss_mb=..." and "median rlottie ...".
compositions = read("compositions")
if compositions is not None:
    medians = {}
    for line in compositions.splitlines():
        fields = line.split()
        if len(fields) > 2 and fields[0] == "median":
            medians[fields[1]] = dict(field.split("=", 1) for field in fields[2:] if "=" in field)
    if "scenecore" in medians and "rlottie" in medians:
        ours, theirs = medians["scenecore"], medians["rlottie"]
        cpu, their_cpu = float(ours["process_cpu_ms_per_frame"]), float(theirs["process_cpu_ms_per_frame"])
        rows.append((
            "20 Lottie compositions (`composition-wall`) at 60 Hz: process CPU a frame (lower is better)",
            "`scripts/compare-compositions.sh`",
            f"{cpu:.2f} ms ({fmt(float(ours['fps']))} fps, {float(ours['rss_mb']):.0f} MB resident); rlottie "
            f"rendering the same frames to buffers: {their_cpu:.2f} ms ({float(theirs['rss_mb']):.0f} MB), "
            f"{cpu / their_cpu:.2f}×", "", "", "", ""))
    else:
        rows.append(failed("compositions", "`scripts/compare-compositions.sh`", "compositions"))


# Where applications live (bench-apps.sh): its raw lines, "PART WHAT SYSTEM KEY VALUE ...", for
# each round; the medians of each.
apps = read("apps")
app_rows, scene_rows = [], []
if apps is not None:
    import collections
    import statistics
    figures = collections.defaultdict(lambda: collections.defaultdict(list))
    for line in apps.splitlines():
        # The raw lines only, not the summary's indented ones.
        fields = [] if line[:1].isspace() else line.split()
        if len(fields) >= 5 and fields[0] in ("paced", "feed", "drift", "startup", "block", "scenes", "soak"):
            for key, value in zip(fields[3::2], fields[4::2]):
                try:
                    figures[tuple(fields[:3])][key].append(float(value))
                except ValueError:
                    pass

    def med(part, what, system, key):
        values = figures.get((part, what, system), {}).get(key)
        return statistics.median(values) if values else None

    command = "`scripts/bench-apps.sh`"
    for n in ("1000", "10000"):
        ours, qt = med("paced", f"stress-{n}", "scenecore", "process_ms"), med("paced", f"stress-{n}", "qtquick", "process_ms")
        if ours is not None:
            rows.append((f"stress scene, N = {int(n):,}, paced at 60 Hz: process CPU a frame (lower is better)", command,
                         f"{ours:.2f} ms ({med('paced', f'stress-{n}', 'scenecore', 'fps'):.1f} fps, "
                         f"{med('paced', f'stress-{n}', 'scenecore', 'dropped'):.0f} dropped; render thread "
                         f"{med('paced', f'stress-{n}', 'scenecore', 'render_ms'):.2f} ms)", "", "",
                         f"{ratio(ours, qt)} (Qt unpaced: {qt or 0:.2f} ms)", ""))
    ours, qt = med("paced", "feed", "scenecore", "process_ms"), med("feed", "unpaced", "qtquick", "process_ms")
    if ours is not None:
        rows.append(("feed, paced at 60 Hz: process CPU a frame (lower is better)", command,
                     f"{ours:.2f} ms ({med('paced', 'feed', 'scenecore', 'fps'):.1f} fps, "
                     f"{med('paced', 'feed', 'scenecore', 'dropped'):.0f} dropped)", "", "",
                     f"{ratio(ours, qt)} (Qt unpaced: {qt or 0:.2f} ms)", ""))
    ours, qt = med("feed", "unpaced", "scenecore", "fps"), med("feed", "unpaced", "qtquick", "fps")
    if ours is not None:
        rows.append(("feed: 1,000 cards scrolled at 2,000 points a second", command,
                     f"{fmt(ours)} fps, {med('feed', 'unpaced', 'scenecore', 'rss_mb'):.0f} MB resident", "", "",
                     f"{ratio(ours, qt)} ({med('feed', 'unpaced', 'qtquick', 'rss_mb') or 0:.0f} MB)", ""))
    for n in ("1000", "10000"):
        what = f"drift-{n}"
        ours, app = med("drift", what, "scenecore", "fps"), med("drift", what, "scenecore", "app_ms")
        if ours is None:
            continue
        cpp, cpp_app = med("drift", what, "qtquick-cpp", "fps"), med("drift", what, "qtquick-cpp", "app_ms")
        qml, qml_app = med("drift", what, "qtquick-qml", "fps"), med("drift", what, "qtquick-qml", "app_ms")
        rows.append((f"drift: {int(n):,} quads the app moves every frame (frames showing the change; app thread a callback)",
                     command, f"{fmt(ours)} fps, app thread {app or 0:.2f} ms", "", "",
                     f"from C++: {ratio(ours, cpp)}, app {ratio(app, cpp_app)}; from QML: {ratio(ours, qml)}, "
                     f"app {ratio(app, qml_app)}", ""))
    for what, label in (("empty", "process start to an empty window's first frame"),
                        ("feed", "process start to the feed's first frame"),
                        ("gallery", "process start to the gallery's first frame"),
                        ("headless", "`OffscreenRenderer(width:height:)` to the gallery's first image")):
        ours, qt = med("startup", what, "scenecore", "ms"), med("startup", what, "qtquick", "ms")
        if ours is not None:
            rows.append((f"start-up: {label} (lower is better)", command,
                         f"{ours:.0f} ms", "", "", f"{ratio(ours, qt)} ({qt:.0f} ms)" if qt else "", ""))
    gap = med("block", "content", "scenecore", "gap_ms")
    if gap is not None:
        rows.append(("content scene at 60 Hz, the app thread blocked (busy) for 2 s: longest gap between frames",
                     command, f"{gap:.1f} ms", "", "", "", ""))
    for (part, what, system), values in sorted(figures.items()):
        if part in ("scenes", "soak") and values.get("fps"):
            scene_rows.append((what, part, statistics.median(values["fps"]), statistics.median(values.get("dropped", [0]))))


# The package benchmarks, from the baseline's results.json: every metric's HdrHistogram, whose
# percentiles are worked out as the library does (Histogram.valueAtPercentile).
def percentile(h, p):
    total = h["_totalCount"]
    if total == 0:
        return 0
    wanted = max(1, -(-p * total // 100))
    half = 1 << h["subBucketHalfCountMagnitude"]
    seen = 0
    for i, count in enumerate(h["counts"]):
        seen += count
        if seen >= wanted:
            bucket, sub = (i >> h["subBucketHalfCountMagnitude"]) - 1, (i & (half - 1)) + half
            if bucket < 0:
                bucket, sub = 0, sub - half
            low = sub << (bucket + h["unitMagnitude"])
            return min(low + (1 << (bucket + h["unitMagnitude"])) - 1, h["maxValue"])
    return h["maxValue"]


micro = {}
if os.path.exists(f"{logs}/package-results.json"):
    results = json.load(open(f"{logs}/package-results.json"))["results"]
    for key, values in zip(results[0::2], results[1::2]):
        for result in values:
            kind, detail = next(iter(result["metric"].items()))
            metric = detail.get("_0", kind) if kind == "custom" else kind
            h = result["statistics"]["histogram"]
            micro.setdefault(key["name"], {})[metric] = (percentile(h, 50), percentile(h, 90))


def seconds(value):
    """`value` in seconds, written in the unit that suits it."""
    if value >= 1:
        return f"{value:,.2f} s"
    return f"{value * 1e3:,.3f} ms" if value >= 1e-3 else f"{value * 1e6:,.1f} µs"


check, check_log = status("package-check"), read("package-check") or ""
if check is None:
    verdict = "not run"
elif check == "0":
    verdict = "passed (within the tolerances)"
elif "benchmarkThresholdImprovement" in check_log:
    verdict = "**better than the thresholds** (record them with `thresholds update`)"
elif "benchmarkThresholdRegression" in check_log:
    verdict = "**failed: worse than the thresholds** (see package-check.log)"
else:
    verdict = f"failed (exit {check}; see package-check.log)"

out = []
if quick:
    out += ["**SMOKE RUN (`QUICK=1`: one round of 2 s, fewer effects, no scale benchmarks): these figures show that "
            "`scripts/bench-report.sh` works end to end, not how fast SceneCore is. Not to be committed.**", ""]
machine = (f"{run.get('cpus', '?')} ({run.get('virt', '?')}), {run.get('memory', '?')}, {run.get('os', '?')}, "
           f"Swift {run.get('swift', '?')}, {run.get('gl', '?')}")
out += [f"Measured by `scripts/bench-report.sh` on {run.get('start', '?')}–{run.get('end', '?')} UTC, commit "
        f"{run.get('commit', '?')}. Machine: {machine}; load average (1 min) {run.get('load_start', '?')} at the start, "
        f"{run.get('load_end', '?')} at the end. Release builds on one Xvfb, every system interleaved, unpaced, medians "
        f"of {run.get('rounds', '?')} round{'' if run.get('rounds') == '1' else 's'} of {run.get('seconds', '?')} s. A ratio is SceneCore's figure over the "
        f"peer's in the same run: for frame rates, above 1 is faster.", "",
        "| benchmark | command | SceneCore | / raw GL EGL | / raw GL GLX | / Qt Quick | / Clutter |",
        "|---|---|---|---|---|---|---|"]
out += ["| " + " | ".join(row) + " |" for row in rows] or ["| not run | | | | | | |"]
if skipped:
    out += ["", "Not run: " + "; ".join(skipped) + "."]
if scene_rows:
    out += ["", "Every demo scene paced at 60 Hz in a 960x600 window (`scripts/bench-apps.sh`, `bench --continuous`: "
            "a still scene presents every refresh too; the video scenes and the `*-bench` scenes have benchmarks of their own), "
            "alone, then the soak's four scenes in four windows at once:", "",
            "| scene | alone: fps | dropped | | scene | alone: fps | dropped |", "|---|---|---|---|---|---|---|"]
    alone = [r for r in scene_rows if r[1] == "scenes"]
    half = (len(alone) + 1) // 2
    for left, right in zip(alone[:half], alone[half:] + [None] * (2 * half - len(alone))):
        cells = [f"`{left[0]}`", f"{left[2]:.1f}", f"{left[3]:.0f}", ""]
        cells += [f"`{right[0]}`", f"{right[2]:.1f}", f"{right[3]:.0f}"] if right else ["", "", ""]
        out.append("| " + " | ".join(cells) + " |")
    soak = [r for r in scene_rows if r[1] == "soak"]
    if soak:
        out += ["", "Four windows at once: " + ", ".join(f"`{r[0]}` {r[2]:.1f} fps ({r[3]:.0f} dropped)" for r in soak) + "."]
out += ["", f"Micro-benchmarks (`cd Benchmarks && swift package benchmark`), the same run, p50 / p90 of up to 1,000 "
        f"iterations (3 s); the scale benchmarks are one pass each. The threshold check: {verdict}.", "",
        "| benchmark | wall clock | CPU time | allocations (p90) |", "|---|---|---|---|"]
for name in sorted(micro):
    m = micro[name]
    wall, cpu, allocations = m.get("wallClock"), m.get("CPU time (us)"), m.get("mallocCountTotal")
    steps = [(k[: -len(" CPU (us)")], v[1]) for k, v in m.items() if k.endswith(" CPU (us)")]
    if cpu:
        cpu_cell = f"{seconds(cpu[0] / 1e6)} / {seconds(cpu[1] / 1e6)}"
    else:
        order = ["build", "commit", "apply", "frame build", "hit-test"]
        steps.sort(key=lambda s: order.index(s[0]) if s[0] in order else len(order))
        resident = m.get("resident after hit-test (MB)")
        cpu_cell = ", ".join(f"{step} {seconds(us / 1e6)}" for step, us in steps) + (
            f"; {resident[1]:,} MB resident at the end" if resident else "")
    wall_cell = f"{seconds(wall[0] / 1e9)} / {seconds(wall[1] / 1e9)}" if wall else "—"
    out.append(f"| `{name}` | {wall_cell} | {cpu_cell or '—'} | {fmt(allocations[1], 0) if allocations else '—'} |")
if not micro:
    out.append("| not run | | | |")

text = open(report).read()
begin, end = "<!-- bench-report:begin -->", "<!-- bench-report:end -->"
head, rest = text.split(begin, 1)
tail = rest.split(end, 1)[1]
open(report, "w").write(head + begin + "\n" + "\n".join(out) + "\n" + end + tail)
print(f"bench-report: rewrote the table in {report} from {logs}")
PY
