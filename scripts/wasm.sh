#!/usr/bin/env bash
# Builds the lossless engine as WebAssembly from the same sources as the command line (MediaFormats without zlib and
# its streaming readers, LivePhotoCore, and Web/engine's boundary), as Embedded Swift, into the ES module's folder:
#   scripts/wasm.sh [DIR]      # DIR/livephoto.wasm, livephoto-library.wasm, livephoto.js, its types (*.d.ts), package.json
#                              # (default: .build/wasm/module)
# Two engines from one build of the sources: livephoto.wasm runs the operations on single files (what a page loads
# first), livephoto-library.wasm every operation (loaded on a library's first); the linker leaves out of the first
# whatever only a library's operations reach.
# The engine is compiled again only when a source changed since the last build (.build/wasm/objects); about 3 minutes.
# Needs the Swift toolchain (swiftc, wasm-ld, clang) and Debian's wasi-libc, libclang-rt-dev-wasm32 (compiler-rt's
# builtins) and binaryen (wasm-opt); installs the three when missing (apt-get, as root or through sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/wasm/module}
work=.build/wasm/objects
mkdir -p "$out" "$work"

sysroot=/usr
builtins=$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2>/dev/null | head -n 1 || true)
if [ ! -f "$sysroot/lib/wasm32-wasi/libc.a" ] || [ -z "$builtins" ] || ! command -v wasm-opt >/dev/null; then
  echo "Installing wasi-libc, libclang-rt-dev-wasm32 and binaryen..." >&2
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wasi-libc libclang-rt-dev-wasm32 binaryen >/dev/null
  builtins=$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a | head -n 1)
fi
swiftc=$(command -v swiftc)
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
unicode="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"

flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo -Osize
  -Xfrontend -disable-stack-protector -parse-as-library -package-name livephoto -swift-version 6 -I "$work")
# zlib stays native (the browser has DecompressionStream and CompressionStream): the zip's directory, records and the
# stored layout a browser writes go in, with the archive path's checks, the tar reader's headers (a tar is listed where
# it lies) and the CSV reader; its deflate, its writer, the gzip and zip streaming readers and a tar entry's streamed
# data do not.
mapfile -t formats < <( (find Sources/MediaFormats -name '*.swift' -not -path '*/Archive/*' \
  -not -name 'Deflate.swift' -not -name 'ZlibInflateStream.swift' -not -name 'ZipWriter.swift'; \
  for kept in ArchivePath ArchiveSignature ArchiveByteSource GzipStreamEnd TarEntry TarReader; do echo "Sources/MediaFormats/Archive/$kept.swift"; done) | sort)
mapfile -t core < <(find Sources/LivePhotoCore -name '*.swift' | sort)
built="$work/livephoto.wasm"
library="$work/livephoto-library.wasm"
if [ -f "$built" ] && [ -f "$library" ] && [ -z "$(find "${formats[@]}" "${core[@]}" Web/engine scripts/wasm.sh -newer "$built" -print -quit)" ] \
  && [ -z "$(find "${formats[@]}" "${core[@]}" Web/engine scripts/wasm.sh -newer "$library" -print -quit)" ]; then
  echo "livephoto.wasm and livephoto-library.wasm are up to date with their sources" >&2
else
  "$swiftc" "${flags[@]}" -module-name MediaFormats -emit-module -emit-module-path "$work/MediaFormats.swiftmodule" \
    "${formats[@]}" -c -o "$work/MediaFormats.o"
  "$swiftc" "${flags[@]}" -module-name LivePhotoCore -emit-module -emit-module-path "$work/LivePhotoCore.swiftmodule" \
    "${core[@]}" -c -o "$work/LivePhotoCore.o"
  "$toolchain/bin/clang" --target=wasm32-wasi --sysroot="$sysroot" -Os -c Web/engine/Shims.c -o "$work/Shims.o"
  # The boundary twice: the library engine's runs every operation, the first engine's those on single files.
  for engine in livephoto livephoto-library; do
    defines=(); [ "$engine" = livephoto ] || defines=(-D LIBRARY_ENGINE)
    "$swiftc" "${flags[@]}" "${defines[@]}" -module-name LivePhotoEngine Web/engine/Exports.swift -c -o "$work/$engine-exports.o"
    # 1 MiB of stack; the memory may grow to 512 MiB and no further (the engine reads at most 64 MiB at once, and a
    # header that large, parsed, takes a few times that).
    "$toolchain/bin/wasm-ld" --no-entry --export=lp_allocate --export=lp_release --export=lp_run -z stack-size=1048576 \
      --max-memory=536870912 --gc-sections --strip-all \
      "$work/$engine-exports.o" "$work/Shims.o" "$work/LivePhotoCore.o" "$work/MediaFormats.o" "$unicode" \
      "$sysroot/lib/wasm32-wasi/libc.a" "$builtins" -o "$work/$engine-unoptimized.wasm"
    # A function with one caller is inlined into it only while small: left to itself, wasm-opt folds every
    # operation's code into the dispatcher, one function of 160-450 KB, and a browser's optimizing compiler, once that
    # function runs hot, takes 80-90 MB more to compile it (docs/guide/javascript.md#two-engines).
    wasm-opt -Oz --one-caller-inline-max-function-size=200 --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
      "$work/$engine-unoptimized.wasm" -o "$work/$engine.wasm"
  done
fi
cp "$built" "$out/livephoto.wasm"
cp "$library" "$out/livephoto-library.wasm"
cp Web/module/*.js "$out/"
cp Web/module/*.d.ts Web/module/package.json "$out/"
for engine in livephoto livephoto-library; do
  raw=$(wc -c <"$out/$engine.wasm")
  gzipped=$(gzip -9c "$out/$engine.wasm" | wc -c)
  echo "$out/$engine.wasm: $raw bytes, $gzipped gzipped"
done
