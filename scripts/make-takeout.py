#!/usr/bin/env python3
"""Writes a synthetic Google Photos Takeout for the benchmark, split into zip parts as Google splits one.

    make-takeout.py OUTDIR --size-mb 2200 --parts 4 --base-jpeg A.jpg --base-movie B.mp4 [--base-movie C.mov ...]
                    [--live-photo STILL MOVIE ...] [--album-share 0.3] [--seed 1]

OUTDIR gets takeout-20261127T000000Z-001.zip ... -NNN.zip and manifest.json (the counts; written last, so its
presence means the export is complete). The layout follows the Takeout reference (TAKEOUT.md): Takeout/Google
Photos/Photos from YYYY/..., album folders with a metadata.json holding {"title": ...}, a sidecar per media file:

- Camera-size media, each UNIQUE in its bytes (the takeout command deduplicates by bytes): a JPEG variant is the
  base with COM segments (0xFFFE) inserted right after SOI, holding its number and random padding (so sizes vary);
  a movie variant is the base with a top-level `free` box appended, holding its number and random padding.
- A share of them (--album-share, 30%) also in one or two album folders: same bytes, same name, own sidecar copy.
- Sidecars: most `NAME.EXT.supplemental-metadata.json` (2025 exports), some classic `NAME.EXT.json`; either is cut
  to 46 characters before `.json` (51 in all), as Google cuts them:
  `PXL_20231111_054349057.jpg.supplemental-metada.json`.
  photoTakenTime spread over 2015-2025, geoData (and geoDataExif) for half of them, some favourites.
- --live-photo pairs (e.g. an iPhone HEIC + MOV) are put in a year folder and again in an album, as duplicates.
- A few non-media files: Takeout/archive_browser.html, print-subscriptions.json, user-generated-memory-titles.json.

Members are written in order, and a part is closed as soon as it reaches its share of the total, so a photo and
its sidecar can land in different parts. Every member is deflated (ZIP_DEFLATED, level 6), media too: TAKEOUT.md
says nothing about the method Google uses, and no real listing with methods (`unzip -v`) was found, so this takes
the costlier assumption that Google deflates every entry, as general-purpose zip writers do (check it against a
real export's `unzip -v`; stored media would make both unzip and takeout cheaper). On camera JPEG and H.264 deflate
gains 0-2% (zlib keeps the photos' blocks stored), but every reader pays the inflate. To stay fast, each base file
is deflated once: a variant's deflate stream is the base's stream with the unique part's own stream before (JPEG,
after a sync flush) or after (movie) it, which is a valid stream of the variant's bytes. Deterministic: the same
arguments give the same bytes.
Python 3 standard library only.
"""
import argparse
import calendar
import json
import os
import random
import shutil
import struct
import sys
import time
import zipfile
import zlib

STAMP = "20261127T000000Z"
ZIP_TIME = (2026, 11, 27, 0, 0, 0)  # Google's entry times are the export's time
ROOT = "Takeout/Google Photos/"
LEVEL = 6
ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
ALBUM_TITLES = ["Summer in Lisbon", "Grandma's 80th", "Hiking the Alps", "Kids", "Best of 2019", "Road trip USA",
                "Wedding", "Christmas", "Garden", "Cats", "Japan 2023", "Beach days", "Concerts", "Food",
                "Skiing", "New house", "Birthday party", "Camping", "Paris weekend", "Snow"]
PLACES = [(38.7223, -9.1393, 45.0), (46.5588, 7.9035, 2100.0), (48.8566, 2.3522, 35.0), (35.6762, 139.6503, 40.0),
          (40.7128, -74.0060, 10.0), (52.5200, 13.4050, 34.0), (-33.8688, 151.2093, 58.0), (64.1466, -21.9426, 20.0)]


def raw_deflate(data, finish):
    """Raw deflate (as in a zip) of `data`; ends with BFINAL when `finish`, else with a sync flush (byte-aligned,
    open for a following stream)."""
    c = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    out = c.compress(data)
    return out + (c.flush() if finish else c.flush(zlib.Z_SYNC_FLUSH))


class Base:
    """A base file, deflated once."""

    def __init__(self, path, kind):
        self.path, self.kind = path, kind
        self.ext = os.path.splitext(path)[1].lower()
        data = open(path, "rb").read()
        if kind == "jpeg":
            if data[:2] != b"\xff\xd8":
                sys.exit("make-takeout.py: %s is not a JPEG" % path)
            self.body = data[2:]  # after SOI
            self.body_z = raw_deflate(self.body, finish=True)
        else:
            if data[4:8] not in (b"ftyp", b"moov", b"mdat", b"free", b"wide"):
                sys.exit("make-takeout.py: %s is not an MP4/MOV" % path)
            self.body = data
            self.body_z = raw_deflate(data, finish=False)
            self.crc = zlib.crc32(data)
        self.size = len(data)


