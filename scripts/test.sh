#!/usr/bin/env bash
# Runs the whole test suite; `scripts/test.sh --quick` leaves out the slow and browser suites. The tools the tests
# check our output with are installed first by scripts/bootstrap.sh, when any is missing. The WebAssembly engine is
# built first (scripts/wasm.sh): the Node suites (`node --test Web/test/*.test.mjs`: the engine against the command
# line, the fuzz corpora) and the browser suites load it.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap.sh --check 2>/dev/null || scripts/bootstrap.sh

# The real camera files the tests read in place, beside the clone (CONTRIBUTING.md): without them, the suites that
# need them are skipped (each says so) and every other test runs.
samples="$(cd .. && pwd)/shared/samples"
[ -f "$samples/PROVENANCE.md" ] || echo "test.sh: no samples in $samples: the suites that read them are skipped" >&2

# The engine builds with Debian's wasi-libc and compiler-rt for wasm32 (scripts/wasm.sh): elsewhere its suites are
# left out, and said so.
engine=yes
if [ "$(uname)" = Linux ]; then
  scripts/wasm.sh
else
  engine=no
  echo "test.sh: the WebAssembly engine builds on Linux only: its Node suites are left out here" >&2
fi
swift build --build-tests
# The core's decisions first (docs/layout.md#one-flow-per-operation): each operation's flow on the samples' bytes,
# with no program run; seconds, and a broken decision is told before the slow suites start.
flows='LivePhotoCoreTests\.[A-Za-z]*FlowTests'
if [ $# -eq 0 ] || [ "$*" = --quick ]; then
  swift test --skip-build --filter "$flows"
  skip_flows="|$flows"
else
  skip_flows=""
fi
# The engine's Node suites: parity with the command line just built, every fuzz corpus replayed.
node_suites() { [ "$engine" = no ] || node --test --test-reporter=spec Web/test/*.test.mjs; }
if [ "${1:-}" = --quick ]; then
  # The suites tagged slow and browser (Tests/TestSupport/Tags.swift), by name: this toolchain's `swift test` does not
  # take `--skip tag:` yet.
  shift
  filtered=$#
  set -- --skip "MutationTests|LargeOffsetTests|BrowserTests|CameraBrowserTests|HardeningTests|\\.CaptureTests|CaptureCommandTests$skip_flows" "$@"
  swift test "$@"
  [ "$filtered" -gt 0 ] || node_suites
  exit
fi
# Suites that run against the clock run after the rest, so that the other suites (dozens of ffmpeg and heif-enc
# processes at once) do not starve them of CPU on a small machine: the capture suites read live streams, the mutation
# suite makes thousands of files within its time limit (on 2 cores, beside the rest, each took over 3 minutes instead
# of 30 s). The Camera mode's browser test records a 1080p camera in Chromium: it runs alone, last (beside the other
# suites a 2-core machine dropped its encoder to 5 fps).
later='\.CaptureTests|CaptureCommandTests|MutationTests'
swift test --skip "CameraBrowserTests|$later$skip_flows" "$@"
if [ $# -eq 0 ]; then
  node_suites
  swift test --skip-build --filter "$later"
  swift test --skip-build --filter CameraBrowserTests
fi
