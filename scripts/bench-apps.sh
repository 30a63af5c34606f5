#!/usr/bin/env bash
# Issue 36's measurements where applications live, SceneCore beside Qt Quick on one Xvfb, every
# system interleaved round by round (ROUNDS, default 3; SECONDS_ measured after a 2 s warm-up,
# default 4), release builds, then the medians and SceneCore's ratios:
#
#   paced     the stress scene at N = 1,000 and 10,000 and the feed, paced at 60 Hz: process CPU
#             per presented frame (Mesa's threads included) and the render thread's, dropped
#             frames; Qt Quick's CPU per frame unpaced (Xvfb has no vertical blank to pace it)
#   feed      1,000 cards scrolled at 2,000 points a second: unpaced frame rate, resident memory
#   drift     1,000 and 10,000 quads the app moves every frame: frames a second showing the
#             app's change and app-thread CPU per display-link callback (setters and commit); Qt
#             Quick moved from C++ and from QML (the GUI thread's CPU per frame)
#   start-up  process start to the first frame showing the scene: an empty window and the feed
#             (SceneCore and Qt Quick), the gallery (SceneCore); the headless renderer's first image
#   block     the content scene at 60 Hz while the app thread is blocked (busy) for 2 s: the
#             longest gap between frames then
#   scenes    every demo scene alone, paced, in a 960x600 window: frame rate and dropped frames
#             (SCENES names some instead), and the soak's four scenes in four windows at once
#
#   scripts/bench-apps.sh [PEERS_DIR]     (default ../shared/peers; PARTS="paced feed drift startup block scenes")
#
# Qt Quick runs Benchmarks/peers/qtquick-*.qml (and the peers' bench.qml) in Benchmarks/peers/
# qtbench.cpp, built here with Qt 5's development packages (qtdeclarative5-dev). Absolute figures
# move ±30 % between runs on a shared machine: compare the ratios. The effects beside Qt Quick's
# are scripts/compare-effects.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
peers=$(cd "${1:-../shared/peers}" && pwd)
ROUNDS=${ROUNDS:-3}
S=${SECONDS_:-4}
PARTS=${PARTS:-"paced feed drift startup block scenes"}
work=$(mktemp -d /tmp/bench-apps.XXXXXX)
swift build -c release --product demo-window >"$work/build.log" 2>&1 || { tail -5 "$work/build.log"; exit 1; }
bin=$(swift build -c release --show-bin-path)/demo-window
qt="$work/qtbench"
# shellcheck disable=SC2046 # pkg-config prints several flags
g++ -O2 -std=c++17 -fPIC $(pkg-config --cflags Qt5Quick Qt5Qml Qt5Gui Qt5Core) -o "$qt" Benchmarks/peers/qtbench.cpp \
  $(pkg-config --libs Qt5Quick Qt5Qml Qt5Gui Qt5Core)
cp Benchmarks/peers/qtquick-*.qml "$work/"
cp "$peers/qtquick/bench.qml" "$work/stress.qml"
python3 Benchmarks/peers/feed-assets.py "$work"
printf 'import QtQuick 2.12\nRectangle { width: 1280; height: 720; color: "black" }\n' >"$work/empty.qml"
scenes=${SCENES:-$("$bin" show --list 2>/dev/null | awk '{print $1}' | grep -v -e '^video' -e '-bench$' || true)}
out="$work/results.txt"

