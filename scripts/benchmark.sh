#!/usr/bin/env bash
# Times `livephoto make` (the lossless path) against `cp` of the same video, in the same run, and prints the
# ratio and the peak memory (RSS) of each. Usage:
#   scripts/benchmark.sh                 # ~200 MB and ~2 GB videos (needs ~7 GB of free disk)
#   scripts/benchmark.sh 50 500          # other sizes, in MB
#   BENCH_RUNS=9 scripts/benchmark.sh    # best of 9 instead of 5
# Installs ffmpeg and GNU time when missing (Debian/Ubuntu). Work files go to bench-work/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(200 2000)
runs=${BENCH_RUNS:-5}

need=()
command -v ffmpeg >/dev/null || need+=(ffmpeg)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

swift build -c release --product livephoto >/dev/null
bin="$(swift build -c release --show-bin-path)/livephoto"
work=bench-work
mkdir -p "$work"

# A 10 s 1080p H.264 clip at a high bit rate, then looped (stream copy) up to each size.
if [ ! -f "$work/base.mov" ]; then
  ffmpeg -v error -y -f lavfi -i "testsrc2=size=1920x1080:rate=30" -f lavfi -i "sine=frequency=440:sample_rate=48000" \
    -t 10 -c:v libx264 -preset ultrafast -b:v 40M -pix_fmt yuv420p -c:a aac "$work/base.mov"
  ffmpeg -v error -y -f lavfi -i "testsrc2=size=1920x1080" -frames:v 1 "$work/photo.jpg"
fi
base_mb=$(( $(stat -c %s "$work/base.mov") / 1000000 ))

# Runs a command `runs` times; prints the best wall time (s) and the largest peak RSS (KB).
measure() {
  local best="" rss=0 line t m
  for _ in $(seq "$runs"); do
    /usr/bin/time -o "$work/time.txt" -f "%e %M" "$@" >/dev/null 2>&1
    line=$(tail -n 1 "$work/time.txt")
    t=${line% *}; m=${line#* }
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    [ "$m" -gt "$rss" ] && rss=$m
  done
  echo "$best $rss"
}

printf '%-10s %10s %10s %8s %12s %12s\n' "video" "cp (s)" "make (s)" "ratio" "cp RSS" "make RSS"
for mb in "${sizes[@]}"; do
  src="$work/video-${mb}MB.mov"
  if [ ! -f "$src" ]; then
    loops=$(( (mb + base_mb - 1) / base_mb - 1 ))
    ffmpeg -v error -y -stream_loop "$loops" -i "$work/base.mov" -map 0 -c copy "$src"
  fi
  size=$(stat -c %s "$src")
  cat "$src" >/dev/null  # same page-cache state for both
  read -r cp_s cp_kb < <(measure cp "$src" "$work/copy.mov")
  rm -f "$work/copy.mov"
  read -r mk_s mk_kb < <(measure "$bin" make "$work/photo.jpg" "$src" --out "$work/out" --name made --force)
  ratio=$(awk "BEGIN{printf \"%.2f\", ($cp_s > 0 ? $mk_s / $cp_s : 0)}")
  printf '%-10s %10s %10s %7sx %9d MB %9d MB\n' "$((size / 1000000)) MB" "$cp_s" "$mk_s" "$ratio" "$((cp_kb / 1024))" "$((mk_kb / 1024))"
  rm -rf "$work/out"
done
echo "ratio = make time / cp time for the same file (best of $runs runs); target: at most 1.5x, and under 50 MB RSS."
