#!/usr/bin/env bash
# Writes the web app as static files that any static host serves (python3 -m http.server, GitHub Pages, a NAS), with
# no server code: the page of `livephoto serve` (Sources/LivePhotoServer/Resources, the same files), the engine
# (livephoto.js with its modules, and livephoto.wasm, built by scripts/wasm.sh into DIR/engine), and a service worker (Web/app/sw.js)
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
  for file in livephoto.js inputs.js frame.js checksums.js library.js zipstream.js import.js importparts.js importzips.js importtars.js landing.js zipmember.js zipcheck.js importsidecars.js importwrite.js twins.js readbuffers.js livephoto.wasm livephoto-library.wasm; do
    [ -f "$engine/$file" ] || { echo "site.sh: $engine/$file is missing (scripts/wasm.sh $engine writes it)" >&2; exit 66; }
  done
fi

# A folder that is there must be empty or a site this script wrote (its marker file): nothing else is replaced.
marker=.livephoto-site
if [ -e "$out" ]; then
  [ -d "$out" ] || { echo "site.sh: $out is not a folder" >&2; exit 73; }
  [ -f "$out/$marker" ] || [ -z "$(ls -A "$out")" ] ||
    { echo "site.sh: $out holds other files; give an empty folder, or one this script wrote" >&2; exit 73; }
fi
# Written into a folder beside DIR, then moved into place: DIR is the old site or the new one, never half of each.
parent=$(dirname "$out")
mkdir -p "$parent"
work=$(mktemp -d "$parent/.site.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -R Sources/LivePhotoServer/Resources/. "$work/"
mkdir -p "$work/engine"
if [ -n "$engine" ]; then
  cp "$engine"/*.js "$engine/livephoto.wasm" "$engine/livephoto-library.wasm" "$work/engine/"
else
  scripts/wasm.sh "$work/engine" >&2
fi
rm -f "$work/engine/"*.d.ts "$work/engine/package.json"
# GitHub Pages: the files as they are, without Jekyll.
touch "$work/.nojekyll"

# The service worker's list: every file of the site but itself and the markers, the folder's own URL standing for
# index.html.
mapfile -t files < <(cd "$work" && find . -type f ! -name sw.js ! -name .nojekyll | sed 's|^\./||' | LC_ALL=C sort)
version=$(cd "$work" && cat "${files[@]}" | sha256sum | cut -c1-16)
list=$(printf '"%s", ' "./" "${files[@]}")
sed -e "s|^const version = \"VERSION\";|const version = \"$version\";|" \
  -e "s|^const files = \\[\"FILES\"\\];|const files = [${list%, }];|" Web/app/sw.js >"$work/sw.js"
grep -q "\"$version\"" "$work/sw.js" || { echo "site.sh: Web/app/sw.js lost its VERSION line" >&2; exit 70; }
echo "$version" >"$work/$marker"
chmod 755 "$work"

if [ -e "$out" ]; then
  old=$(mktemp -d "$parent/.site-old.XXXXXX")
  mv "$out" "$old/site"
  mv "$work" "$out"
  rm -rf "$old"
else
  mv "$work" "$out"
fi
echo "$out: the web app ($(du -sk "$out" | cut -f1) KB), version $version"