"$peers/tools/xvfb-run.sh" bash -c '
  set -u
  bin=$1 qt=$2 work=$3 S=$4 rounds=$5 out=$6 parts=$7 scenes=$8
  export vblank_mode=0 QSG_RENDER_LOOP=threaded
  # key=value fields of the last line naming them
  field() { sed -n "s/.* $1=\([0-9.e+-]*\).*/\1/p" | tail -1; }
  ours() { timeout 90 "$bin" bench --warmup 2 --seconds "$S" "$@" 2>/dev/null | grep "^bench=" || true; }
  theirs() { (cd "$work" && timeout 90 "$qt" --warmup 2 --seconds "$S" "$@" 2>/dev/null | grep "^bench=" || true); }
  started() { date +%s%N; }
  for round in $(seq "$rounds"); do
    case " $parts " in *" paced "*)
      for n in 1000 10000; do
        l=$(ours --scene stress --layers $n)
        echo "paced stress-$n scenecore fps $(echo "$l" | field fps) dropped $(echo "$l" | field dropped) render_ms $(echo "$l" | field render_cpu_ms) process_ms $(echo "$l" | awk "{for(i=1;i<=NF;i++){split(\$i,a,\"=\");v[a[1]]=a[2]}} END{print v[\"render_cpu_ms\"]+v[\"app_cpu_ms\"]+v[\"other_cpu_ms\"]}")" >>"$out"
        l=$(theirs --qml stress.qml --n $n)
        echo "paced stress-$n qtquick fps $(echo "$l" | field fps) process_ms $(echo "$l" | field process_cpu_ms)" >>"$out"
      done
      l=$(ours --scene feed)
      echo "paced feed scenecore fps $(echo "$l" | field fps) dropped $(echo "$l" | field dropped) render_ms $(echo "$l" | field render_cpu_ms) process_ms $(echo "$l" | awk "{for(i=1;i<=NF;i++){split(\$i,a,\"=\");v[a[1]]=a[2]}} END{print v[\"render_cpu_ms\"]+v[\"app_cpu_ms\"]+v[\"other_cpu_ms\"]}")" >>"$out"
      ;;
    esac
    case " $parts " in *" feed "*)
      l=$(ours --scene feed --unpaced)
      echo "feed unpaced scenecore fps $(echo "$l" | field fps) rss_mb $(echo "$l" | field rss_mb)" >>"$out"
      l=$(theirs --qml qtquick-feed.qml --n 1000)
      echo "feed unpaced qtquick fps $(echo "$l" | field fps) process_ms $(echo "$l" | field process_cpu_ms) rss_mb $(echo "$l" | field rss_mb)" >>"$out"
      ;;
    esac
    case " $parts " in *" drift "*)
      for n in 1000 10000; do
        l=$(ours --scene drift --layers $n --unpaced)
        echo "drift drift-$n scenecore fps $(echo "$l" | field update_fps) app_ms $(echo "$l" | field app_cpu_ms_per_tick) app_per_update_ms $(echo "$l" | field app_cpu_ms_per_update) render_ms $(echo "$l" | field render_cpu_ms)" >>"$out"
        l=$(theirs --qml qtquick-drift.qml --n $n --drive cpp)
        echo "drift drift-$n qtquick-cpp fps $(echo "$l" | field fps) app_ms $(echo "$l" | field gui_cpu_ms) setters_ms $(echo "$l" | field drive_ms)" >>"$out"
        l=$(theirs --qml qtquick-drift.qml --n $n --drive qml)
        echo "drift drift-$n qtquick-qml fps $(echo "$l" | field fps) app_ms $(echo "$l" | field gui_cpu_ms)" >>"$out"
      done
      ;;
    esac
    case " $parts " in *" startup "*)
      for scene in "stress --layers 0:empty" "feed:feed" "gallery --width 960 --height 600:gallery"; do
        t0=$(started)
        r=$(timeout 60 "$bin" bench --scene ${scene%%:*} --first-frame 2>/dev/null | field first_frame_realtime_ns)
        echo "startup ${scene##*:} scenecore ms $(( (${r:-$t0} - t0) / 1000000 ))" >>"$out"
      done
      for scene in "empty.qml:empty" "qtquick-feed.qml:feed"; do
        t0=$(started)
        r=$(cd "$work" && timeout 60 "$qt" --qml ${scene%%:*} --n 1000 --first-frame 2>/dev/null | field first_frame_realtime_ns)
        echo "startup ${scene##*:} qtquick ms $(( (${r:-$t0} - t0) / 1000000 ))" >>"$out"
      done
      r=$(timeout 60 "$bin" show --headless --scene gallery --output "$work/gallery.png" 2>/dev/null | sed -n "s/.*first image \([0-9.]*\) ms.*/\1/p")
      echo "startup headless scenecore ms ${r:-0}" >>"$out"
      ;;
    esac
    case " $parts " in *" block "*)
      l=$(timeout 90 "$bin" bench --scene content --width 960 --height 600 --warmup 2 --seconds "$(( S > 3 ? S : 3 ))" \
        --block-app-thread 2 2>/dev/null | grep "^bench=" || true)
      echo "block content scenecore gap_ms $(echo "$l" | field max_gap_ms_during_block) fps $(echo "$l" | field fps)" >>"$out"
      ;;
    esac
  done
  case " $parts " in *" scenes "*)
    for scene in $scenes; do
      l=$(timeout 90 "$bin" bench --scene "$scene" --continuous --width 960 --height 600 --warmup 1 --seconds "$S" 2>/dev/null | grep "^bench=" || true)
      echo "scenes $scene scenecore fps $(echo "$l" | field fps) dropped $(echo "$l" | field dropped)" >>"$out"
    done
    pids=()
    for scene in gallery animations content stress; do
      timeout 90 "$bin" bench --scene $scene --continuous --width 960 --height 600 --warmup 2 --seconds "$S" \
        >"$work/soak-$scene.txt" 2>/dev/null &
      pids+=($!)
    done
    wait "${pids[@]}" || true
    for scene in gallery animations content stress; do
      l=$(grep "^bench=" "$work/soak-$scene.txt" || true)
      echo "soak $scene scenecore fps $(echo "$l" | field fps) dropped $(echo "$l" | field dropped)" >>"$out"
    done
    ;;
  esac
