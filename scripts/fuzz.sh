#!/usr/bin/env bash
# Runs the libFuzzer targets (Fuzz/) for a bounded time each, built into the AddressSanitizer
# build (scripts/sanitize.sh --build address: --sanitize=address and -sanitize=fuzzer, with the fuzz
# targets, which exist only when SCENECORE_FUZZ=1; see Package.swift), so one build serves the
# sanitized tests and the fuzzers, and every input runs under AddressSanitizer.
#
#   scripts/fuzz.sh [seconds per target]      default 60; CI runs it with 45, the targets side by side
#
# fuzz-image-decoder feeds bytes to CGImage.decode (PNG and JPEG); fuzz-commit reads bytes as a
# layer program (tree edits, property values, animations, commits, frames at chosen times) and
# runs it through the commit applier and the frame builder; fuzz-archive decodes bytes as a keyed
# archive through SecureUnarchiver (layers, animations, cells, filters, timing and value
# functions), seeded with archives of SceneCore's own objects that it writes itself
# (fuzz-archive --write-seeds DIR). Corpora grow in
# .build-asan/corpus/<target> and are kept between runs; a crash, an error, a sanitizer report or
# an input slower than 30 s leaves the input in .build-asan/artifacts/ and fails the script. Each
# target's main hands its fuzz function to libFuzzer's driver (LLVMFuzzerRunDriver, declared by
# Fuzz/CLibFuzzer). To replay an input:
#   .build-asan/debug/fuzz-commit .build-asan/artifacts/fuzz-commit-crash-...
# (SCENECORE_FUZZ_PRINT=1 makes fuzz-commit print the layer program an input stands for).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
scratch=.build-asan
targets=(fuzz-image-decoder fuzz-commit fuzz-archive)

./scripts/sanitize.sh --build address
for target in "${targets[@]}"; do
  test -x "$scratch/debug/$target" || { echo "fuzz.sh: the build has no $target" >&2; exit 1; }
done

# Seeds for the decoders: the reference PNGs, and a few kinds of PNG and JPEG made with
# ImageMagick when it is installed (scripts/install-deps.sh installs it).
seeds="$scratch/corpus/fuzz-image-decoder"
mkdir -p "$seeds" "$scratch/corpus/fuzz-commit" "$scratch/corpus/fuzz-archive" "$scratch/artifacts"
cp Tests/GLBackendTests/Reference/*.png "$seeds/"
if command -v convert >/dev/null; then
  convert -size 9x7 gradient:red-blue "$seeds/gradient.jpg"
  convert -size 9x7 gradient:red-blue -interlace Plane "$seeds/progressive.jpg"
  convert -size 9x7 gradient:red-blue -colorspace Gray "$seeds/gray.jpg"
  convert -size 9x7 gradient:red-blue -sampling-factor 4:2:0 -quality 50 "$seeds/subsampled.jpg"
  convert -size 9x7 gradient:red-blue -interlace PNG "$seeds/interlaced.png"
  convert -size 9x7 gradient:red-blue -depth 16 "$seeds/deep.png"
  convert -size 9x7 gradient:red-blue -type Palette "$seeds/palette.png"
  convert -size 9x7 gradient:none-blue "$seeds/alpha.png"
  convert -size 9x7 gradient:white-black -type Grayscale "$seeds/gray.png"
fi

# Leaks are not looked for, as in the sanitized tests (Tests/README.md, "Sanitizers").
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+ $ASAN_OPTIONS}"

# Seeds for the archive decoder: archives of layers, animations, cells and filters.
"$scratch/debug/fuzz-archive" --write-seeds "$scratch/corpus/fuzz-archive"
# The targets run side by side (each fuzzer is one thread; CI's machine has two cores, which
# the three fuzzers and CI's soak share).
pids=()
for target in "${targets[@]}"; do
  echo "fuzz.sh: $target for ${seconds}s"
  "$scratch/debug/$target" "$scratch/corpus/$target" -max_total_time="$seconds" -timeout=30 \
    -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1 -artifact_prefix="$scratch/artifacts/$target-" \
    2>"$scratch/$target.log" &
  pids+=($!)
done
status=0
for i in "${!targets[@]}"; do
  target=${targets[$i]}
  if ! wait "${pids[$i]}"; then
    status=1
    echo "fuzz.sh: $target found a problem; the input is in $scratch/artifacts/ and its log in $scratch/$target.log" >&2
    grep -v "SceneCore: \[SceneCore\]" "$scratch/$target.log" | tail -60 >&2
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$scratch/$target.log" | sed "s/^/fuzz.sh: $target /"
done
exit $status
