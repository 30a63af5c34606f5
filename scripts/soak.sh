#!/usr/bin/env bash
# The soak (issue 12): the gallery, animations, content and stress scenes, each in a window of
# its own (four demo-window processes on one private Xvfb), presenting every refresh for
# MINUTES minutes (default 10). Each process's resident memory, threads, file descriptors and
# GL textures are sampled every SOAK_SAMPLE_INTERVAL seconds (default 10, or 5 for runs under
# five minutes). The first third of the run, at most a minute, is warm-up. After it a scene
# fails when its resident memory rises by more than SOAK_MAX_RSS_GROWTH_MB (default 32; the
# median of the last third of the samples against that of the first), or its threads (not
# counting Dispatch's workers, which come and go), descriptors or textures rise at all. Each
# scene's log and JSON go to SOAK_OUTPUT (default .build/soak). SOAK_SCENES names other
# scenes to soak instead, e.g. the emitter trail and the long-lived emitter (issue 33):
#
#   scripts/soak.sh [minutes]       (DEMO=path/to/demo-window runs another build)
#   SOAK_SCENES="emitter-trail emitter-long-lived" scripts/soak.sh 10
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-10}"
bound="${SOAK_MAX_RSS_GROWTH_MB:-32}"
output="${SOAK_OUTPUT:-.build/soak}"
demo="${DEMO:-.build/debug/demo-window}"
total=$(awk -v m="$minutes" 'BEGIN { printf "%d", m * 60 }')
interval="${SOAK_SAMPLE_INTERVAL:-$((total >= 300 ? 10 : 5))}"
warmup=$((total / 3 < 60 ? total / 3 : 60))
measured=$((total - warmup))
[ "$measured" -gt 0 ] || { echo "soak: the run must last longer than 0 minutes" >&2; exit 64; }
[ -x "$demo" ] || { echo "soak: no $demo; build first (swift build)" >&2; exit 66; }
mkdir -p "$output"

# A private Xvfb that picks a free display and reports it; stopped by its PID on exit.
displayfile=$(mktemp)
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$displayfile" >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; rm -f "$displayfile"' EXIT
for _ in $(seq 100); do [ -s "$displayfile" ] && break; sleep 0.1; done
[ -s "$displayfile" ] || { echo "soak: Xvfb did not start" >&2; exit 69; }
export DISPLAY=":$(head -n 1 "$displayfile")"

echo "soak: $minutes min on $DISPLAY ($warmup s warm-up, samples every $interval s, rss bound $bound MiB)"
pids=()
read -r -a scenes <<<"${SOAK_SCENES:-gallery animations content stress}"
for scene in "${scenes[@]}"; do
  "$demo" bench --scene "$scene" --continuous --warmup "$warmup" --seconds "$measured" \
    --sample-interval "$interval" --max-rss-growth-mb "$bound" --json "$output/soak-$scene.json" \
    >"$output/soak-$scene.log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!scenes[@]}"; do
  if wait "${pids[$i]}"; then result=passed; else result=FAILED; status=1; fi
  echo "soak: ${scenes[$i]} $result: $(grep -E '^bench=|soak:|Error' "$output/soak-${scenes[$i]}.log" | tail -n 1)"
done
exit "$status"