' _ "$bin" "$qt" "$work" "$S" "$ROUNDS" "$out" "$PARTS" "$scenes"

cat "$out"
python3 - "$out" <<'PY'
import collections
import statistics as st
import sys

rows = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[1]):
    part, what, system, *pairs = line.split()
    for key, value in zip(pairs[::2], pairs[1::2]):
        try:
            rows[(part, what, system)][key].append(float(value))
        except ValueError:
            pass


def median(part, what, system, key):
    values = rows.get((part, what, system), {}).get(key, [])
    return st.median(values) if values else None


def ratio(a, b):
    return f"{a / b:.2f}x" if a is not None and b else "-"


print("medians; ratios are SceneCore's figure over Qt Quick's")
for n in ("1000", "10000"):
    w = f"stress-{n}"
    ours, qt = median("paced", w, "scenecore", "process_ms"), median("paced", w, "qtquick", "process_ms")
    if ours is not None:
        print(f"  paced stress N={n}: SceneCore {ours:.2f} ms CPU a frame at {median('paced', w, 'scenecore', 'fps'):.1f} fps"
              f" ({median('paced', w, 'scenecore', 'dropped'):.0f} dropped, render thread {median('paced', w, 'scenecore', 'render_ms'):.2f} ms);"
              f" Qt Quick {qt or 0:.2f} ms unpaced: {ratio(ours, qt)}")
ours = median("paced", "feed", "scenecore", "process_ms")
if ours is not None:
    qt = median("feed", "unpaced", "qtquick", "process_ms")
    print(f"  paced feed: SceneCore {ours:.2f} ms CPU a frame at {median('paced', 'feed', 'scenecore', 'fps'):.1f} fps"
          f" ({median('paced', 'feed', 'scenecore', 'dropped'):.0f} dropped); Qt Quick {qt or 0:.2f} ms unpaced: {ratio(ours, qt)}")
ours = median("feed", "unpaced", "scenecore", "fps")
if ours is not None:
    qt = median("feed", "unpaced", "qtquick", "fps")
    print(f"  feed unpaced: SceneCore {ours:.1f} fps, Qt Quick {qt or 0:.1f} fps: {ratio(ours, qt)};"
          f" resident {median('feed', 'unpaced', 'scenecore', 'rss_mb'):.0f} MB vs {median('feed', 'unpaced', 'qtquick', 'rss_mb') or 0:.0f} MB")
for n in ("1000", "10000"):
    w = f"drift-{n}"
    ours = median("drift", w, "scenecore", "fps")
    if ours is None:
        continue
    cpp, qml = median("drift", w, "qtquick-cpp", "fps"), median("drift", w, "qtquick-qml", "fps")
    app = median("drift", w, "scenecore", "app_ms")
    cpp_app, qml_app = median("drift", w, "qtquick-cpp", "app_ms"), median("drift", w, "qtquick-qml", "app_ms")
    print(f"  drift N={n}: SceneCore {ours:.1f} updates/s, app thread {app or 0:.2f} ms a callback;"
          f" Qt C++ {cpp or 0:.1f} fps, GUI {cpp_app or 0:.2f} ms ({ratio(ours, cpp)}, {ratio(app, cpp_app)});"
          f" Qt QML {qml or 0:.1f} fps, GUI {qml_app or 0:.2f} ms ({ratio(ours, qml)}, {ratio(app, qml_app)})")
gap = median("block", "content", "scenecore", "gap_ms")
if gap is not None:
    print(f"  content scene, app thread blocked 2 s: longest gap {gap:.1f} ms")
for what in ("empty", "feed", "gallery", "headless"):
    ours, qt = median("startup", what, "scenecore", "ms"), median("startup", what, "qtquick", "ms")
    if ours is not None:
        print(f"  start-up {what}: SceneCore {ours:.0f} ms" + (f", Qt Quick {qt:.0f} ms: {ratio(ours, qt)}" if qt else ""))
for (part, what, system), values in sorted(rows.items()):
    if part in ("scenes", "soak"):
        if values.get("fps"):
            print(f"  {part} {what}: {st.median(values['fps']):.1f} fps, {st.median(values.get('dropped', [0])):.0f} dropped")
PY
echo "bench-apps: the runs are in $out"
