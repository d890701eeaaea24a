#!/usr/bin/env bash
# Installs what the tests use to check our output, when missing: ffmpeg and ffprobe, exiftool, python3, libheif's
# heif-enc and heif-convert, chromium and chromedriver, Firefox (ESR on Debian), SQLite's headers on Linux (the scan index builds on them) (apt-get on Debian/Ubuntu, as root or through sudo; Homebrew
# on macOS), and a Python venv in .build/python-tools with pillow-heif (decodes recent iPhone HEICs, which Debian's
# heif-convert cannot) and selenium (drives Chromium for the web app's tests; Firefox is driven through its own
# WebDriver BiDi, with selenium's websocket client).
#   scripts/bootstrap.sh          # install what is missing
#   scripts/bootstrap.sh --check  # exit 0 when nothing is missing, 1 otherwise (names what is missing)
set -euo pipefail
cd "$(dirname "$0")/.."
tools=.build/python-tools

need=()
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || need+=(ffmpeg)
command -v exiftool >/dev/null || need+=(exiftool)
command -v python3 >/dev/null || need+=(python3)
command -v openssl >/dev/null || need+=(openssl)  # reads the certificate serve --tls makes
command -v heif-enc >/dev/null && command -v heif-convert >/dev/null || need+=(heif)
command -v chromium >/dev/null && command -v chromedriver >/dev/null || need+=(chromium)
command -v firefox-esr >/dev/null || command -v firefox >/dev/null || [ -d /Applications/Firefox.app ] || need+=(firefox)
[ "$(uname)" != Linux ] || [ -f /usr/include/sqlite3.h ] || need+=(sqlite)
[ "$(uname)" != Linux ] || [ -f /usr/include/zlib.h ] || need+=(zlib)
# The engine's Node suites need Node 20 or later (its File and Blob); Debian's nodejs is older, so it is only named.
node_ready() { command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ]; }
node_ready || echo "bootstrap: the engine's Node suites need Node.js 20 or later on the PATH (nodejs.org, or NodeSource's packages)" >&2
venv_ready() { "$tools/bin/python" -c "import pillow_heif, selenium" 2>/dev/null; }

if [ "${1:-}" = --check ]; then
  venv_ready || need+=(python-tools)
  node_ready || need+=(node-20)
  [ ${#need[@]} -eq 0 ] && exit 0
  echo "missing: ${need[*]}" >&2
  exit 1
fi

sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]}..." >&2
  if command -v apt-get >/dev/null; then
    debs=("${need[@]/exiftool/libimage-exiftool-perl}")
    debs=("${debs[@]/heif/libheif-examples}")
    debs=("${debs[@]/chromium/chromium chromium-driver}")
    debs=("${debs[@]/firefox/firefox-esr}")
    debs=("${debs[@]/sqlite/libsqlite3-dev}")
    debs=("${debs[@]/zlib/zlib1g-dev}")
    $sudo apt-get update -qq
    # shellcheck disable=SC2068 # one entry may name two packages
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq ${debs[*]} >/dev/null
  elif command -v brew >/dev/null; then
    formulas=()
    for n in "${need[@]}"; do case $n in chromium | sqlite | zlib) ;; firefox) brew install --cask firefox ;; heif) formulas+=(libheif) ;; *) formulas+=("$n") ;; esac; done
    [ ${#formulas[@]} -eq 0 ] || brew install "${formulas[@]}"
    command -v chromedriver >/dev/null || brew install --cask chromium chromedriver
  else
    echo "Please install: ${need[*]}" >&2
    exit 1
  fi
fi

if ! venv_ready; then
  echo "Installing pillow-heif and selenium into $tools..." >&2
  if ! python3 -m venv "$tools" 2>/dev/null; then
    command -v apt-get >/dev/null && { $sudo apt-get update -qq; DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null; }
    python3 -m venv "$tools"
  fi
  "$tools/bin/pip" install --quiet --disable-pip-version-check pillow-heif selenium
fi
