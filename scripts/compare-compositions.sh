#!/usr/bin/env bash
# Compositions beside rlottie, interleaved: SceneCore's `composition-wall` scene (20
# CACompositionLayers looping the demo's four compositions, in a 1280x720 window on a private
# Xvfb, paced at 60 Hz) against Benchmarks/peers/rlottie-wall.py (20 rlottie animations of the
# same documents, written by `demo-window export-compositions`, each rendering its frame at
# every tick of 60 Hz into a buffer of the scene's player size, shown nowhere).
#   scripts/compare-compositions.sh
# ROUNDS=3, SECONDS_=6. Needs rlottie-python (scripts/install-deps.sh installs it).
# Prints, per round, each side's frames a second, dropped frames, whole-process CPU ms a frame
# (SceneCore: the render and app threads and every other thread, Mesa's rasteriser among them,
# from `bench`; rlottie: the Python process) and resident memory, then the medians and the
# ratio of CPU a frame.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-3}; S=${SECONDS_:-6}
cd "$repo"
swift build -c release --product demo-window >/tmp/compositions-build.log 2>&1 || { tail -3 /tmp/compositions-build.log; exit 1; }
bin=$(swift build -c release --show-bin-path)/demo-window
docs=$(mktemp -d)
"$bin" export-compositions "$docs"
display=:$((200 + RANDOM % 100))
Xvfb $display -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$docs"' EXIT
sleep 1
out=$(mktemp)
for r in $(seq "$ROUNDS"); do
  DISPLAY=$display timeout 60 "$bin" bench --scene composition-wall --seconds "$S" --json "$out" >/dev/null 2>&1
  python3 - "$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
cpu = r["render_cpu_ms_per_frame"] + r["app_cpu_ms_per_frame"] + (r.get("other_cpu_ms_per_frame") or 0)
print("scenecore fps=%.2f dropped=%d process_cpu_ms_per_frame=%.3f rss_mb=%.1f" % (r["fps"], r["dropped_frames"], cpu, r["rss_mb"]))
PY
  echo "rlottie $(python3 Benchmarks/peers/rlottie-wall.py "$docs" --seconds "$S")"
done | tee "$out.runs"
python3 - "$out.runs" <<'PY'
import statistics, sys
runs = {"scenecore": [], "rlottie": []}
for line in open(sys.argv[1]):
    name, *fields = line.split()
    runs[name].append({k: float(v) for k, v in (f.split("=") for f in fields)})
median = {name: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for name, rs in runs.items()}
for name, m in median.items():
    print("median %s fps=%.2f dropped=%d process_cpu_ms_per_frame=%.3f rss_mb=%.1f"
          % (name, m["fps"], m["dropped"], m["process_cpu_ms_per_frame"], m["rss_mb"]))
print("ratio process_cpu_ms_per_frame scenecore/rlottie = %.2f (goal at most 0.2)"
      % (median["scenecore"]["process_cpu_ms_per_frame"] / median["rlottie"]["process_cpu_ms_per_frame"]))
PY
rm -f "$out" "$out.runs"
