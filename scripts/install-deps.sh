#!/usr/bin/env bash
# Installs the Debian packages SceneCore builds, tests and runs with (Debian 12).
# Needs root or sudo. The Swift toolchain itself (6.1 or newer) must already be installed.
set -euo pipefail
packages=(
  libx11-dev libxext-dev libxrandr-dev libxi-dev libegl-dev libgl-dev libglx-dev libglvnd-dev libgl1-mesa-dri libegl-mesa0  # X11, EGL/GLX, Mesa
  libpng-dev libturbojpeg0-dev                                                  # image decoding
  libcairo2-dev libpango1.0-dev fonts-dejavu-core fonts-noto-color-emoji        # 2D drawing, text, emoji
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base  # video (SceneMedia)
  gstreamer1.0-plugins-good gstreamer1.0-libav gstreamer1.0-tools
  xvfb xauth xdotool x11-xkb-utils x11-xserver-utils imagemagick                # window tests (setxkbmap, xrdb), screenshots
  python3                                                                       # the documentation check
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
