#!/usr/bin/env bash
# Builds the DocC documentation of LivePhotoKit, LivePhotoCore and MediaFormats with the Swift-DocC plugin, warnings as errors.
#
#   scripts/docs.sh                          # both catalogs, into the plugin's outputs under the scratch path
#   DOCS_TARGETS=MediaFormats scripts/docs.sh
#   DOCS_SCRATCH=.build-docs scripts/docs.sh # another scratch path (the default is .build)
#   DOCS_OUTPUT=out/docs scripts/docs.sh     # also copy each TARGET.doccarchive there
#
# The plugin (swift-docc-plugin, a dependency in Package.swift) resolves like every other package, and runs the
# toolchain's `docc` (DOCC_EXEC names another). `--warnings-as-errors` makes docc fail on any warning; docc's
# diagnostics file is counted as well, so a warning fails this script even if the plugin's exit code did not show
# it. Compiler warnings in dependencies, while the plugin builds the symbol graphs, do not count.
# Before them, scripts/doc-coverage.sh checks that every public declaration of MediaFormats has a documentation comment
# (docc does not warn about one that has none).
# Exits 0 only when every catalog builds with no warning and no declaration is undocumented.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${DOCS_SCRATCH:-.build}"
read -r -a targets <<<"${DOCS_TARGETS:-LivePhotoKit LivePhotoCore MediaFormats}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [[ -z "${DOCC_EXEC:-}" ]]; then
    swift_path="$(command -v swift || true)"
    if [[ -z "$swift_path" || ! -x "$(dirname "$swift_path")/docc" ]]; then
        echo "docs.sh: no docc beside swift (${swift_path:-swift is not on the PATH}); set DOCC_EXEC" >&2
        exit 1
    fi
fi

status=0
echo "== doc comments of MediaFormats"
scripts/doc-coverage.sh Sources/MediaFormats || status=1

for target in "${targets[@]}"; do
    echo "== $target"
    log="$work/$target.log"
    diagnostics="$work/$target.diagnostics.json"
    set +e
    swift package --scratch-path "$scratch" generate-documentation --target "$target" \
        --warnings-as-errors --diagnostics-file "$diagnostics" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    count=0
    if [[ -f "$diagnostics" ]]; then
        count=$({ grep -o '"severity" *: *"\(warning\|error\)"' "$diagnostics" || true; } | wc -l | tr -d ' ')
    elif [[ $rc -eq 0 ]]; then
        echo "docs.sh: $target: docc wrote no diagnostics file" >&2
        rc=1
    fi
    if [[ $rc -ne 0 || $count -ne 0 ]]; then
        echo "docs.sh: $target failed: exit $rc, $count warnings or errors" >&2
        status=1
        continue
    fi
    echo "docs.sh: $target: 0 warnings"
    if [[ -n "${DOCS_OUTPUT:-}" ]]; then
        archive="$(grep -oE '/[^ ]*/'"$target"'\.doccarchive' "$log" | tail -1)"
        mkdir -p "$DOCS_OUTPUT"
        rm -rf "${DOCS_OUTPUT:?}/$target.doccarchive"
        cp -R "$archive" "$DOCS_OUTPUT/"
        echo "docs.sh: $target copied to $DOCS_OUTPUT/$target.doccarchive"
    fi
done
exit $status