def variant(base, number, pad_size):
    """(uncompressed size, crc, list of deflated chunks) of the base made unique by `number` and `pad_size` random
    bytes (as incompressible as image data, drawn from `number`)."""
    pad = random.Random(number).randbytes(pad_size)
    tag = b"livephoto-bench variant %08d " % number
    if base.kind == "jpeg":
        payload = tag + pad
        segments = [b"\xff\xd8"]
        for i in range(0, len(payload), 65533):  # a COM segment holds at most 65533 bytes
            chunk = payload[i:i + 65533]
            segments.append(b"\xff\xfe" + struct.pack(">H", len(chunk) + 2) + chunk)
        head = b"".join(segments)
        crc = zlib.crc32(base.body, zlib.crc32(head))
        return len(head) + len(base.body), crc, [raw_deflate(head, finish=False), base.body_z]
    box = struct.pack(">I", 8 + len(tag) + len(pad)) + b"free" + tag + pad
    crc = zlib.crc32(box, base.crc)
    return base.size + len(box), crc, [base.body_z, raw_deflate(box, finish=True)]


def formatted(ts):
    t = time.gmtime(ts)
    return "%d %s %d, %02d:%02d:%02d UTC" % (t.tm_mday, MONTHS[t.tm_mon - 1], t.tm_year, t.tm_hour, t.tm_min, t.tm_sec)


def sidecar_name(media_name, classic):
    """Google's rule (TAKEOUT.md 2.1): the first 46 characters of name + suffix, then `.json`."""
    return (media_name + ("" if classic else ".supplemental-metadata"))[:46] + ".json"


def sidecar(rng, title, ts, geo, favorite, device):
    coords = {"latitude": 0.0, "longitude": 0.0, "altitude": 0.0, "latitudeSpan": 0.0, "longitudeSpan": 0.0}
    if geo:
        lat, lon, alt = rng.choice(PLACES)
        coords = {"latitude": round(lat + rng.uniform(-0.05, 0.05), 7),
                  "longitude": round(lon + rng.uniform(-0.05, 0.05), 7),
                  "altitude": round(alt + rng.uniform(-5, 5), 2), "latitudeSpan": 0.0, "longitudeSpan": 0.0}
    uploaded = ts + rng.randint(60, 86400 * 30)
    doc = {"title": title, "description": rng.choice(["", "", "", "With friends", "Sunset"]),
           "imageViews": str(rng.randint(0, 40)),
           "creationTime": {"timestamp": str(uploaded), "formatted": formatted(uploaded)},
           "photoTakenTime": {"timestamp": str(ts), "formatted": formatted(ts)},
           "geoData": coords, "geoDataExif": coords,
           "url": "https://photos.google.com/photo/AF1Qip%s" % "".join(rng.choice(ALNUM) for _ in range(33)),
           "googlePhotosOrigin": {"mobileUpload": {"deviceFolder": {"localFolderName": ""}, "deviceType": device}}}
    if favorite:
        doc["favorited"] = True
    return json.dumps(doc, indent=2, ensure_ascii=False).encode()


