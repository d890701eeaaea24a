"""A synthetic Google Takeout downloaded as `.tgz` (docs/guide/takeout.md), for scripts/benchmark.sh: the media below
ROOT/DCIM in four gzip-compressed tars (level 6, gzip's and tar's default), ROOT/tars.tmp/takeout-20240101T000000Z-00N.tgz,
each a quarter of the files in path order in `Takeout/Google Photos/Photos from 2013/` (a second file of a name
already taken in the album folder `Takeout/Google Photos/Copies/`), each with its sidecar
`NAME.supplemental-metadata.json` giving it a date: 2013-08-29 07:08 UTC plus a minute for each file in path order.

    python3 takeout_tars.py ROOT
"""
import calendar, io, json, pathlib, sys, tarfile
root = pathlib.Path(sys.argv[1])
files = sorted(p.relative_to(root).as_posix() for p in (root / "DCIM").rglob("*") if p.is_file())
quarter = -(-len(files) // 4)
first = calendar.timegm((2013, 8, 29, 7, 8, 0))
taken = set()
(root / "tars.tmp").mkdir()
for i in range(4):
    with tarfile.open(root / "tars.tmp" / f"takeout-20240101T000000Z-00{i + 1}.tgz", "w:gz", compresslevel=6,
                      format=tarfile.PAX_FORMAT) as part:
        for index in range(i * quarter, min((i + 1) * quarter, len(files))):
            path = root / files[index]
            folder = "Takeout/Google Photos/" + ("Copies" if path.name in taken else "Photos from 2013")
            taken.add(path.name)
            part.add(path, f"{folder}/{path.name}")
            sidecar = json.dumps({"title": path.name, "photoTakenTime": {"timestamp": str(first + index * 60)}}).encode()
            info = tarfile.TarInfo(f"{folder}/{path.name}.supplemental-metadata.json")
            info.size, info.mtime = len(sidecar), first
            part.addfile(info, io.BytesIO(sidecar))
