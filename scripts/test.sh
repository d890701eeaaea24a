#!/usr/bin/env bash
# Runs the whole test suite (`scripts/test.sh --quick` leaves out the slow and browser suites). Installs what the tests use to check our output (ffmpeg, ffprobe, exiftool,
# python3 with pillow-heif and selenium, libheif's heif-enc and heif-convert, chromium and chromedriver) when missing: apt-get on Debian/Ubuntu (as root, or through sudo), Homebrew on macOS.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || need+=(ffmpeg)
command -v exiftool >/dev/null || need+=(exiftool)
command -v python3 >/dev/null || need+=(python3)
command -v heif-enc >/dev/null && command -v heif-convert >/dev/null || need+=(heif)
command -v chromium >/dev/null && command -v chromedriver >/dev/null || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]}..." >&2
  if command -v apt-get >/dev/null; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    debs=("${need[@]/exiftool/libimage-exiftool-perl}")
    debs=("${debs[@]/heif/libheif-examples}")
    debs=("${debs[@]/chromium/chromium chromium-driver}")
    $sudo apt-get update -qq
    # shellcheck disable=SC2068 # one entry may name two packages
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq ${debs[*]} >/dev/null
  elif command -v brew >/dev/null; then
    formulas=()
    for n in "${need[@]}"; do case $n in chromium) ;; heif) formulas+=(libheif) ;; *) formulas+=("$n") ;; esac; done
    [ ${#formulas[@]} -eq 0 ] || brew install "${formulas[@]}"
    command -v chromedriver >/dev/null || brew install --cask chromium chromedriver
  else
    echo "Please install: ${need[*]}" >&2
    exit 1
  fi
fi

# pillow-heif decodes recent iPhone HEICs (Debian's heif-convert cannot), for pixel comparisons; Selenium drives
# Chromium for the web app's tests: a venv in .build.
tools=.build/python-tools
if ! "$tools/bin/python" -c "import pillow_heif, selenium" 2>/dev/null; then
  echo "Installing pillow-heif and selenium into $tools..." >&2
  if ! python3 -m venv "$tools" 2>/dev/null; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    command -v apt-get >/dev/null && { $sudo apt-get update -qq; DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null; }
    python3 -m venv "$tools"
  fi
  "$tools/bin/pip" install --quiet --disable-pip-version-check pillow-heif selenium
fi

swift build --build-tests
if [ "${1:-}" = --quick ]; then
  # The suites tagged slow and browser (Tests/TestSupport/Tags.swift), by name: this toolchain's `swift test` does not
  # take `--skip tag:` yet.
  shift
  set -- --skip 'MutationTests|LargeOffsetTests|BrowserTests|HardeningTests' "$@"
fi
swift test "$@"
