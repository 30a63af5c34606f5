#!/usr/bin/env bash
# Real-code harness (development only; CI does not run it: it needs downloaded code).
#
#   scripts/realcode/run.sh [--rev REV | --worktree] [--work DIR] [--out DIR] SRC_DIR...
#
# Each SRC_DIR holds public Core Animation code you downloaded (never committed; see
# sources.txt). Its name picks the driver: drivers/<name>.swift for a library (glue that
# instantiates the downloaded classes), none for a folder of playgrounds (every Contents.swift
# page is a program of its own and renders its live view). The script copies the Swift files into
# a scratch package that depends on SceneCore by path, swaps the Apple imports (see rewrite()),
# adds the UIKit stand-in (UIKitStandIn/) and a PlaygroundSupport stand-in, builds each program
# (a library's files that fail to compile are set aside one round at a time, so one bad file hides
# nothing else), renders every animation headlessly at RC_FRAMES (8) evenly spaced times over one
# cycle into a contact sheet, and writes OUT/report.md: compiles, runs, draws, animates, with the
# build errors summarised by cause and the messages SceneCore logged. A playground's Resources/
# folder is where `#imageLiteral` finds its images (RC_RESOURCES); a page that schedules work on
# the main queue or a timer is sampled live (RC_LIVE: the main run loop runs and frames are drawn
# at real times over RC_LIVE_SECONDS, 12 s). GameKit/ is a stand-in for GameKit's random sources.
#
#   --rev REV    build SceneCore as committed at REV (default HEAD), exported with git archive,
#                so edits in progress in the working tree do not affect the run
#   --worktree   build SceneCore from the working tree as it is
#   --work DIR   scratch package and build folder (default /tmp/realcode/work; reused, so a
#                second run rebuilds only what changed)
#   --out DIR    sheets, logs and report (default /tmp/realcode/out-<commit>[-shims])
#   --shims FILE add FILE to every program (known-gap-shims.swift: the spellings of gaps being
#                fixed, so that what happens at run time behind them shows; a second pass only)
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
rev=HEAD worktree=0 work=/tmp/realcode/work out="" shims=""
sources=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rev) rev="$2"; shift 2 ;;
        --worktree) worktree=1; shift ;;
        --work) work="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --shims) shims="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
        -h|--help) sed -n 2,27p "$0"; exit 0 ;;
        *) sources+=("$(cd "$1" && pwd)"); shift ;;
    esac
