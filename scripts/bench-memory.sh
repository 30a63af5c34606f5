#!/usr/bin/env bash
# Resident memory per layer, SceneCore beside the peers, in one run on one Xvfb: each program draws
# the stress scene (N rotating quads, unpaced) and its resident set (VmRSS) is read after
# SETTLE_ seconds; the cost of a layer is (RSS(N = 10,000) - RSS(N = 1,000)) / 9,000, issue 16's
# measure. Rounds alternate the programs; the table gives the medians.
#
#   scripts/bench-memory.sh [PEERS_DIR]     (default ../shared/peers; ROUNDS=2, SETTLE_=4)
#
# Builds demo-window in release; the peers are built by their setup.sh when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
peers=$(cd "${1:-../shared/peers}" && pwd)
ROUNDS=${ROUNDS:-2}
SETTLE=${SETTLE_:-4}
swift build -c release --product demo-window >/tmp/bench-memory-build.log 2>&1 || {
    tail -3 /tmp/bench-memory-build.log
    exit 1
}
bin=$(swift build -c release --show-bin-path)/demo-window
[ -x "$peers/rawgl/rawgl" ] && [ -x "$peers/qtquick/qsgbench" ] || (cd "$peers" && ./setup.sh >/tmp/bench-memory-peers.log 2>&1)
out=$(mktemp)
"$peers/tools/xvfb-run.sh" bash -c '
  bin=$1 peers=$2 settle=$3 rounds=$4 out=$5
  export vblank_mode=0
  # Starts a program in the background (in directory $1), reads its VmRSS after the settle time, stops it.
  rss() {
    local dir=$1; shift
    (cd "$dir" && exec "$@") >/dev/null 2>&1 &
    local pid=$!
    sleep "$settle"
    local kb; kb=$(awk "/^VmRSS:/ {print \$2}" /proc/$pid/status 2>/dev/null || echo 0)
    kill $pid 2>/dev/null; wait $pid 2>/dev/null || true
    echo "${kb:-0}"
  }
  seconds=$((settle + 5))
  for r in $(seq "$rounds"); do for n in 1000 10000; do
    echo "scenecore $n $(rss . "$bin" bench --scene stress --layers $n --seconds $seconds --unpaced)" >>"$out"
    echo "qtquick $n $(QSG_RENDER_LOOP=threaded rss "$peers/qtquick" ./qsgbench --qml bench.qml --n $n --mode animator --warmup 1 --seconds $seconds)" >>"$out"
    echo "rawgl-glx $n $(rss . "$peers/rawgl/rawgl" --mode instanced --glx --n $n --warmup 1 --seconds $seconds)" >>"$out"
  done; done' _ "$bin" "$peers" "$SETTLE" "$ROUNDS" "$out"
cat "$out"
python3 - "$out" <<'PY'
import sys, statistics as st, collections
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, n, kb = line.split()
    d[(name, int(n))].append(int(kb) / 1024)
print("resident memory, median MB at N = 1,000 and 10,000, and KB a layer ((10,000 - 1,000) / 9,000)")
for name in ("scenecore", "qtquick", "rawgl-glx"):
    small, large = st.median(d[(name, 1000)]), st.median(d[(name, 10000)])
    print(f"  {name}: {small:.1f} MB, {large:.1f} MB, {(large - small) * 1024 / 9000:.2f} KB a layer")
PY
rm -f "$out"
