#!/usr/bin/env bash
# Builds the tests under a sanitizer and runs them with it.
#
#   ./scripts/sanitize.sh thread          # ThreadSanitizer, built into .build-tsan: the suites
#                                         # tagged Tag.threads (scripts/suites.sh threads)
#   ./scripts/sanitize.sh address         # AddressSanitizer, built into .build-asan: every test
#                                         # of SceneCoreTests and GLBackendTests
#   ./scripts/sanitize.sh --build address # only the build (scripts/fuzz.sh runs its fuzzers)
#
# The AddressSanitizer build is also the fuzzers' build: it adds libFuzzer's coverage
# instrumentation and the fuzz targets (SCENECORE_FUZZ=1, Package.swift), so one build serves
# the tests and scripts/fuzz.sh, and the fuzzers run with AddressSanitizer.
# Fails when the build or a test fails, or when the sanitizer reports anything: the sanitizer is
# told to end the process on its first report, and the output is searched for reports as well.
# Nothing is suppressed; leaks are not checked (Tests/README.md, "Sanitizers", says why).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: $0 [--build] thread|address" >&2
  exit 2
}
build_only=false
if [ "${1:-}" = "--build" ]; then
  build_only=true
  shift
fi
[ $# -eq 1 ] || usage
sanitizer=$1
skip=""
case "$sanitizer" in
  thread)
    scratch=.build-tsan
    sanitizers=(--sanitize=thread)
    filter=$(scripts/suites.sh threads)
    report="WARNING: ThreadSanitizer"
    scale=10
    export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
    ;;
  address)
    scratch=.build-asan
    # The modules the fuzzers run are instrumented for libFuzzer's coverage, and the fuzz
    # targets alone linked with libFuzzer (SCENECORE_FUZZ=1, Package.swift).
    sanitizers=(--sanitize=address)
    resources=$(swiftc -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
    SCENECORE_LIBFUZZER=$(find "$resources/../clang" -path '*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a' | head -n 1)
    export SCENECORE_FUZZ=1 SCENECORE_LIBFUZZER
    filter='^(SceneCoreTests|GLBackendTests)\.'
    # Not the suites tagged .scale: they measure scale (minutes under AddressSanitizer, run in
    # parallel here), not memory safety, which the other suites and the fuzzers cover.
    skip=$(scripts/suites.sh scale)
    report="ERROR: AddressSanitizer"
    scale=5
    export ASAN_OPTIONS="halt_on_error=1 exitcode=66 detect_leaks=0 detect_stack_use_after_return=1${ASAN_OPTIONS:+ $ASAN_OPTIONS}"
    ;;
  *) usage ;;
esac

# Only the SceneCore and GLBackend tests run sanitized: the build leaves out the demo and the
# other test targets, and under ThreadSanitizer the test files without a thread suite (Package.swift).
export SCENECORE_SANITIZE=$sanitizer
echo "sanitize.sh: building the tests with ${sanitizers[*]} into $scratch"
swift build --build-tests "${sanitizers[@]}" --scratch-path "$scratch" 2>&1
$build_only && exit 0

# Sanitized code runs several times slower: stretch the tests' deadlines and time budgets.
export SCENECORE_TEST_TIME_SCALE=$scale
echo "sanitize.sh: running $filter under --sanitize=$sanitizer"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test --skip-build "${sanitizers[@]}" --scratch-path "$scratch" --filter "$filter" ${skip:+--skip "$skip"} 2>&1 \
  | tee "$log" || status=$?
if grep -q -e "$report" -e "SUMMARY: ThreadSanitizer" -e "SUMMARY: AddressSanitizer" "$log"; then
  echo "sanitize.sh: $sanitizer sanitizer reported a problem (see above)" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "sanitize.sh: the tests failed under --sanitize=$sanitizer (exit status $status)" >&2
  exit "$status"
fi
echo "sanitize.sh: $filter clean under --sanitize=$sanitizer"
