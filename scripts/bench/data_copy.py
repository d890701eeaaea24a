"""A synthetic Apple data copy of iCloud Photos (docs/formats/icloud.md), for scripts/benchmark.sh: the media below
ROOT/DCIM flattened into four stored zips, ROOT/parts.tmp/iCloud Photos Part N of 4.zip, each a quarter of the files in
`iCloud Photos Part N of 4/Photos/` (a second file of a name already taken in Photos/Copies/) with its Photo
Details.csv: a row for each file of its Photos/, dated 2013-08-29 07:08 UTC plus a minute for each file in path order,
imported six days later, the checksum 0x01 and the file's SHA-1 in base64 (so that copies share it, as Apple's do).

    python3 data_copy.py ROOT
"""
import base64, calendar, hashlib, pathlib, sys, time, zipfile
root = pathlib.Path(sys.argv[1])
files = sorted(p.relative_to(root).as_posix() for p in (root / "DCIM").rglob("*") if p.is_file())
quarter = -(-len(files) // 4)
days = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
months = "January February March April May June July August September October November December".split()
def apple_date(seconds):
    t = time.gmtime(seconds)
    return (f"{days[t.tm_wday]} {months[t.tm_mon - 1]} {t.tm_mday},{t.tm_year} {t.tm_hour % 12 or 12}:{t.tm_min:02} "
            f"{'AM' if t.tm_hour < 12 else 'PM'} GMT")
first = calendar.timegm((2013, 8, 29, 7, 8, 0))
taken = set()
(root / "parts.tmp").mkdir()
for i in range(4):
    top = f"iCloud Photos Part {i + 1} of 4"
    rows = ["imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate"]
    with zipfile.ZipFile(root / "parts.tmp" / f"{top}.zip", "w", zipfile.ZIP_STORED) as part:
        for index in range(i * quarter, min((i + 1) * quarter, len(files))):
            path = root / files[index]
            folder = "Photos/Copies" if path.name in taken else "Photos"
            taken.add(path.name)
            part.write(path, f"{top}/{folder}/{path.name}")
            if folder == "Photos":
                checksum = base64.b64encode(b"\x01" + hashlib.sha1(path.read_bytes()).digest()).decode()
                created = first + index * 60
                rows.append(f'{path.name},{checksum},no,no,no,"{apple_date(created)}",0,"{apple_date(created + 6 * 86400)}"')
        part.writestr(f"{top}/Photos/Photo Details.csv", "\n".join(rows) + "\n")
