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
  zlib1g-dev python3-pip python3-numpy                                          # compositions (.lottie) and their reference renderer
)
# The reference renderer of SceneCompositionTests: rlottie 0.2 as the PyPI package rlottie-python
# ships it (Debian's librlottie is 0.1). Debian 12's Python is externally managed (PEP 668), so
# pip installs beside apt's packages only with --break-system-packages.
install_rlottie() {
  python3 -c "import rlottie_python" 2>/dev/null && return 0
  echo "install-deps: installing rlottie-python (pip)"
  local pip_flags=()
  python3 -m pip install --help | grep -q -- --break-system-packages && pip_flags+=(--break-system-packages)
  $sudo python3 -m pip install --quiet "${pip_flags[@]}" "rlottie-python==1.3.8"
}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  install_rlottie
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
install_rlottie