class PartWriter:
    """Writes members in order into parts of about `part_size` bytes: a part is closed once it reaches that size
    (the last part takes the rest)."""

    def __init__(self, out, parts, part_size):
        self.out, self.parts, self.part_size = out, parts, part_size
        self.index, self.zf, self.members, self.closed_bytes = 0, None, 0, 0
        self.names = set()
        self._open()

    def _open(self):
        self.index += 1
        path = os.path.join(self.out, "takeout-%s-%03d.zip" % (STAMP, self.index))
        self.zf = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, allowZip64=True, compresslevel=LEVEL)

    def _roll(self):
        # Against the running total, so that one part's overshoot (up to a member) is not carried to the next.
        if self.index < self.parts and self.closed_bytes + self.zf.fp.tell() >= self.index * self.part_size:
            self.zf.close()
            self.closed_bytes += os.path.getsize(self.zf.filename)
            self._open()

    def _check(self, name):
        if name in self.names:
            sys.exit("make-takeout.py: duplicate member %s" % name)
        self.names.add(name)
        self.members += 1

    def add_bytes(self, name, data):
        self._check(name)
        info = zipfile.ZipInfo(name, ZIP_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        self.zf.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=LEVEL)
        self._roll()

    def add_deflated(self, name, size, crc, chunks):
        """A member whose raw deflate stream is given (zipfile has no public call for this)."""
        self._check(name)
        zf = self.zf
        info = zipfile.ZipInfo(name, ZIP_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        info.file_size, info.CRC = size, crc
        info.compress_size = sum(len(c) for c in chunks)
        info.header_offset = zf.fp.tell()
        zip64 = size > zipfile.ZIP64_LIMIT or info.compress_size > zipfile.ZIP64_LIMIT
        zf.fp.write(info.FileHeader(zip64))
        for c in chunks:
            zf.fp.write(c)
        zf.filelist.append(info)
        zf.NameToInfo[name] = info
        zf.start_dir = zf.fp.tell()  # where close() writes the central directory
        self._roll()

    def close(self):
        self.zf.close()
        return self.index


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--size-mb", type=int, default=2200, help="media bytes to write, album copies included (MB)")
    ap.add_argument("--parts", type=int, default=4)
    ap.add_argument("--base-jpeg", action="append", required=True)
    ap.add_argument("--base-movie", action="append", required=True)
    ap.add_argument("--live-photo", nargs=2, action="append", default=[], metavar=("STILL", "MOVIE"))
    ap.add_argument("--album-share", type=float, default=0.3, help="share of the media also in albums")
    ap.add_argument("--photo-pad-mb", type=float, default=1.2, help="a photo variant's padding: 0 to this (MB)")
    ap.add_argument("--movie-pad-mb", type=float, default=10.0, help="a movie variant's padding: 0 to this (MB)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.parts < 1:
        ap.error("--parts must be at least 1")
    rng = random.Random(args.seed)
    jpegs = [Base(p, "jpeg") for p in args.base_jpeg]
    movies = [Base(p, "movie") for p in args.base_movie]
    target = args.size_mb * 1_000_000

    # Plan: each media item (its year, name, time, albums), until the media bytes (with album copies) reach target.
    items, total, seen, counter = [], 0, set(), 0
    years = list(range(2015, 2026))
    albums = [{"title": t, "items": []} for t in ALBUM_TITLES[:max(3, min(len(ALBUM_TITLES), args.size_mb // 150))]]
    while total < target:
        counter += 1
        year = rng.choice(years)
        ts = int(calendar.timegm((year, 1, 1, 0, 0, 0))) + rng.randint(0, 365 * 86400 - 1)
        t = time.gmtime(ts)
        stamp = "%04d%02d%02d_%02d%02d%02d" % t[:6]
        is_movie = rng.random() < 0.06  # a phone library: few movies, yet about half of the bytes
        base = rng.choice(movies if is_movie else jpegs)
        style = rng.random()
        ext = base.ext
        if ext == ".mov" or (style < 0.35 and not is_movie):
            name = "IMG_%04d%s" % (counter % 10000, ext.upper() if ext != ".jpeg" else ".JPG")
        elif style < 0.75:
            name = "PXL_%s%03d%s%s" % (stamp, rng.randint(0, 999), ".NIGHT" if rng.random() < 0.1 else "", ext)
        elif style < 0.95:
            name = ("VID_%s%s" if is_movie else "IMG_%s%s") % (stamp, ext)
        else:  # a long upload title: its sidecar's name loses the extension (`Holiday_0042_..._in_.json`)
            name = "Holiday_%04d_at_grandmas_house_by_the_lake_in_summer%s" % (counter, ext)
        folder = ROOT + "Photos from %d/" % year
        if (folder, name) in seen:
            name = os.path.splitext(name)[0] + "_%d" % counter + ext
        seen.add((folder, name))
        pad = rng.randint(0, int((args.movie_pad_mb if is_movie else args.photo_pad_mb) * 1_000_000))
        item = {"folder": folder, "name": name, "base": base, "number": counter, "pad": pad, "ts": ts,
                "geo": rng.random() < 0.5, "favorite": rng.random() < 0.05, "classic": rng.random() < 0.2,
                "device": rng.choice(["ANDROID_PHONE", "IOS_PHONE"]), "albums": []}
        copies = 1
        if rng.random() < args.album_share:
            item["albums"] = rng.sample(range(len(albums)), 2 if rng.random() < 0.15 else 1)
            copies += len(item["albums"])
        for a in item["albums"]:
            albums[a]["items"].append(item)
        items.append(item)
        total += copies * (base.size + pad)

    live = []  # each pair: a year folder, and one album as its duplicate
    for i, (still, movie) in enumerate(args.live_photo):
        ts = int(calendar.timegm((2024, 6, 1 + i, 12, 0, 0)))
        pair = {"folder": ROOT + "Photos from 2024/", "ts": ts, "files": [], "album": i % len(albums)}
        for path in (still, movie):
            name = "IMG_%04d%s" % (9000 + i, os.path.splitext(path)[1].upper())
            pair["files"].append((name, open(path, "rb").read()))
        live.append(pair)

    # Write: the year folders and album folders in a shuffled order (as Google interleaves them), each media
    # file followed by its sidecar.
    tmp = args.outdir.rstrip("/") + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    part_size = (total + sum(len(d) * 2 for p in live for _, d in p["files"])) // args.parts
    w = PartWriter(tmp, args.parts, part_size)
    counts = {"media": 0, "media_unique": 0, "album_copies": 0, "sidecars": 0, "albums": len(albums),
              "live_photo_pairs": len(live), "other": 0}
    w.add_bytes("Takeout/archive_browser.html", b"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>"
                b"Archive Overview</title></head><body><h1>Your Google Takeout archive</h1><p>Google Photos</p>"
                b"</body></html>\n")
    counts["other"] += 1
    written_bytes = 0

    def put_media(folder, item):
        nonlocal written_bytes
        size, crc, chunks = variant(item["base"], item["number"], item["pad"])
        w.add_deflated(folder + item["name"], size, crc, chunks)
        w.add_bytes(folder + sidecar_name(item["name"], item["classic"]), item["json"])
        counts["media"] += 1
        counts["sidecars"] += 1
        written_bytes += size

    def live_sidecar(name, pair):
        return sidecar(random.Random(name), name, pair["ts"], True, False, "IOS_PHONE")

    for item in items:
        r = random.Random(item["number"])  # the same sidecar in every copy
        item["json"] = sidecar(r, item["name"], item["ts"], item["geo"], item["favorite"], item["device"])

    folders = sorted({it["folder"] for it in items} | {p["folder"] for p in live})
    order = [("year", f) for f in folders] + [("album", a) for a in range(len(albums))]
    rng.shuffle(order)
    done_unique = set()
    for kind, key in order:
        if kind == "year":
            for item in (it for it in items if it["folder"] == key):
                put_media(key, item)
                done_unique.add(item["number"])
                counts["media_unique"] += 1
            for p in (p for p in live if p["folder"] == key):
                for name, data in p["files"]:
                    w.add_bytes(key + name, data)
                    w.add_bytes(key + sidecar_name(name, False), live_sidecar(name, p))
                    counts["media"] += 1
                    counts["media_unique"] += 1
                    counts["sidecars"] += 1
        else:
            album = albums[key]
            folder = ROOT + album["title"].replace("/", "-") + "/"
            ts = rng.randint(1420070400, 1735603200)
            w.add_bytes(folder + "metadata.json", json.dumps(
                {"title": album["title"], "description": "", "access": "protected",
                 "date": {"timestamp": str(ts), "formatted": formatted(ts)}}, indent=2).encode())
            for item in album["items"]:
                put_media(folder, item)
                counts["album_copies"] += 1
            for p in (p for p in live if p["album"] == key):
                for name, data in p["files"]:
                    w.add_bytes(folder + name, data)
                    w.add_bytes(folder + sidecar_name(name, False), live_sidecar(name, p))
                    counts["media"] += 1
                    counts["album_copies"] += 1
                    counts["sidecars"] += 1
    w.add_bytes(ROOT + "print-subscriptions.json", b"[]\n")
    w.add_bytes(ROOT + "user-generated-memory-titles.json", json.dumps(
        [{"title": "Summer memories"}, {"title": "Best of the year"}], indent=2).encode())
    counts["other"] += 2
    parts = w.close()

    manifest = dict(counts, members=w.members, parts=parts, part_names=sorted(os.listdir(tmp)),
                    bytes=sum(os.path.getsize(os.path.join(tmp, n)) for n in os.listdir(tmp)),
                    media_bytes=written_bytes, seed=args.seed, size_mb=args.size_mb)
    with open(os.path.join(tmp, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    shutil.rmtree(args.outdir, ignore_errors=True)
    os.rename(tmp, args.outdir)
    print("%d parts, %d MB: %d media files (%d unique, %d album copies, %d Live Photo pairs), %d sidecars, "
          "%d albums, %d other files; %d members" % (
              parts, manifest["bytes"] // 1_000_000, counts["media"], counts["media_unique"], counts["album_copies"],
              len(live), counts["sidecars"], counts["albums"], counts["other"], w.members))


if __name__ == "__main__":
    main()
