#!/usr/bin/env bash
# Runs the whole test suite; `scripts/test.sh --quick` leaves out the slow and browser suites. The tools the tests
# check our output with are installed first by scripts/bootstrap.sh, when any is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap.sh --check 2>/dev/null || scripts/bootstrap.sh

swift build --build-tests
if [ "${1:-}" = --quick ]; then
  # The suites tagged slow and browser (Tests/TestSupport/Tags.swift), by name: this toolchain's `swift test` does not
  # take `--skip tag:` yet.
  shift
  set -- --skip 'MutationTests|LargeOffsetTests|BrowserTests|CameraBrowserTests|HardeningTests|\.CaptureTests|CaptureCommandTests' "$@"
fi
swift test "$@"
