#!/usr/bin/env bash
# Issue 16's table in one command: SceneCore's stress scene (every quad turned by a render-thread
# animation, unpaced) interleaved with raw GL (EGL and GLX), Qt Quick and Clutter on one Xvfb, at
# N = 100, 1,000 and 10,000, then with rounded corners (radius 8) at N = 100 and 1,000; each prints
# its runs and the median ratios of SceneCore to each peer. Also the damage benchmark: the
# spinner scene with frames limited to what changed, and drawn whole; and resident memory per
# layer beside Qt Quick and raw GL (scripts/bench-memory.sh).
#
#   scripts/bench-peers.sh [PEERS_DIR]     (default ../shared/peers; ROUNDS, SECONDS_ as the peers' script)
#
# Builds demo-window in release (the peers' script does); the peers are built by their setup.sh
# when missing. Absolute figures move ±30 % between runs on a shared machine: compare the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
peers=${1:-../shared/peers}
[ -x "$peers/compare_scenecore.sh" ] || { echo "bench-peers.sh: no $peers/compare_scenecore.sh" >&2; exit 2; }
"$peers/compare_scenecore.sh" 100 1000 10000
RADIUS=8 "$peers/compare_scenecore.sh" 100 1000
bin=$(swift build -c release --show-bin-path)/demo-window
echo "damage: the spinner scene (1,000 still quads, one spinner), unpaced"
"$peers/tools/xvfb-run.sh" bash -c '
  for mode in "" --whole-frames; do
    vblank_mode=0 "$1" bench --scene spinner --layers 1000 --seconds "${SECONDS_:-5}" --unpaced $mode 2>/dev/null \
      | grep "^bench=" | sed "s/^/${mode:-damage-limited} /"
  done' _ "$bin"
scripts/bench-memory.sh "$peers"