done
[ ${#sources[@]} -gt 0 ] || { echo "usage: $0 [--rev REV|--worktree] [--out DIR] SRC_DIR..." >&2; exit 2; }

if [ $worktree = 1 ]; then
    commit="$(git -C "$repo" rev-parse HEAD)+worktree"
    scenecore="$repo"
else
    commit="$(git -C "$repo" rev-parse "$rev")" || exit 2
    scenecore="$work/../scenecore-$commit"
    if [ ! -f "$scenecore/Package.swift" ]; then
        mkdir -p "$scenecore" && git -C "$repo" archive "$commit" | tar -x -C "$scenecore"
    fi
    scenecore="$(cd "$scenecore" && pwd)"
fi
pkgid="$(basename "$scenecore" | tr '[:upper:]' '[:lower:]')"
out="${out:-/tmp/realcode/out-${commit:0:12}${shims:+-shims}}"
rm -rf "$out"; mkdir -p "$out"
pkg="$work/pkg"
rm -rf "$pkg/Sources" "$work/excluded"; mkdir -p "$pkg/Sources"
cp -r "$here/UIKitStandIn" "$here/PlaygroundSupport" "$here/GameKit" "$pkg/Sources/"
mkdir -p "$pkg/Sources/RealCodeHarness" && cp "$here"/Harness/*.swift "$pkg/Sources/RealCodeHarness/"
[ -f "$pkg/Package.resolved" ] || cp "$repo/Package.resolved" "$pkg/" 2>/dev/null || true
echo "SceneCore $commit from $scenecore; scratch package $pkg; results $out"

# The import swap and the platform conditions that select UIKit code.
rewrite() {
    sed -E \
        -e 's/^([[:space:]]*)import[[:space:]]+(UIKit|Cocoa|AppKit)[[:space:]]*$/\1import SceneCore\n\1import UIKitStandIn/' \
        -e 's/^([[:space:]]*)import[[:space:]]+(QuartzCore|CoreGraphics|CoreAnimation|CoreText)[[:space:]]*$/\1import SceneCore/' \
        -e 's/canImport\(UIKit\)/true/g; s/os\(iOS\)/true/g' \
        "$1"
}

targets=()    # name|kind|srcdir|label
manifest_targets=""
add_target() {  # name, defines
    local defines=""
    for d in $2; do defines+=".define(\"$d\"), "; done
    manifest_targets+="        .executableTarget(name: \"$1\", dependencies: deps, swiftSettings: [${defines}.unsafeFlags([\"-suppress-warnings\"])]),
"
}
slug() { echo "$1" | sed -E 's/\.xcplaygroundpage|\.playground//g; s/[^A-Za-z0-9]+/_/g; s/^_+|_+$//g'; }

for src in "${sources[@]}"; do
    name="$(slug "$(basename "$src")")"
    if [ -n "$(find "$src" -name Contents.swift -print -quit)" ]; then  # (not find | grep -q: with pipefail, find's SIGPIPE made it fail now and then)
        # Playgrounds: one program per page, with the playground's Sources/ files.
        while IFS= read -r page; do
            pg="$(dirname "$page")"
            playground="$pg"; while [[ "$playground" != *.playground && "$playground" != "$src" ]]; do playground="$(dirname "$playground")"; done
            label="$(slug "${pg#$src/}")"; [ -n "$label" ] || label="$name"
            t="${name}__${label}"
            mkdir -p "$pkg/Sources/$t"
            { echo "import RealCodeHarness"; rewrite "$page"; printf '\nRealCodeHarness.finishPlayground()\n'; } > "$pkg/Sources/$t/main.swift"
            cp "$here/drivers/legacy-names.swift" "$pkg/Sources/$t/RCLegacyNames.swift"
            [ -z "$shims" ] || cp "$shims" "$pkg/Sources/$t/RCShims.swift"
            if [ -d "$playground/Sources" ]; then
                for f in "$playground"/Sources/*.swift; do [ -f "$f" ] && rewrite "$f" > "$pkg/Sources/$t/$(basename "$f")"; done
            fi
            # A page that schedules work on the main queue or a timer is sampled live.
            live=0; grep -qE 'asyncAfter|DispatchQueue\.main\.async|Timer\.|CADisplayLink' "$page" && live=1
            targets+=("$t|playground|$src|$label|$playground/Resources|$live")
        done < <(find "$src" -name Contents.swift | sort)
    else
        driver="$here/drivers/$name.swift"
        [ -f "$driver" ] || { echo "no driver $driver for $src: not run" >&2; continue; }
        mkdir -p "$pkg/Sources/$name"
        while IFS= read -r f; do
            rewrite "$f" > "$pkg/Sources/$name/$(basename "$f")"
        done < <(find "$src" -name '*.swift' | sort)
        cp "$driver" "$pkg/Sources/$name/main.swift"
        cp "$here/drivers/legacy-names.swift" "$pkg/Sources/$name/RCLegacyNames.swift"
        [ -z "$shims" ] || cp "$shims" "$pkg/Sources/$name/RCShims.swift"
        targets+=("$name|library|$src|$name")
    fi
done

write_manifest() {
    local e mt mkind d mf b
    manifest_targets=""
    for e in "${targets[@]}"; do
        IFS='|' read -r mt mkind _ _ <<< "$e"
        d=""
        if [ "$mkind" = library ]; then
            for mf in "$pkg/Sources/$mt"/*.swift; do
                b="$(basename "$mf" .swift)"; [ "$b" = main ] || [ "$b" = RCLegacyNames ] || [ "$b" = RCShims ] || d+=" RC_HAS_$(slug "$b")"
            done
        fi
        add_target "$mt" "$d"
    done
    cat > "$pkg/Package.swift" <<EOF
// swift-tools-version:6.1
// Generated by scripts/realcode/run.sh: downloaded code against SceneCore $commit.
import PackageDescription
let deps: [Target.Dependency] = [
    .product(name: "SceneCore", package: "$pkgid"), .product(name: "GLBackend", package: "$pkgid"),
    "UIKitStandIn", "PlaygroundSupport", "GameKit", "RealCodeHarness",
]
let package = Package(
    name: "realcode",
    dependencies: [.package(path: "$scenecore")],
    targets: [
        .target(name: "UIKitStandIn", dependencies: [.product(name: "SceneCore", package: "$pkgid")]),
        .target(name: "PlaygroundSupport"),
        .target(name: "GameKit"),
        .target(name: "RealCodeHarness", dependencies: [
            .product(name: "SceneCore", package: "$pkgid"), .product(name: "GLBackend", package: "$pkgid"),
            "UIKitStandIn", "PlaygroundSupport"]),
$manifest_targets    ],
    swiftLanguageModes: [.v5]
)
EOF
}

build() {  # target, log -> status
    (cd "$pkg" && swift build -j 2 --product "$1") > "$2" 2>&1
}

# Build the shared part first (SceneCore, GLBackend, stand-ins, harness).
write_manifest
(cd "$pkg" && swift build -j 2 --target RealCodeHarness) > "$out/build-harness.log" 2>&1 \
    || { echo "the harness itself does not build: $out/build-harness.log" >&2; tail -30 "$out/build-harness.log" >&2; exit 1; }

mkdir -p "$out/logs"
: > "$out/results.tsv"   # target kind label file-or-anim compiles runs draws animates note
for entry in "${targets[@]}"; do
    IFS='|' read -r t kind src label resources live <<< "$entry"
    echo "== $t"
    round=0
    : > "$out/logs/$t.excluded"; : > "$out/logs/$t.attributed"
    while true; do
        build "$t" "$out/logs/$t.build.$round.log" && break
        if [ "$kind" = playground ]; then break; fi
        # Set aside the library files that failed (not the driver) and try again.
        failing="$(grep -E "^$pkg/Sources/$t/[^/]+\.swift:[0-9]+:[0-9]+: error:" "$out/logs/$t.build.$round.log" \
            | sed -E "s|^$pkg/Sources/$t/([^/:]+)\.swift:.*|\1|" | grep -vx 'main\|RCLegacyNames\|RCShims' | sort -u)"
        [ -n "$failing" ] && [ $round -lt 8 ] || break
        for f in $failing; do
            first="$(grep -E "^$pkg/Sources/$t/$f\.swift:[0-9]+:[0-9]+: error:" "$out/logs/$t.build.$round.log" | awk '!seen[$0]++' | head -3 \
                | sed -E 's|^[^:]+:([0-9]+):[0-9]+: error: |line \1: |' | tr '\n' '\t')"
            printf '%s\t%s\n' "$f" "$first" >> "$out/logs/$t.excluded"
            mkdir -p "$work/excluded/$t" && mv "$pkg/Sources/$t/$f.swift" "$work/excluded/$t/"
        done
        round=$((round + 1))
        write_manifest
    done
    log="$out/logs/$t.build.$round.log"
    exe="$pkg/.build/debug/$t"
    if ! grep -qE "Build (of product '[^']+' )?complete" "$log"; then
        first="$(grep -E "^/[^ ]+:[0-9]+:[0-9]+: error:|^error:" "$log" | awk '!seen[$0]++' | head -3 | sed -E 's|^[^:]+/([^/:]+):([0-9]+):[0-9]+: error: |\1:\2: |' | tr '\n' '\t')"
        printf '%s\t%s\t%s\t%s\tno\t-\t-\t-\t%s\n' "$t" "$kind" "$src" "$label" "$first" >> "$out/results.tsv"
        continue
    fi
    if [ "$kind" = playground ]; then
        names=("$label")
    else
        mapfile -t names < <("$exe" --list 2>/dev/null)
    fi
    mkdir -p "$out/$t"
    for entry2 in "${names[@]}"; do
        n="${entry2%%$'\t'*}"
        if [[ "$entry2" == *$'\t!'* ]]; then
            f="${entry2##*$'\t!'}"
            errs="$(grep -E "^$f"$'\t' "$out/logs/$t.excluded" | cut -f2- | head -1)"
            printf '%s\t%s\t%s\t%s\tno\t-\t-\t-\t%s: %s\n' "$t" "$kind" "$src" "$n" "$f" "$errs" >> "$out/results.tsv"
            echo "$f" >> "$out/logs/$t.attributed"
            continue
        fi
        if [ "$kind" = playground ]; then
            (cd "$out/$t" && RC_OUT="$out/$t" RC_NAME="$n" RC_RESOURCES="$resources" RC_LIVE="$live" timeout 120 "$exe") > "$out/logs/$t.$n.log" 2>&1
        else
            (cd "$out/$t" && RC_OUT="$out/$t" timeout 120 "$exe" --only "$n") > "$out/logs/$t.$n.log" 2>&1
        fi
        rc=$?
        msgs="$(grep -iE "warning|error|fatal|refused|cannot|not supported|ignored" "$out/logs/$t.$n.log" \
            | sed -E 's/^[0-9T:.+-]+ //; s/^\[[^]]*\] ?//' | sort | uniq -c | sort -rn | head -3 \
            | sed -E 's/^ *([0-9]+) /\1x /' | cut -c1-240 | tr '\n' '\t')"
        json="$out/$t/$n.json"
        if [ -f "$json" ]; then
            read -r runs draws animates note < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); y=lambda k: "yes" if d.get(k) else "no"; print(y("runs"), y("draws"), y("animates"), d.get("note","").replace(" ","_") or "-")' "$json")
            [ "$note" = "-" ] && note="" || note="${note//_/ }; "
        else
            runs=no draws=- animates=- note="exit $rc: $(tail -2 "$out/logs/$t.$n.log" | tr '\n' ' ' | cut -c1-200); "
        fi
        printf '%s\t%s\t%s\t%s\tyes\t%s\t%s\t%s\t%s%s\n' "$t" "$kind" "$src" "$n" "$runs" "$draws" "$animates" "$note" "$msgs" >> "$out/results.tsv"
    done
    # Set-aside files that no animation names (shared code) are listed on rows of their own.
    touch "$out/logs/$t.attributed"
    while IFS=$'\t' read -r f errs; do
        [ -n "$f" ] && ! grep -qx "$f" "$out/logs/$t.attributed" && printf '%s\t%s\t%s\tfile %s\tno\t-\t-\t-\t%s\n' "$t" "$kind" "$src" "$f" "$errs" >> "$out/results.tsv"
    done < "$out/logs/$t.excluded"
done

python3 "$here/report.py" "$out" "$commit${shims:+ with $(basename "$shims")}" > "$out/report.md"
echo "report: $out/report.md"
