#!/usr/bin/env bash
# Builds the tests under a sanitizer and runs the SceneCoreTests and GLBackendTests targets with it.
#
#   ./scripts/sanitize.sh thread     # ThreadSanitizer, built into .build-tsan
#   ./scripts/sanitize.sh address    # AddressSanitizer, built into .build-asan
#
# Fails when the build or a test fails, or when the sanitizer reports anything: the sanitizer is
# told to end the process on its first report, and the output is searched for reports as well.
# Nothing is suppressed; leaks are not checked (Tests/README.md, "Sanitizers", says why).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: $0 thread|address" >&2
  exit 2
}
[ $# -eq 1 ] || usage
sanitizer=$1
case "$sanitizer" in
  thread)
    scratch=.build-tsan
    report="WARNING: ThreadSanitizer"
    scale=10
    export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
    ;;
  address)
    scratch=.build-asan
    report="ERROR: AddressSanitizer"
    scale=5
    export ASAN_OPTIONS="halt_on_error=1 exitcode=66 detect_leaks=0 detect_stack_use_after_return=1${ASAN_OPTIONS:+ $ASAN_OPTIONS}"
    ;;
  *) usage ;;
esac
# Sanitized code runs several times slower: stretch the tests' deadlines and time budgets.
export SCENECORE_TEST_TIME_SCALE=$scale

echo "sanitize.sh: building the tests with --sanitize=$sanitizer into $scratch"
swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1

echo "sanitize.sh: running SceneCoreTests and GLBackendTests under --sanitize=$sanitizer"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" \
  --filter '^(SceneCoreTests|GLBackendTests)\.' 2>&1 | tee "$log" || status=$?
if grep -q -e "$report" -e "SUMMARY: ThreadSanitizer" -e "SUMMARY: AddressSanitizer" "$log"; then
  echo "sanitize.sh: $sanitizer sanitizer reported a problem (see above)" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "sanitize.sh: the tests failed under --sanitize=$sanitizer (exit status $status)" >&2
  exit "$status"
fi
echo "sanitize.sh: SceneCoreTests and GLBackendTests clean under --sanitize=$sanitizer"
