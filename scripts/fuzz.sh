#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer and AddressSanitizer.
#   scripts/fuzz.sh TARGET SECONDS     # one target, e.g. scripts/fuzz.sh jpeg 600
#   scripts/fuzz.sh all SECONDS        # every target in turn
#   FUZZ_WORKERS=N scripts/fuzz.sh ... # N processes on one target (default 1)
#   FUZZ_MAX_LEN=BYTES scripts/fuzz.sh ... # the largest input the fuzzer makes (default 16384, as in the corpus)
#   scripts/fuzz.sh minimize TARGET|all # fold what the runs found into the committed corpus, Fuzz/Corpus/TARGET
# Targets (Fuzz/Sources/fuzz_TARGET): jpeg, isobmff, heif, quicktime_metadata, xmp, motion_photo, tar, zip_stream,
# property_list, json, csv (MediaFormats' parsers), pvt_zip (the `.pvt.zip` reader) and make (the whole lossless make plan,
# checked by verify).
# The targets are one Swift package, Fuzz/, built in release with the sanitizers into .build-fuzz/spm. A corpus
# starts from ../shared/samples (read in place, never copied into the project), tiny clips made by ffmpeg when it is
# installed, the committed corpus Fuzz/Corpus/TARGET (minimised inputs the fuzzer found, each under 16 KB and
# sharing no run of 64 bytes with a sample) and every input in Fuzz/Regressions/TARGET (inputs that once crashed:
# each must run clean first). It grows in .build-fuzz/corpus/TARGET. A crash is written to
# .build-fuzz/crashes/TARGET/ and fails the script.
# Prints the number of runs of each target.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh TARGET|all SECONDS, or scripts/fuzz.sh minimize TARGET|all}
seconds=${2:-30}
minimize=
if [ "$target" = minimize ]; then minimize=1; target=${2:?usage: scripts/fuzz.sh minimize TARGET|all}; fi
workers=${FUZZ_WORKERS:-1}
samples=../shared/samples
out=.build-fuzz
export SWIFT_BACKTRACE=enable=no   # the backtracer waits on a crashed fuzzer instead of letting libFuzzer report
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0"

all_targets() { for d in Fuzz/Sources/fuzz_*; do basename "$d" | sed 's/^fuzz_//'; done; }
[ "$target" = all ] || [ -d "Fuzz/Sources/fuzz_$target" ] \
  || { echo "no such target: $target (have: $(all_targets | tr '\n' ' '))" >&2; exit 64; }

