#!/usr/bin/env bash
# Effects beside Qt Quick, interleaved on one Xvfb, unpaced fps: SceneCore's stress scene with
# `--effect E` (render-thread rotation animations) against the peers' qsgbench running
# Benchmarks/peers/qtquick-E.qml (the same scene with Qt Quick's own effect).
#   scripts/compare-effects.sh PEERS_DIR [N ...]      (default N: 100 1000)
# PEERS_DIR is a built copy of ../shared/peers (its setup.sh run; qsgbench needs
# qml-module-qtgraphicaleffects). EFFECTS="none mask shadow shadow-path" (also: gradient, shape, blur, glass; shape needs qml-module-qtquick-shapes), ROUNDS=2, SECONDS_=5.
# Prints one line per run, then the medians and SceneCore's ratio to Qt Quick for each effect.
set -u
[ $# -ge 1 ] || { sed -n 2,8p "$0"; exit 2; }
peers=$(cd "$1" && pwd); shift
repo=$(cd "$(dirname "$0")/.." && pwd)
ns=("$@"); [ ${#ns[@]} -gt 0 ] || ns=(100 1000)
EFFECTS=${EFFECTS:-"none mask shadow shadow-path"}; ROUNDS=${ROUNDS:-2}; S=${SECONDS_:-5}
swift build -c release --product demo-window >/tmp/effects-build.log 2>&1 || { tail -3 /tmp/effects-build.log; exit 1; }
bin=$(swift build -c release --show-bin-path)/demo-window
out=/tmp/effects-$(date +%s).txt
"$peers/tools/xvfb-run.sh" bash -c '
  bin=$1 peers=$2 repo=$3 S=$4 rounds=$5 out=$6 effects=$7; shift 7
  export vblank_mode=0
  fps() { sed -n "s/.* fps=\([0-9.]*\).*/\1/p" | tail -1; }
  for n in "$@"; do for r in $(seq $rounds); do for e in $effects; do
    v=$(timeout 60 "$bin" bench --scene stress --layers $n --effect $e --seconds $S --unpaced --animation explicit --json /tmp/effects.json >/dev/null 2>&1; python3 -c "import json;print(json.load(open(\"/tmp/effects.json\"))[\"fps\"])" 2>/dev/null)
    echo "scenecore $e $n ${v:-0}" >> $out
    qml=$peers/qtquick/bench.qml
    case $e in mask) qml=$repo/Benchmarks/peers/qtquick-mask.qml ;; shadow*) qml=$repo/Benchmarks/peers/qtquick-shadow.qml ;;
      gradient) qml=$repo/Benchmarks/peers/qtquick-gradient.qml ;; shape) qml=$repo/Benchmarks/peers/qtquick-shape.qml ;;
      blur) qml=$repo/Benchmarks/peers/qtquick-blur.qml ;; glass) qml=$repo/Benchmarks/peers/qtquick-glass.qml ;; esac
    v=$(cd "$peers/qtquick" && QSG_RENDER_LOOP=threaded timeout 60 ./qsgbench --qml "$qml" --n $n --mode animator --warmup 2 --seconds $S 2>/dev/null | fps)
    echo "qtquick $e $n ${v:-0}" >> $out
  done; done; done' _ "$bin" "$peers" "$repo" "$S" "$ROUNDS" "$out" "$EFFECTS" "${ns[@]}"
cat "$out"
python3 - "$out" <<'PY'
import sys, statistics as st, collections
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    system, effect, n, fps = line.split()
    d[(system, effect, int(n))].append(float(fps))
print("median fps; SceneCore / Qt Quick")
for (system, effect, n) in sorted(k for k in d if k[0] == "scenecore"):
    ours = st.median(d[(system, effect, n)])
    qt = st.median(d.get(("qtquick", effect, n), [0]))
    print(f"  {effect:12} N={n:6}: scenecore {ours:8.1f}  qtquick {qt:8.1f}  ({ours / qt if qt else 0:.2f}x)")
PY
