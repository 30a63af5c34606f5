#!/usr/bin/env bash
# Particles beside Qt Quick Particles, interleaved on one Xvfb, unpaced: SceneCore's
# `emitter-bench` scene (one CAEmitterLayer keeping 10,000 particles alive: 5,000 born a second,
# 2 s each, 6 px dots) against the peers' qsgbench running Benchmarks/peers/qtquick-particles.qml
# (the same emitter in QtQuick.Particles, --n 10000 live particles), both 1280x720.
#   scripts/compare-particles.sh PEERS_DIR
# PEERS_DIR is a built copy of ../shared/peers (its setup.sh run; qsgbench needs
# qml-module-qtquick-particles2). ROUNDS=3, SECONDS_=8.
# Prints one line per run (fps, render-thread CPU ms per frame, whole-process CPU ms per frame),
# then the medians. Both are measured the same way, from /proc while the program runs, between
# 4 s and 9 s after it starts (inside the measured window of both, which begins 2 s after the
# first frame): the render thread (SceneCoreRender; QSGRenderThread) and the whole process (with
# Mesa's rasteriser threads, and Qt's GUI thread, which simulates Qt's particles), divided by
# fps x the time between the two readings.
set -u
[ $# -ge 1 ] || { sed -n 2,14p "$0"; exit 2; }
peers=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-3}; S=${SECONDS_:-8}
[ "$S" -ge 8 ] || { echo "SECONDS_ must be at least 8 (Qt's CPU is read 4 s to 9 s after its start)"; exit 2; }
dpkg-query -W -f='${Status}' qml-module-qtquick-particles2 2>/dev/null | grep -q "install ok installed" \
  || { echo "compare-particles: install qml-module-qtquick-particles2 first"; exit 1; }
swift build -c release --product demo-window >/tmp/particles-build.log 2>&1 || { tail -3 /tmp/particles-build.log; exit 1; }
bin=$(swift build -c release --show-bin-path)/demo-window
out=/tmp/particles-$(date +%s).txt
"$peers/tools/xvfb-run.sh" bash -c '
  bin=$1 peers=$2 repo=$3 S=$4 rounds=$5 out=$6
  export vblank_mode=0 QSG_RENDER_LOOP=threaded
  tick=$(getconf CLK_TCK)
  # CPU seconds of /proc/PID/task/TID (or of the whole process for TID "all").
  cpu() { local f=/proc/$1/stat; [ "$2" = all ] || f=/proc/$1/task/$2/stat
    awk -v t=$tick "{ sub(/.*\\) /, \"\"); print (\$12 + \$13) / t }" $f 2>/dev/null; }
  # The id of the thread of process $1 named $2.
  thread_id() { for t in /proc/$1/task/*; do
    [ "$(cat $t/comm 2>/dev/null)" = "$2" ] && { basename $t; return; }; done; }
  # Runs "$@" in the background, its output to file $2, and prints the CPU seconds of its thread
  # named $1 and of the whole process, 4 s and 9 s after its start, and the times of the readings.
  measure() { local thread=$1 output=$2; shift 2
    "$@" > $output 2>/dev/null & local child=$!
    sleep 0.5
    local pid=$(pgrep -n -P $child || echo $child); [ -d /proc/$pid/task ] || pid=$child
    sleep 3.5
    local tid=$(thread_id $pid $thread); local r0=$(cpu $pid $tid) p0=$(cpu $pid all) t0=$(date +%s.%N)
    sleep 5
    local r1=$(cpu $pid $tid) p1=$(cpu $pid all) t1=$(date +%s.%N)
    wait $child
    echo "${r0:-0} ${r1:-0} ${p0:-0} ${p1:-0} $t0 $t1"; }
  # fps and the readings of measure as: fps, render-thread and process CPU ms per frame.
  per_frame() { python3 -c "import sys; fps, r0, r1, p0, p1, t0, t1 = map(float, sys.argv[1:]); frames = max(fps * (t1 - t0), 1); print(fps, 1000 * (r1 - r0) / frames, 1000 * (p1 - p0) / frames)" "$@"; }
  for r in $(seq $rounds); do
    rm -f /tmp/particles.json
    m=$(measure SceneCoreRender /dev/null timeout 60 "$bin" bench --scene emitter-bench --seconds $S --unpaced \
      --json /tmp/particles.json)
    fps=$(python3 -c "import json; print(json.load(open(\"/tmp/particles.json\"))[\"fps\"])" 2>/dev/null)
    echo "scenecore $(per_frame ${fps:-0} $m)" >> $out
    cd "$peers/qtquick"
    m=$(measure QSGRenderThread /tmp/particles-qt.txt timeout 60 ./qsgbench \
      --qml "$repo/Benchmarks/peers/qtquick-particles.qml" --n 10000 --warmup 2 --seconds $S)
    cd - >/dev/null
    fps=$(sed -n "s/.* fps=\([0-9.]*\).*/\1/p" /tmp/particles-qt.txt | tail -1)
    echo "qtquick $(per_frame ${fps:-0} $m)" >> $out
  done' _ "$bin" "$peers" "$repo" "$S" "$ROUNDS" "$out"
cat "$out"
python3 - "$out" <<'PY'
import sys, statistics as st, collections
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    system, *numbers = line.split()
    d[system].append([float(n) for n in numbers])
print("medians: fps, render-thread CPU ms/frame, process CPU ms/frame")
for system in ("scenecore", "qtquick"):
    rows = d.get(system, [[0, 0, 0]])
    print(f"  {system:10} " + "  ".join(f"{st.median(r[i] for r in rows):8.2f}" for i in range(3)))
PY
