#!/usr/bin/env bash
# The video benchmark (issue 34), on one Xvfb of its own, each system measured over the same
# SECONDS_ (default 60) after a 3 s warm-up:
#
#   1. one 1280x720 30 fps clip with sound (Theora and Vorbis in Ogg), played by SceneCore
#      (`demo-window bench --scene video-bench`: the clip filling its 1280x720 window, paced) and by
#      `gst-launch-1.0 playbin` with its default sink (autovideosink) and with glimagesink:
#      process CPU as a share of one core; SceneCore also reports its render thread's CPU a frame,
#      the video frames shown and dropped, and how far behind the clock the shown frame was (this
#      machine has no sound device: the clock is the system clock);
#   2. 16 320x180 30 fps clips at once (`--scene video-wall`): frames shown and dropped, CPU; beside
#      16 `playbin`s at once (their CPU summed) and Qt Quick's MediaPlayer + VideoOutput wall
#      (qmlscene) when Qt Multimedia is installed.
#
#   scripts/bench-video.sh            (SECONDS_=60; ROUNDS=1; PARTS="one wall"; CLIPS=.build/bench-video)
#
# The clips are made once with GStreamer's test sources (SMPTE bars scrolling, a ball over them)
# and kept in CLIPS. Builds demo-window in release. ximagesink and glimagesink come with Debian's
# gstreamer1.0-x and gstreamer1.0-gl, Qt's wall with qml-module-qtmultimedia and qmlscene.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${SECONDS_:-60}
warmup=3
clips=${CLIPS:-.build/bench-video}
mkdir -p "$clips"

# make_clip FILE WIDTH HEIGHT SECONDS AUDIO(0/1)
make_clip() {
  local file=$1 width=$2 height=$3 length=$4 audio=$5 frames=$(($4 * 30))
  [ -s "$file" ] && return
  echo "bench-video: making $file (${width}x${height}, $length s)"
  local sound=()
  if [ "$audio" = 1 ]; then
    sound=(audiotestsrc "num-buffers=$((length * 48000 / 1024))" samplesperbuffer=1024 freq=330 volume=0.2
      ! "audio/x-raw,rate=48000" ! audioconvert ! vorbisenc ! mux.)
  fi
  gst-launch-1.0 -q videotestsrc "num-buffers=$frames" pattern=smpte horizontal-speed=4 \
    ! "video/x-raw,width=$width,height=$height,framerate=30/1" ! compositor name=mix ! videoconvert \
    ! theoraenc ! oggmux name=mux ! filesink "location=$file.part" \
    videotestsrc "num-buffers=$frames" pattern=ball background-color=0x00000000 \
    ! "video/x-raw,format=BGRA,width=$width,height=$height,framerate=30/1" ! mix. "${sound[@]}"
  mv "$file.part" "$file"
}
big=$clips/clip-1280x720-$((seconds + warmup + 5))s.ogv
small=$clips/clip-320x180-$((seconds + warmup + 5))s.ogv
make_clip "$big" 1280 720 $((seconds + warmup + 5)) 1
make_clip "$small" 320 180 $((seconds + warmup + 5)) 0

swift build -c release --product demo-window >/dev/null || {
  echo "bench-video: the release build failed (swift build -c release --product demo-window)" >&2
  exit 1
}
bin=$(swift build -c release --show-bin-path)/demo-window

exec {fd}<> <(:)
Xvfb -displayfd "$fd" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; wait $xvfb 2>/dev/null' EXIT
read -r -t 10 display <&"$fd"
export DISPLAY=:$display

# cpu_percent PID: the process's CPU over SECONDS_ after the warm-up, as a share of one core.
cpu_percent() {
  local pid=$1 ticks before after
  ticks=$(getconf CLK_TCK)
  sleep "$warmup"
  before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  sleep "$seconds"
  after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  echo "scale=1; ($after - $before) * 100 / $ticks / $seconds" | bc
}

# playbin SINK FILE: gst-launch-1.0 playing FILE, its CPU printed as a line.
playbin() {
  local sink=$1 file=$2 args=() pid cpu
  [ "$sink" = default ] || args=("video-sink=$sink")
  gst-launch-1.0 -q playbin "uri=file://$(realpath "$file")" "${args[@]}" >/dev/null 2>&1 &
  pid=$!
  cpu=$(cpu_percent "$pid")
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || true
  echo "bench=playbin sink=$sink clip=$(basename "$file") process_cpu_percent=$cpu"
}

# playbins COUNT FILE: COUNT playbins playing FILE at once, their CPU summed, printed as a line.
playbins() {
  local count=$1 file=$2 pids=() cpu
  for _ in $(seq "$count"); do
    gst-launch-1.0 -q playbin "uri=file://$(realpath "$file")" >/dev/null 2>&1 &
    pids+=($!)
  done
  local ticks before=0 after=0 pid
  ticks=$(getconf CLK_TCK)
  sleep "$warmup"
  for pid in "${pids[@]}"; do before=$((before + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done
  sleep "$seconds"
  for pid in "${pids[@]}"; do after=$((after + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done
  kill "${pids[@]}" 2>/dev/null
  wait "${pids[@]}" 2>/dev/null || true
  cpu=$(echo "scale=1; ($after - $before) * 100 / $ticks / $seconds" | bc)
  echo "bench=playbin count=$count clip=$(basename "$file") process_cpu_percent=$cpu"
}

parts=${PARTS:-one wall}
for _ in $(seq "${ROUNDS:-1}"); do
  [[ " $parts " == *" one "* ]] || continue
  echo "bench-video: one 1280x720 clip, $seconds s"
  "$bin" bench --scene video-bench --media "$big" --seconds "$seconds" \
    --warmup "$warmup" 2>/dev/null | grep '^bench='
  playbin default "$big"
  playbin glimagesink "$big"
done
for _ in $(seq "${ROUNDS:-1}"); do
  [[ " $parts " == *" wall "* ]] || continue
  echo "bench-video: 16 320x180 clips, $seconds s"
  "$bin" bench --scene video-wall --media "$small" --seconds "$seconds" \
    --warmup "$warmup" 2>/dev/null | grep '^bench='
  playbins 16 "$small"
  if command -v qmlscene >/dev/null && [ -d /usr/lib/x86_64-linux-gnu/qt5/qml/QtMultimedia ]; then
    qml=$(mktemp --suffix=.qml)
    {
      echo 'import QtQuick 2.12; import QtMultimedia 5.12'
      echo 'Rectangle { width: 1280; height: 720; color: "#1a1a26"; Grid { anchors.fill: parent; anchors.margins: 8; columns: 4; spacing: 8'
      echo "  Repeater { model: 16; Item { width: 308; height: 170; MediaPlayer { id: p; source: \"file://$(realpath "$small")\"; autoPlay: true; loops: MediaPlayer.Infinite }"
      echo '    VideoOutput { anchors.fill: parent; source: p; fillMode: VideoOutput.PreserveAspectCrop } } } } }'
    } >"$qml"
    qmlscene "$qml" >/dev/null 2>&1 &
    pid=$!
    cpu=$(cpu_percent "$pid")
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null || true
    rm -f "$qml"
    echo "bench=qtquick-multimedia scene=video-wall process_cpu_percent=$cpu"
  else
    echo "bench-video: Qt Multimedia (qml-module-qtmultimedia, qmlscene) is not installed; its wall is left out"
  fi
done
