#!/usr/bin/env bash
# Installs every dependency of acosim from Debian packages. Does nothing when
# all of them are already present, so every wrapper script may call it.
set -euo pipefail

packages=(
  g++ cmake make pkg-config
  verilator
  libsystemc-dev
  libboost-dev libboost-program-options-dev
  libgtest-dev libgmock-dev
  nlohmann-json3-dev
  libbenchmark-dev
  ccache
  clang libclang-rt-14-dev
  gnuplot-nox
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "setup: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
