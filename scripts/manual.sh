#!/usr/bin/env bash
# Regenerates the manual page, docs/livephoto.1, with swift-argument-parser's GenerateManual plugin, from the
# commands' own help. Run it after changing any command's help; a test fails while the page misses a command or
# an option. Builds in .build-manual: the plugin builds its own release configuration, which would otherwise
# replace the static release binary in .build that scripts/livephoto runs (and cost a full rebuild each way).
#   scripts/manual.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --scratch-path .build-manual generate-manual >&2
cp .build-manual/plugins/GenerateManual/outputs/livephoto/livephoto.1 docs/livephoto.1
echo "wrote docs/livephoto.1" >&2
