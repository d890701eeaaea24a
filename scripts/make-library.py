#!/usr/bin/env python3
"""Writes a synthetic photo library for the benchmark: copies of one Live Photo (each re-tagged with its own
content identifier, so every pair is distinct), of one Motion Photo, and of a plain photo and movie.

    make-library.py OUT PAIRS MOTION PLAIN STILL MOVIE MOTIONPHOTO PLAINPHOTO PLAINMOVIE

STILL and MOVIE are a Live Photo made by livephoto (its identifier, as ASCII, is replaced in both files);
OUT gets YYYY/MM/IMG_NNNNN.JPG and .MOV, android/PXL_NNNNN.MP.jpg and misc/plain_NNNNN.jpg/.mov.
"""
import os
import re
import sys
import uuid


def main():
    out, pairs, motion, plain = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    still, movie, motion_photo, plain_photo, plain_movie = (open(p, "rb").read() for p in sys.argv[5:10])
    found = re.search(rb"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", still)
    if not found or found.group(0) not in movie:
        sys.exit("make-library.py: the still and movie do not share an identifier")
    old = found.group(0)

    def write(path, data):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)

    for n in range(pairs):
        new = str(uuid.uuid4()).upper().encode()
        folder = os.path.join(out, str(2015 + n % 10), "%02d" % (1 + n // 10 % 12))
        write(os.path.join(folder, "IMG_%05d.JPG" % n), still.replace(old, new))
        write(os.path.join(folder, "IMG_%05d.MOV" % n), movie.replace(old, new))
    for n in range(motion):
        write(os.path.join(out, "android", str(n // 500), "PXL_%05d.MP.jpg" % n), motion_photo)
    for n in range(plain):
        data, ext = (plain_photo, "jpg") if n % 2 == 0 else (plain_movie, "mov")
        write(os.path.join(out, "misc", str(n // 500), "plain_%05d.%s" % (n, ext)), data)


if __name__ == "__main__":
    main()
