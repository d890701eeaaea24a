#!/usr/bin/env bash
# Times the lossless commands against `cp` of the same video, in the same run, and prints the ratio and the
# peak memory (RSS) of each: `make` (photo + movie -> Live Photo), `convert --to motion` (Live Photo -> Motion
# Photo, the movie remuxed to MP4) and `split` of that Motion Photo. Usage:
#   scripts/benchmark.sh                 # ~200 MB and ~2 GB videos (needs ~7 GB of free disk)
#   scripts/benchmark.sh 50 500          # other sizes, in MB
#   BENCH_RUNS=9 scripts/benchmark.sh    # best of 9 instead of 5
#   BENCH_SIZE=640x360 scripts/benchmark.sh   # frame size of the ffmpeg part (default 1920x1080)
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

printf '%-10s %8s %-22s %-22s %-22s %s\n' "video" "cp (s)" "make (s, ratio)" "to motion (s, ratio)" "split (s, ratio)" "peak RSS cp/make/motion/split"
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
  read -r mo_s mo_kb < <(measure "$bin" convert --to motion "$work/out/made.JPG" "$work/out/made.MOV" --out "$work/mp" --name mp --force)
  read -r sp_s sp_kb < <(measure "$bin" split "$work/mp/mp.MP.jpg" --out "$work/sp" --force)
  r() { awk "BEGIN{printf \"%.2fx\", ($cp_s > 0 ? $1 / $cp_s : 0)}"; }
  printf '%-10s %8s %-22s %-22s %-22s %d/%d/%d/%d MB\n' "$((size / 1000000)) MB" "$cp_s" "$mk_s ($(r "$mk_s"))" "$mo_s ($(r "$mo_s"))" \
    "$sp_s ($(r "$sp_s"))" "$((cp_kb / 1024))" "$((mk_kb / 1024))" "$((mo_kb / 1024))" "$((sp_kb / 1024))"
  rm -rf "$work/out" "$work/mp" "$work/sp"
done
echo "ratio = command time / cp time for the same file (best of $runs runs); target: at most 1.5x, and under 50 MB RSS."

# The ffmpeg part: a 3 s clip made into a Live Photo from the video alone (the still is its cover frame), split
# into the cover frame and the lossless step; and the cost of a WebM (VP9) that must be transcoded to H.264.
frame=${BENCH_SIZE:-1920x1080}
clip="$work/clip3s-$frame.mov"; webm="$work/clip3s-$frame.webm"
if [ ! -f "$clip" ]; then
  ffmpeg -v error -y -f lavfi -i "testsrc2=size=$frame:rate=30" -f lavfi -i "sine=sample_rate=48000" -t 3 \
    -c:v libx264 -preset medium -crf 18 -pix_fmt yuv420p -c:a aac "$clip"
  ffmpeg -v error -y -i "$clip" -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 8M -c:a libopus "$webm"
  ffmpeg -v error -y -ss 1.5 -i "$clip" -frames:v 1 -q:v 3 "$work/clip3s-photo.jpg"
fi
read -r alone_s alone_kb < <(measure "$bin" make "$clip" --out "$work/out" --name alone --force)
read -r pair_s _ < <(measure "$bin" make "$work/clip3s-photo.jpg" "$clip" --out "$work/out" --name pair --force)
read -r webm_s webm_kb < <(measure "$bin" make "$webm" --out "$work/out" --name webm --force)
cover_s=$(awk "BEGIN{d = $alone_s - $pair_s; printf \"%.2f\", (d > 0 ? d : 0)}")
echo
echo "3 s $frame clip, video alone (the still is its cover frame):"
printf '  %-44s %8s s\n' "make, total" "$alone_s" "  of which the lossless step (photo given)" "$pair_s" "  of which the cover frame (difference)" "$cover_s"
printf '  %-44s %8s s   (%sx the lossless make; peak RSS with ffmpeg %d MB)\n' "make from the same clip as VP9 WebM" "$webm_s" \
  "$(awk "BEGIN{printf \"%.1f\", ($pair_s > 0 ? $webm_s / $pair_s : 0)}")" "$((webm_kb / 1024))"
rm -rf "$work/out"

# The web app: the largest video uploaded to `livephoto serve`; the upload streams to disk, so the server's peak
# memory does not grow with it.
big="$work/video-${sizes[-1]}MB.mov"
command -v curl >/dev/null || { sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo; $sudo apt-get install -y -qq curl >/dev/null; }
"$bin" serve --port 0 --json --max-upload 8192 > "$work/serve.json" 2>/dev/null &
server=$!
for _ in $(seq 100); do [ -s "$work/serve.json" ] && break; sleep 0.1; done
port=$(sed -E 's/.*"port": ([0-9]+).*/\1/' "$work/serve.json")
up_s=$( { /usr/bin/time -f "%e" curl -s -o /dev/null -H "Expect:" -T "$big" "http://127.0.0.1:$port/api/uploads?name=big.mov" ; } 2>&1 | tail -n 1)
rss_kb=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
kill "$server"; wait "$server" 2>/dev/null || true
echo
printf 'serve: a %d MB upload took %s s; the server'"'"'s peak RSS was %d MB\n' "$(( $(stat -c %s "$big") / 1000000 ))" "$up_s" "$((rss_kb / 1024))"