# One build for every target (SwiftPM rebuilds only what changed).
if [ -z "${FUZZ_BUILT:-}" ]; then
  echo "building the fuzz targets..." >&2
  # SwiftPM keeps the product package's file lists in the build plan and does not notice a file added to it (it is a
  # path dependency here): the plan is made again, which costs seconds.
  rm -f "$out"/spm/*/release/description.json
  # SwiftPM's --sanitize links the runtimes; -Xswiftc instruments the Swift code (coverage for libFuzzer, ASan).
  swift build --package-path Fuzz --scratch-path "$out/spm" -c release --sanitize=fuzzer --sanitize=address \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing 2>&1 | grep -Ev "Cannot export local symbol|unhandled; explicitly declare" | grep -E "error|warning: " >&2 || true
  export FUZZ_BUILT=1
fi
if [ "$target" = all ]; then
  status=0
  for t in $(all_targets); do
    if [ -n "$minimize" ]; then "$0" minimize "$t" || status=1; else "$0" "$t" "$seconds" || status=1; fi
  done
  exit $status
fi
binary="$out/spm/release/fuzz_$target"
[ -x "$binary" ] || { echo "the build of $target failed" >&2; exit 1; }
mkdir -p "$out/corpus/$target" "$out/crashes/$target" "$out/seeds" "Fuzz/Corpus/$target"

if [ -n "$minimize" ]; then
  merged="$out/merged/$target"
  rm -rf "$merged" && mkdir -p "$merged"
  "$binary" -merge=1 -max_len=16384 -timeout=10 -artifact_prefix="$out/crashes/$target/" "$merged" "Fuzz/Corpus/$target" "$out/corpus/$target" >"$out/$target.merge.log" 2>&1
  python3 - "$samples" "$merged" "Fuzz/Corpus/$target" <<'PY'
import glob, hashlib, os, shutil, sys
samples, merged, corpus = sys.argv[1:4]
window, stride = 48, 16
seen = set()
for path in glob.glob(os.path.join(samples, "*")):
    data = open(path, "rb").read()
    for i in range(0, len(data) - window + 1, stride):
        seen.add(hash(data[i:i + window]))
def copies_a_sample(data):
    # A run of window + stride - 1 = 63 bytes shared with a sample holds one of its windows at a multiple of `stride`.
    return any(
        hash(data[i:i + window]) in seen for i in range(0, len(data) - window + 1))
kept = 0
for name in os.listdir(corpus):
    os.remove(os.path.join(corpus, name))
for name in sorted(os.listdir(merged)):
    data = open(os.path.join(merged, name), "rb").read()
    if not copies_a_sample(data):
        open(os.path.join(corpus, hashlib.sha1(data).hexdigest()), "wb").write(data)
        kept += 1
print(f"{kept} of {len(os.listdir(merged))} minimised inputs kept (the rest hold bytes of a sample)")
PY
  exit 0
fi

# Seeds: small media made once, then what each target reads.
if command -v ffmpeg >/dev/null && [ ! -f "$out/seeds/tiny.mov" ]; then
  ffmpeg -v error -y -f lavfi -i "testsrc2=size=64x48:rate=10" -t 0.5 -c:v libx264 -preset ultrafast -g 3 "$out/seeds/tiny.mov" || true
  ffmpeg -v error -y -f lavfi -i "testsrc2=size=64x48:rate=10" -t 0.5 -c:v libx264 -preset ultrafast -movflags +faststart \
    "$out/seeds/tiny.mp4" || true
  ffmpeg -v error -y -f lavfi -i "testsrc2=size=64x48" -frames:v 1 "$out/seeds/tiny.jpg" || true
fi
seed_dir="$out/seeds/$target"
if [ ! -d "$seed_dir" ]; then
  mkdir -p "$seed_dir"
  python3 - "$target" "$samples" "$out/seeds" "$seed_dir" <<'PY'
import glob, os, sys
target, samples, seeds, dest = sys.argv[1:5]
def files(*patterns):
    return [p for pattern in patterns for p in sorted(glob.glob(os.path.join(samples, pattern)) + glob.glob(os.path.join(seeds, pattern))) if os.path.isfile(p)]
def put(name, data):
    if data:
        open(os.path.join(dest, name), "wb").write(data[:256 << 10])
def boxes(data, start, end):
    i = start
    while i + 8 <= end:
        size = int.from_bytes(data[i:i + 4], "big")
        kind = data[i + 4:i + 8]
        if size == 1 and i + 16 <= end: size = int.from_bytes(data[i + 8:i + 16], "big")
        if size < 8 or i + size > end: return
        yield kind, i, size
        i += size
for path in files("*"):
    data = open(path, "rb").read()
    name = os.path.basename(path)
    if target in ("jpeg", "motion_photo") and data[:2] == b"\xff\xd8": put(name, data)
    if target in ("heif", "motion_photo") and data[4:8] == b"ftyp" and b"hei" in data[8:32]: put(name, data)
    if target == "isobmff" and name.lower().endswith((".mov", ".mp4")):
        # Every box but the media data whole (a moov at the end survives), mdat cut to 4 KB with its size made true.
        kept = b""
        for kind, at, size in boxes(data, 0, len(data)):
            if kind == b"mdat":
                body = data[at + 8:at + min(size, 4096)]
                kept += (len(body) + 8).to_bytes(4, "big") + b"mdat" + body
            else:
                kept += data[at:at + size]
        put(name, kept)
    if target == "xmp":
        start = data.find(b"<x:xmpmeta")
        while start >= 0:
            end = data.find(b"</x:xmpmeta>", start)
            if end < 0: break
            put(f"{name}-{start}.xmp", data[start:end + 12])
            start = data.find(b"<x:xmpmeta", end)
    has_movie = os.path.isfile(os.path.join(seeds, "tiny.mov"))
    if target == "pvt_zip" and name == "tiny.jpg" and has_movie:
        import io, zipfile
        movie = open(os.path.join(seeds, "tiny.mov"), "rb").read()
        for compression in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", compression) as archive:
                archive.writestr("IMG.pvt/IMG.JPG", data)
                archive.writestr("IMG.pvt/IMG.MOV", movie)
                archive.writestr("IMG.pvt/metadata.plist", b"<plist version=\"1.0\"><dict/></plist>")
            put(f"IMG-{compression}.pvt.zip", buffer.getvalue())
    if target == "make" and (name == "tiny.jpg" or name.endswith("_MP.heic")) and has_movie:
        movie = open(os.path.join(seeds, "tiny.mov"), "rb").read()
        put(name + ".make", len(data).to_bytes(4, "little") + data + movie)
    if target == "quicktime_metadata" and name.lower().endswith((".mov", ".mp4")):
        for kind, at, size in boxes(data, 0, len(data)):
            if kind == b"moov":
                for inner, at2, size2 in boxes(data, at + 8, at + size):
                    if inner == b"meta": put(f"{name}.meta", data[at2:at2 + size2])
PY
fi

mkdir -p "Fuzz/Regressions/$target"
for input in "Fuzz/Regressions/$target"/*; do
  [ -f "$input" ] || continue
  "$binary" -runs=1 -timeout=10 "$input" >/dev/null 2>&1 || { echo "FAIL $target: regression input $input crashes again" >&2; exit 1; }
done

# Files the code under test makes for itself (inspect's and split's work folders) go to memory too: on a disk, their
# mkdir, write and rmdir took most of a pvt_zip run.
[ -w /dev/shm ] && export TMPDIR=/dev/shm
# Inputs stay under 16 KB unless told: every header the parsers read fits, and larger inputs only slow each run (a
# 256 KB limit ran jpeg at 1,200 runs/s, 16 KB at 11,000). Longer seeds are cut to the limit when loaded.
# make and pvt_zip run without the leak check: the Swift runtime and Foundation make caches lazily, which libFuzzer
# takes for a leak in many inputs, and each check scans the whole heap (35 runs/s with it, 700 to 2,900 without).
# AddressSanitizer still stops them at any out-of-bounds access, use after free or double free.
leaks=()
case "$target" in make | pvt_zip) leaks=(-detect_leaks=0) ;; esac
# Workers are whole fuzzers side by side, each writing what it finds into the shared corpus folder (libFuzzer's own
# -fork mode restarts its children every few seconds: two of them made 450 pvt_zip runs a second where two whole
# fuzzers make 2,000).
pids=()
for worker in $(seq 1 "$workers"); do
  "$binary" "$out/corpus/$target" "Fuzz/Corpus/$target" "$seed_dir" "Fuzz/Regressions/$target" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -max_len="${FUZZ_MAX_LEN:-16384}" -print_final_stats=1 \
    -artifact_prefix="$out/crashes/$target/" "${leaks[@]}" >"$out/$target.$worker.log" 2>&1 &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
runs=0
failed_log=
for worker in $(seq 1 "$workers"); do
  log="$out/$target.$worker.log"
  n=$(grep -aEo "stat::number_of_executed_units: *[0-9]+" "$log" | grep -Eo "[0-9]+$" | tail -n 1 || true)
  # A fuzzer that stopped at a crash prints no final stats: its last status line ("#RUNS ...") counts its runs.
  [ -n "$n" ] || n=$(grep -aEo "^#[0-9]+" "$log" | tr -d '#' | tail -n 1 || true)
  runs=$((runs + ${n:-0}))
  grep -aqE "^==[0-9]+==|ERROR: libFuzzer|SUMMARY: " "$log" && failed_log=$log
done
if [ $status -ne 0 ]; then
  log=${failed_log:-$out/$target.1.log}
  echo "FAIL $target: a crash after $runs runs; the input is in $out/crashes/$target/ (log: $log)" >&2
  grep -aE "ERROR|SUMMARY|Fatal error" "$log" | head -n 5 >&2
  exit 1
fi
echo "ok   $target: $runs runs in ${seconds} s, no crash"
