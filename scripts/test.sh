#!/usr/bin/env bash
# The tests as CI runs them (`.ci/run`), in three groups that share the processors fairly:
#
#   scripts/test.sh                  build the tests, then run all three groups in turn
#   scripts/test.sh fast|scale|window [...]   run those groups of an existing build
#
#   fast    every suite in parallel, less the window tests and the scale suites
#   scale   the suites tagged .scale (they hold the processors or the layer lock for seconds),
#           one at a time
#   window  the window tests, each on an Xvfb of its own, one at a time
#
# All suites run in one process. The window tests count the threads and descriptors the whole
# process holds, and the media and timing tests measure against the wall clock: run beside
# everything else (a plain `swift test`), players' threads and a loaded machine make them fail
# although nothing is wrong. Fails at the first group that fails.
set -euo pipefail
cd "$(dirname "$0")/.."
scale=$(scripts/suites.sh scale)
run() {
  case $1 in
  fast) swift test --skip-build --skip WindowTests --skip "$scale" ;;
  scale) swift test --skip-build --no-parallel --filter "$scale" ;;
  window) swift test --skip-build --filter WindowTests ;;
  *)
    echo "test.sh: unknown group '$1' (fast, scale or window)" >&2
    return 2
    ;;
  esac
}
if [ $# -eq 0 ]; then
  swift build --build-tests
  set -- fast scale window
fi
for group in "$@"; do
  echo "test.sh: $group"
  run "$group"
done
