#!/usr/bin/env bash
# Runs the whole test suite. Installs what the tests use to check our output (ffmpeg, ffprobe, exiftool,
# python3 with pillow-heif, libheif's heif-enc and heif-convert) when missing: apt-get on Debian/Ubuntu (as root, or through sudo), Homebrew on macOS.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || need+=(ffmpeg)
command -v exiftool >/dev/null || need+=(exiftool)
command -v python3 >/dev/null || need+=(python3)
command -v heif-enc >/dev/null && command -v heif-convert >/dev/null || need+=(heif)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]}..." >&2
  if command -v apt-get >/dev/null; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    debs=("${need[@]/exiftool/libimage-exiftool-perl}")
    debs=("${debs[@]/heif/libheif-examples}")
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${debs[@]}" >/dev/null
  elif command -v brew >/dev/null; then
    brew install "${need[@]/heif/libheif}"
  else
    echo "Please install: ${need[*]}" >&2
    exit 1
  fi
fi

# pillow-heif decodes recent iPhone HEICs (Debian's heif-convert cannot), for pixel comparisons: a venv in .build.
tools=.build/python-tools
if ! "$tools/bin/python" -c "import pillow_heif" 2>/dev/null; then
  echo "Installing pillow-heif into $tools..." >&2
  if ! python3 -m venv "$tools" 2>/dev/null; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    command -v apt-get >/dev/null && { $sudo apt-get update -qq; DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null; }
    python3 -m venv "$tools"
  fi
  "$tools/bin/pip" install --quiet --disable-pip-version-check pillow-heif
fi

swift build --build-tests
swift test "$@"
