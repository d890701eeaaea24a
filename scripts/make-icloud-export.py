#!/usr/bin/env python3
"""Writes a synthetic Apple "data copy" of iCloud Photos for the benchmark, in zip parts as privacy.apple.com splits one.

    make-icloud-export.py OUTDIR --size-mb 2200 --parts 4 --base-jpeg A.jpg [--base-heic B.heic ...]
                          --base-movie C.mov [--base-movie D.mov ...] [--live-photo STILL MOVIE ...] [--seed 1]

OUTDIR gets `iCloud Photos Part 1 of M.zip` ... `iCloud Photos Part M of M.zip` and manifest.json (the counts;
written last, so its presence means the export is complete). Each part holds one top folder of its own name:

    iCloud Photos Part N of M/Photos/IMG_0403.HEIC ...      the media, in a random order (as Apple's are)
    iCloud Photos Part N of M/Photos/Photo Details.csv      a row per file of the part's Photos/; in the even parts
    iCloud Photos Part N of M/Photos/Photo Details-1.csv    the rows are split between the two files
    iCloud Photos Part N of M/Recently Deleted/IMG_....JPG  a few media, in the even parts (no rows)
    iCloud Photos Part 1 of M/Albums/TITLE.csv              header `Images`, a bare file name a line (any part's);
                                                            Favorites.csv and Hidden.csv repeat the flags
    iCloud Photos Part 1 of M/Memories/TITLE.csv            header `imageName`, the same
    iCloud Photos Part 1 of M/iCloud Shared Albums.zip      a nested zip: My Albums/TITLE/*.JPG and AlbumInfo.json

Photo Details.csv: `imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate`, rows
like `IMG_0403.MOV,AcQTH38VUJ8ryqOCgiKuos3A5eCo,no,no,no,"Thursday August 29,2013 7:08 AM GMT",0,"Wednesday
September 4,2013 9:10 PM GMT"`: the checksum is 21 bytes (0x01, then 20 drawn from the seed) in base64, 28 characters;
a file's copies share it; a few rows in Photos/ say deleted=yes. AlbumInfo.json's dates are in the same format. The
CSVs, albums, memories and the nested zip are written after the part's media, the costlier case for a reader that
streams the parts (a file's date arrives after the file). The layout is the one docs/formats/icloud.md describes.

- Camera-size media, named as an iPhone names them (IMG_NNNN.HEIC, .JPG, .MOV, numbered in the order taken, 2013-2025),
  each UNIQUE in its bytes, made as make-takeout.py makes them (a JPEG gets COM segments after SOI, a HEIC or a movie
  a top-level `free` box at its end, holding its number and random padding).
- Names repeat across parts (a different photo of the same name), and a few are Apple's digit-suffixed names
  (IMG_05141.JPG: a second IMG_0514.JPG of the same part).
- A few deliberate duplicates: the same photo (bytes, name, checksum, dates) in two parts.
- --live-photo pairs (an iPhone HEIC + MOV) under suffixed names, the still in part 1 and the movie in the last part,
  so that they pair only across parts.

Every member is deflated (level 6) with make-takeout.py's writer (zip64 where needed), each base file deflated once.
Deterministic: the same arguments give the same bytes. Python 3 standard library only.
"""
import argparse
import base64
import calendar
import csv
import importlib.util
import io
import json
import os
import random
import re
import shutil
import sys
import time
import zipfile

sys.dont_write_bytecode = True  # no __pycache__ left in scripts/ by the import below
_spec = importlib.util.spec_from_file_location(
    "make_takeout", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-takeout.py"))
tk = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tk)

DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
MONTHS = ("January February March April May June July August September October November December").split()
HEADER = ["imgName", "fileChecksum", "favorite", "hidden", "deleted", "originalCreationDate", "viewCount", "importDate"]
ALBUM_TITLES = ["Favourites 2019", "Lisbon", "Grandma's 80th", "Hiking", "Kids", "Road trip", "Wedding", "Garden",
                "Cats", "Japan 2023", "Beach days", "Concerts", "Food", "Skiing", "New house", "Camping"]
MEMORY_TITLES = ["Summer 2019", "Together over the years", "Weekend in Lisbon", "Snow days"]
SHARED_TITLES = ["Family", "Ski trip 2022", "Garden party"]


def apple_date(ts):
    """`%A %B %-d,%Y %-I:%M %p GMT` in English, whatever the locale."""
    t = time.gmtime(ts)
    hour = t.tm_hour % 12 or 12
    return "%s %s %d,%d %d:%02d %s GMT" % (DAYS[t.tm_wday], MONTHS[t.tm_mon - 1], t.tm_mday, t.tm_year, hour,
                                          t.tm_min, "AM" if t.tm_hour < 12 else "PM")


def checksum(rng):
    return base64.b64encode(b"\x01" + rng.randbytes(20)).decode()


