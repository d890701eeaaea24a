#!/usr/bin/env bash
# Writes the web app as static files that any static host serves (python3 -m http.server, GitHub Pages, a NAS), with
# no server code: the page of `livephoto serve` (Sources/LivePhotoServer/Resources, the same files), the engine
# (livephoto.js and livephoto.wasm, built by scripts/wasm.sh into DIR/engine), and a service worker (Web/app/sw.js)
# that caches them all so the app works offline and installs from its manifest. The page finds it has no server and
# runs everything in the browser, hiding the modes that need one.
#   scripts/site.sh DIR                  # builds the engine (about 3 minutes)
#   scripts/site.sh DIR --engine FROM    # copies an engine scripts/wasm.sh already wrote into FROM
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/site.sh DIR [--engine FROM]"
[ $# -ge 1 ] || { echo "$usage" >&2; exit 64; }
out=$1
engine=""
if [ $# -ge 2 ]; then
  [ "$2" = --engine ] && [ $# -eq 3 ] || { echo "$usage" >&2; exit 64; }
  engine=$3
  for file in livephoto.js livephoto.wasm; do
    [ -f "$engine/$file" ] || { echo "site.sh: $engine/$file is missing (scripts/wasm.sh $engine writes it)" >&2; exit 66; }
  done
fi

mkdir -p "$out"
rm -rf "$out/js" "$out/engine"
cp -R Sources/LivePhotoServer/Resources/. "$out/"
mkdir -p "$out/engine"
if [ -n "$engine" ]; then
  cp "$engine/livephoto.js" "$engine/livephoto.wasm" "$out/engine/"
else
  scripts/wasm.sh "$out/engine" >&2
fi
rm -f "$out/engine/livephoto.d.ts" "$out/engine/package.json"
# GitHub Pages: the files as they are, without Jekyll.
touch "$out/.nojekyll"

# The service worker's list: every file of the site but itself, the folder's own URL standing for index.html.
mapfile -t files < <(cd "$out" && find . -type f ! -name sw.js ! -name .nojekyll | sed 's|^\./||' | LC_ALL=C sort)
version=$(cd "$out" && cat "${files[@]}" | sha256sum | cut -c1-16)
list=$(printf '"%s", ' "./" "${files[@]}")
sed -e "s|^const version = \"VERSION\";|const version = \"$version\";|" \
  -e "s|^const files = \\[\"FILES\"\\];|const files = [${list%, }];|" Web/app/sw.js >"$out/sw.js"
grep -q "\"$version\"" "$out/sw.js" || { echo "site.sh: Web/app/sw.js lost its VERSION line" >&2; exit 70; }
echo "$out: the web app ($(du -sk "$out" | cut -f1) KB), version $version"
