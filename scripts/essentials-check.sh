#!/usr/bin/env bash
# Fails when a module of the livephoto binary would link full Foundation (and ICU's data, about 47 MB) on Linux:
# each of them must import FoundationEssentials only (docs/benchmarks.md, "Build and binary"). Reads the link
# entries the compiler records in the release objects, so it needs a release build (scripts/livephoto makes one).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ "$(uname)" = Linux ] || { echo "essentials-check: Linux only (macOS's Foundation is the system's)"; exit 0; }
bin="$(swift build -c release --package-path "$root" --show-bin-path)"
status=0
for module in MediaFormats LivePhotoMedia LivePhotoKit LivePhotoServer livephoto; do
  objects=("$bin/$module.build/"*.o)
  [ -e "${objects[0]}" ] || { echo "essentials-check: no release objects of $module; build first" >&2; exit 2; }
  full=$(for o in "${objects[@]}"; do readelf -p .swift1_autolink_entries "$o" 2>/dev/null || true; done |
    grep -oE -- "-l(Foundation|FoundationInternationalization|_FoundationICU)\b" | sort -u | tr '\n' ' ' || true)
  if [ -n "$full" ]; then
    echo "essentials-check: $module links $full— import FoundationEssentials instead" >&2
    status=1
  fi
done
[ $status -ne 0 ] || echo "essentials-check: no module links full Foundation"
exit $status