class Part(tk.PartWriter):
    """One zip (a file or a BytesIO), written member by member with make-takeout.py's add_bytes and add_deflated."""

    def __init__(self, target):
        self.index, self.members, self.names = 1, 0, set()
        self.zf = zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, allowZip64=True, compresslevel=tk.LEVEL)

    def _roll(self):
        pass  # the parts are planned, not cut by size


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--size-mb", type=int, default=2200, help="media bytes to write, duplicates included (MB)")
    ap.add_argument("--parts", type=int, default=4)
    ap.add_argument("--base-jpeg", action="append", required=True)
    ap.add_argument("--base-heic", action="append", default=[], help="HEIC stills (most photos; JPEGs without)")
    ap.add_argument("--base-movie", action="append", required=True, help="QuickTime movies (.mov)")
    ap.add_argument("--live-photo", nargs=2, action="append", default=[], metavar=("STILL", "MOVIE"))
    ap.add_argument("--photo-pad-mb", type=float, default=1.2, help="a photo variant's padding: 0 to this (MB)")
    ap.add_argument("--movie-pad-mb", type=float, default=10.0, help="a movie variant's padding: 0 to this (MB)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.parts < 1:
        ap.error("--parts must be at least 1")
    rng = random.Random(args.seed)
    jpegs = [tk.Base(p, "jpeg") for p in args.base_jpeg]
    heics = [tk.Base(p, "movie") for p in args.base_heic]  # ISOBMFF: a `free` box at the end, as a movie's
    movies = [tk.Base(p, "movie") for p in args.base_movie]
    target = args.size_mb * 1_000_000
    numbers = iter(range(1, 1 << 30))  # a variant's number: its bytes

    def new_media(base, is_movie, ts):
        pad = rng.randint(0, int((args.movie_pad_mb if is_movie else args.photo_pad_mb) * 1_000_000))
        return {"base": base, "number": next(numbers), "pad": pad, "ts": ts, "movie": is_movie,
                "size": base.size + pad, "imported": ts + rng.randint(60, 86400 * 14),
                "favorite": rng.random() < 0.05, "hidden": rng.random() < 0.02, "views": rng.randint(0, 40),
                "checksum": checksum(rng), "folder": "Photos", "flags": set()}

    def plain(it):
        return not it["flags"] and not it["movie"]

    def taken():
        return int(calendar.timegm((rng.randint(2013, 2025), 1, 1, 0, 0, 0))) + rng.randint(0, 365 * 86400 - 1)

    # The shared albums (in the nested zip of part 1): a few JPEGs each, counted in the size.
    shared = []
    for title in SHARED_TITLES[:2 if args.size_mb < 1000 else 3]:
        photos = [new_media(rng.choice(jpegs), False, taken()) for _ in range(rng.randint(2, 4))]
        shared.append({"title": title, "created": min(p["ts"] for p in photos) - 3600, "photos": photos})
    total = sum(p["size"] for a in shared for p in a["photos"])

    # The library: photos (HEIC when given, a third JPEG) and a few movies, until the media bytes reach the target.
    items = []
    live_bytes = sum(os.path.getsize(p) for pair in args.live_photo for p in pair)
    total += live_bytes
    while total < target:
        is_movie = rng.random() < 0.06  # a phone library: few movies, yet about half of the bytes
        base = rng.choice(movies) if is_movie else rng.choice(heics if heics and rng.random() < 0.7 else jpegs)
        item = new_media(base, is_movie, taken())
        items.append(item)
        total += item["size"]
        if not is_movie and rng.random() < 0.02:
            item["flags"].add("duplicated")  # the same photo again in another part
            total += item["size"]
    # Named in the order taken, as an iPhone counts (IMG_0001 to IMG_9999, then again).
    first = rng.randint(1, 9999)
    for i, item in enumerate(sorted(items, key=lambda it: it["ts"])):
        ext = item["base"].ext.upper().replace(".JPEG", ".JPG")
        item["name"] = "IMG_%04d%s" % ((first + i - 1) % 9999 + 1, ext)

    # Parts: the items in a random order, a part filled to its share of the bytes (part 1 holds the shared albums
    # and the Live Photo's still, the last part its movie).
    parts = [[] for _ in range(args.parts)]
    part_size = total / args.parts
    running = sum(p["size"] for a in shared for p in a["photos"]) + live_bytes / 2
    rng.shuffle(items)
    for item in items:
        size = item["size"] * (2 if "duplicated" in item["flags"] else 1)
        p = min(args.parts - 1, int((running + size / 2) // part_size))  # where its middle falls
        item["part"] = p
        parts[p].append(item)
        running += size
    names = [{it["name"] for it in part} for part in parts]

    def rename(item, name):
        names[item["part"]].discard(item["name"])
        item["name"] = name
        names[item["part"]].add(name)

    # Names that repeat across parts: a photo given the name of another part's photo (different bytes).
    repeated = 0
    for _ in range(max(2, len(items) // 50) * 10):
        if repeated >= max(2, len(items) // 50) or len(items) < 2:
            break
        a, b = rng.sample(items, 2)
        if (a["part"] != b["part"] and plain(a) and plain(b) and a["base"].ext == b["base"].ext
                and a["name"] not in names[b["part"]]):
            rename(b, a["name"])
            a["flags"].add("repeated")
            b["flags"].add("repeated")
            repeated += 1
    # Apple's digit suffix: a second photo of one name in a part is written IMG_05141.JPG.
    suffixed = 0
    for _ in range(max(2, len(items) // 100) * 10):
        if suffixed >= max(2, len(items) // 100):
            break
        p = rng.randrange(args.parts)
        pool = [it for it in parts[p] if plain(it)]
        if len(pool) < 2:
            continue
        a, b = rng.sample(pool, 2)
        stem, ext = os.path.splitext(a["name"])
        if a["base"].ext == b["base"].ext and stem + "1" + ext not in names[p]:
            rename(b, stem + "1" + ext)
            a["flags"].add("suffix-of")
            b["flags"].add("suffixed")
            suffixed += 1
    # The deliberate duplicates: a copy (same bytes, name, checksum and dates) in another part.
    duplicates = []
    for item in [it for it in items if "duplicated" in it["flags"]]:
        others = [p for p in range(args.parts) if p != item["part"] and item["name"] not in names[p]]
        if not others:
            continue
        copy = dict(item, part=rng.choice(others), flags={"duplicate"})
        parts[copy["part"]].insert(rng.randint(0, len(parts[copy["part"]])), copy)
        names[copy["part"]].add(copy["name"])
        duplicates.append(copy)
    # Recently Deleted: a few photos of every other part (2, 4, ...) in that folder, without a row; and a few rows of
    # Photos/ flagged deleted=yes.
    deleted = flagged_deleted = 0
    for p in range(1, args.parts, 2):
        for item in [it for it in parts[p] if plain(it)][:3]:
            item["folder"] = "Recently Deleted"
            item["flags"].add("deleted")
            deleted += 1
    for item in rng.sample([it for it in items if plain(it)], min(2, sum(map(plain, items)))):
        item["flags"].add("flagged-deleted")
        flagged_deleted += 1
    # The Live Photo pairs: suffixed names (the plain name taken by another photo of part 1), still and movie apart.
    live = []
    for i, (still, movie) in enumerate(args.live_photo):
        m = re.search(r"IMG_(\d{4})", os.path.basename(still))
        stem = "IMG_%s" % (m.group(1) if m else "%04d" % (9000 + i))
        ts = int(calendar.timegm((2024, 6, 1 + i, 12, 0, 0)))
        still_ext, movie_ext = os.path.splitext(still)[1].upper(), os.path.splitext(movie)[1].upper()
        other = next((it for it in parts[0] if plain(it) and it["base"].ext.upper() == still_ext), None)
        if other is not None and stem + still_ext not in names[0]:
            rename(other, stem + still_ext)  # the photo whose name the still's collided with
            other["flags"].add("suffix-of")
        for path, p, ext in ((still, 0, still_ext), (movie, args.parts - 1, movie_ext)):
            entry = {"path": path, "name": stem + "1" + ext, "part": p, "ts": ts, "imported": ts + 120,
                     "favorite": False, "hidden": False, "views": 3, "checksum": checksum(rng), "folder": "Photos"}
            names[p].add(entry["name"])
            live.append(entry)

    # Write.
    tmp = args.outdir.rstrip("/") + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    counts = {"media": 0, "duplicates": len(duplicates), "recently_deleted": deleted, "flagged_deleted": flagged_deleted,
              "live_photo_pairs":
              len(args.live_photo), "repeated_names": repeated, "suffixed_names": suffixed + len(args.live_photo) * 2,
              "csv_files": 0, "csv_rows": 0, "albums": 0, "album_entries": 0, "memories": 0,
              "shared_albums": len(shared), "shared_album_photos": sum(len(a["photos"]) for a in shared),
              "nested_zips": 1, "flag_csvs": 2, "other": 0, "hidden": 0, "favorites": 0}
    members, media_bytes, part_names = 0, 0, []
    library = [it for it in items if it["folder"] == "Photos"]

    def csv_bytes(header, rows):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        return out.getvalue().encode()

    for p in range(args.parts):
        title = "iCloud Photos Part %d of %d" % (p + 1, args.parts)
        part_names.append(title + ".zip")
        w = Part(os.path.join(tmp, title + ".zip"))
        root = title + "/"
        entries = [it for it in parts[p] if it["folder"] == "Photos"] + [e for e in live if e["part"] == p]
        entries += [it for it in parts[p] if it["folder"] != "Photos"]
        rows, favorites, hidden = [], [], []
        for e in entries:
            name = root + e["folder"] + "/" + e["name"]
            if "path" in e:
                data = open(e["path"], "rb").read()
                w.add_bytes(name, data)
                media_bytes += len(data)
            else:
                size, crc, chunks = tk.variant(e["base"], e["number"], e["pad"])
                w.add_deflated(name, size, crc, chunks)
                media_bytes += size
            counts["media"] += 1
            if e["folder"] != "Photos":
                continue  # Recently Deleted/ has no CSV
            counts["hidden"] += e["hidden"]
            counts["favorites"] += e["favorite"]
            rows.append([e["name"], e["checksum"], "yes" if e["favorite"] else "no", "yes" if e["hidden"] else "no",
                         "yes" if "flagged-deleted" in e.get("flags", ()) else "no", apple_date(e["ts"]), e["views"],
                         apple_date(e["imported"])])
        if p == 0:
            # Albums and memories list bare names, of any part's photos.
            for t in ALBUM_TITLES[:max(3, min(len(ALBUM_TITLES), args.size_mb // 300))]:
                chosen = rng.sample(library, min(len(library), rng.randint(5, 30)))
                w.add_bytes(root + "Albums/%s.csv" % t, csv_bytes(["Images"], [[it["name"]] for it in chosen]))
                counts["albums"] += 1
                counts["album_entries"] += len(chosen)
            for t, flag in (("Favorites", "favorite"), ("Hidden", "hidden")):  # the flags again, not albums
                listed = [[it["name"]] for it in library if it[flag]] + [[e["name"]] for e in live if e[flag]]
                w.add_bytes(root + "Albums/%s.csv" % t, csv_bytes(["Images"], listed))
            for t in MEMORY_TITLES[:2]:
                chosen = rng.sample(library, min(len(library), rng.randint(5, 15)))
                w.add_bytes(root + "Memories/%s.csv" % t, csv_bytes(["imageName"], [[it["name"]] for it in chosen]))
                counts["memories"] += 1
            inner = io.BytesIO()
            z = Part(inner)
            for album in shared:
                folder = "My Albums/%s/" % album["title"]
                info = {"albumName": album["title"], "creationDate": apple_date(album["created"]), "photos": []}
                for i, photo in enumerate(album["photos"]):
                    photo["name"] = "IMG_%04d.JPG" % ((first + 5000 + photo["number"]) % 9999 + 1)
                    size, crc, chunks = tk.variant(photo["base"], photo["number"], photo["pad"])
                    z.add_deflated(folder + photo["name"], size, crc, chunks)
                    media_bytes += size
                    info["photos"].append({"name": photo["name"], "dateCreated": apple_date(photo["ts"])})
                z.add_bytes(folder + "AlbumInfo.json", json.dumps(info, indent=2, ensure_ascii=False).encode())
            z.close()
            w.add_bytes(root + "iCloud Shared Albums.zip", inner.getvalue())
            counts["other"] += counts["albums"] + counts["flag_csvs"] + counts["memories"] + 1
        # Photo Details.csv, its rows split with Photo Details-1.csv in the even parts.
        cut = len(rows) // 2 if p % 2 == 1 and len(rows) > 1 else len(rows)
        for suffix, chunk in (("", rows[:cut]), ("-1", rows[cut:])):
            if chunk:
                w.add_bytes(root + "Photos/Photo Details%s.csv" % suffix, csv_bytes(HEADER, chunk))
                counts["csv_files"] += 1
                counts["csv_rows"] += len(chunk)
                counts["other"] += 1
        members += w.members
        w.close()

    unique = counts["media"] - len(duplicates)
    manifest = dict(counts, members=members, media_unique=unique, library_media=unique - deleted - flagged_deleted,
                    parts=args.parts, part_names=part_names, media_bytes=media_bytes, seed=args.seed,
                    size_mb=args.size_mb, bytes=sum(os.path.getsize(os.path.join(tmp, n)) for n in part_names))
    with open(os.path.join(tmp, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    shutil.rmtree(args.outdir, ignore_errors=True)
    os.rename(tmp, args.outdir)
    print("%d parts, %d MB, %d members: %d media files (%d unique, %d duplicates, %d recently deleted, %d Live Photo "
          "pairs), %d CSV rows in %d files, %d albums, %d memories, %d shared albums (%d photos)" % (
              args.parts, manifest["bytes"] // 1_000_000, members, counts["media"], unique, len(duplicates), deleted,
              len(args.live_photo), counts["csv_rows"], counts["csv_files"], counts["albums"], counts["memories"],
              len(shared), counts["shared_album_photos"]))


if __name__ == "__main__":
    main()
