"""The Library view and the ES module in headless Firefox ESR, the browser without a folder picker that the view's
zip download is for, on the static site (scripts/site.sh) served by `python3 -m http.server`; Firefox driven through
its own WebDriver BiDi (firefox_support.py).

Usage: firefox_library.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR ENGINE_DIR (the browser scripts' arguments;
the photo and the clip are not read)
Checks, each against `livephoto import ... --json` over the same inputs:
- The site opens and its service worker takes the page. The Library view, with nothing in its address to pretend,
  offers no folder picker: the library is one zip download, said so, with what a browser cannot do to the files'
  dates.
- A camera folder's two zips (one stored, one deflated: read through Firefox's DecompressionStream) chosen as files:
  the import downloads one zip, streamed through the service worker; it tests whole and unpacks to the command line's
  tree and record, each file dated as the command line dates it; the report saved is the command line's lines; the
  result accounts for every file.
- Two parts of an Apple data copy (dates from its Photo Details tables, an album's list, a hidden and a deleted
  photo, shared albums in a deflated zip inside): the zip unpacks to the command line's library with `--albums json`,
  its report the command line's; the zip inside, inflated into the private file system, is removed at the end.
- A Google Takeout's `.tgz` and `.tar` parts (a name past a ustar header's 100 bytes): the zip unpacks to the command
  line's library with `--albums json`, its report the command line's; the tgz, inflated into the private file system,
  is removed at the end.
- Offline: the server stopped, the page reloaded from the service worker's cache, and the camera zips' import again,
  the same library.
- The module imported by a page (`import()` of engine/livephoto.js): every real sample as `{ path, file }` pairs of
  one folder, `importLibrary` into a folder of the origin's private file system (Firefox's `createWritable`): the
  command line's library byte for byte and its report; and into a `WritableStream` (a private file's own), one zip
  that tests whole and unpacks to the same tree.
Prints one line per check and exits 1 if any failed.
"""
import base64
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile

from firefox_support import Firefox, firefox_version
from library_batches import OPFS_BYTES, OPFS_CLEAR, OPFS_TREE, TEXT, dates, run_batch, tree, unpacked_zip
from library_import import (
    RECORD as RECORD_FOLDER, RESULT, camera_folder, camera_zips, check_import_result, library_tree, record_lines, renamed, without_output,
)
from library_support import *  # noqa: F401,F403 (the Library tests' helpers, and the shared ones)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
DOWNLOADS = os.path.join(WORK, "firefox-downloads")


def downloaded(name, seconds=60):
    """The path of the download `name` once Firefox has finished it (no `.part` beside it, its size settled), or None."""
    path = os.path.join(DOWNLOADS, name)
    deadline, last = time.time() + seconds, -1
    while time.time() < deadline:
        if os.path.exists(path) and not os.path.exists(path + ".part"):
            size = os.path.getsize(path)
            if size == last and size > 0:
                return path
            last = size
        time.sleep(0.2)
    return None


def kept(path, name):
    """A finished download moved out of the downloads folder into WORK/firefox/NAME, so the next keeps its name."""
    if not path:
        return None
    target = os.path.join(WORK, "firefox", name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.move(path, target)
    return target


def apple_date(seconds):
    """A date as Apple's Photo Details tables write it: `Thursday August 29,2013 7:08 AM GMT`."""
    moment = time.gmtime(seconds)
    hour = moment.tm_hour % 12 or 12
    return (f"{time.strftime('%A %B', moment)} {moment.tm_mday},{moment.tm_year} {hour}:{moment.tm_min:02d} "
            f"{'AM' if moment.tm_hour < 12 else 'PM'} GMT")


def photo_details(rows):
    """A Photo Details CSV; `rows` are (name, favorite, hidden, deleted, created seconds)."""
    lines = ["imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate"]
    for index, (name, favorite, hidden, deleted, created) in enumerate(rows):
        flags = ["yes" if flag else "no" for flag in (favorite, hidden, deleted)]
        lines.append(",".join([name, "AQ" + str(index).rjust(26, "x"), *flags, f'"{apple_date(created)}"', "0", f'"{apple_date(1764000000)}"']))
    return ("\n".join(lines) + "\n").encode()


def shared_albums(sample):
    """An `iCloud Shared Albums.zip`: a shared album's photo and its AlbumInfo.json."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(zipfile.ZipInfo("My Albums/Harbour/IMG_0701.HEIC", (2024, 5, 1, 12, 0, 0)), sample("iphone7-ios12_IMG_2682_immich.heic"))
        z.writestr(zipfile.ZipInfo("My Albums/Harbour/AlbumInfo.json", (2024, 5, 1, 12, 0, 0)), json.dumps(
            {"albumName": "Harbour", "photos": [{"name": "IMG_0701.HEIC", "dateCreated": apple_date(1300000000)}]}),
            compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def data_copy(folder):
    """Apple's data copy of iCloud Photos in two parts, members stored and deflated, as privacy.apple.com splits one, its
    shared albums in a zip inside the first (deflated: inflated into the private file system to be read)."""
    os.makedirs(folder, exist_ok=True)
    sample = lambda name: open(os.path.join(SAMPLES, name), "rb").read()
    one, two = "iCloud Photos Part 1 of 2", "iCloud Photos Part 2 of 2"
    parts = {
        one: [(f"{one}/Photos/IMG_0404.HEIC", sample("iphone_IMG_3853_gwy15.HEIC"), zipfile.ZIP_STORED),
              (f"{one}/Photos/IMG_0404.MOV", sample("iphone_IMG_3853_gwy15.MOV"), zipfile.ZIP_STORED),
              (f"{one}/Photos/IMG_0403.JPG", sample("camera_sony-dsc-hx5v_mei.jpg"), zipfile.ZIP_DEFLATED),
              (f"{one}/Photos/Photo Details.csv", photo_details([("IMG_0403.JPG", True, False, False, 1377760080),
                                                                 ("IMG_0404.HEIC", False, False, False, 1522604700),
                                                                 ("IMG_0404.MOV", False, False, False, 1522604700)]), zipfile.ZIP_DEFLATED),
              (f"{one}/Albums/Trip.csv", b"Images\nIMG_0403.JPG\nIMG_0404.HEIC\n", zipfile.ZIP_DEFLATED),
              (f"{one}/iCloud Shared Albums.zip", shared_albums(sample), zipfile.ZIP_DEFLATED)],
        two: [(f"{two}/Photos/IMG_0501.JPG", sample("phone_samsung-gt-i9000_mei.jpg"), zipfile.ZIP_DEFLATED),
              (f"{two}/Photos/IMG_0502.JPG", sample("camera_nikon-d1x_mei.jpg"), zipfile.ZIP_STORED),
              (f"{two}/Photos/Photo Details-1.csv", photo_details([("IMG_0501.JPG", False, True, False, 1300000000),
                                                                   ("IMG_0502.JPG", False, False, True, 1400000000)]), zipfile.ZIP_DEFLATED)],
    }
    paths = []
    for name, members in parts.items():
        path = os.path.join(folder, f"{name}.zip")
        with zipfile.ZipFile(path, "w") as z:
            for member, data, method in members:
                z.writestr(zipfile.ZipInfo(member, (2024, 5, 1, 12, 0, 0)), data, compress_type=method)
        paths.append(path)
    return paths


def takeout_tars(folder):
    """A Google Takeout downloaded as tar parts: a `.tgz` (a Live Photo and its sidecar: inflated into the private file
    system to be read) and a `.tar` (a photo under a folder whose name runs past a ustar header's 100 bytes, read where
    it lies)."""
    os.makedirs(folder, exist_ok=True)
    sample = lambda name: open(os.path.join(SAMPLES, name), "rb").read()
    photos = "Takeout/Google Photos/Photos from 2019"
    album = f"{photos}/A folder whose name runs on past the hundred bytes a ustar header holds for a name, as albums do"
    sidecar = json.dumps({"title": "IMG_3853.HEIC", "photoTakenTime": {"timestamp": "1560000000"}}).encode()
    parts = {
        "takeout-20240101T000000Z-001.tgz": [(f"{photos}/IMG_3853.HEIC", sample("iphone_IMG_3853_gwy15.HEIC")),
                                             (f"{photos}/IMG_3853.MOV", sample("iphone_IMG_3853_gwy15.MOV")),
                                             (f"{photos}/IMG_3853.HEIC.supplemental-metadata.json", sidecar)],
        "takeout-20240101T000000Z-002.tar": [(f"{album}/DSC_0001.JPG", sample("camera_nikon-d1x_mei.jpg")),
                                             (f"{album}/metadata.json", json.dumps({"title": "A folder"}).encode())],
    }
    paths = []
    for name, members in parts.items():
        path = os.path.join(folder, name)
        with tarfile.open(path, "w:gz" if name.endswith(".tgz") else "w", format=tarfile.PAX_FORMAT) as tar:
            for member, data in members:
                info = tarfile.TarInfo(member)
                info.size, info.mtime = len(data), 1700000000
                tar.addfile(info, io.BytesIO(data))
        paths.append(path)
    return paths


def cli_lines(inputs, name, *flags):
    """The command line's import of `inputs` into WORK/cli/NAME: (its --json lines less the output folder, the folder)."""
    out = os.path.join(WORK, "cli", name)
    shutil.rmtree(out, ignore_errors=True)
    stdout = cli("import", *inputs, "--out", out, "--json", *flags, statuses=(0, 6))
    return [without_output(json.loads(line)) for line in stdout.splitlines()], out


def open_view(driver, url):
    """The Library view of the page at `url` (as `open_library`, without Chromium's window sizing)."""
    driver.get(url)
    wait_for(driver, "return document.body.dataset.ready === 'yes'", 60, "the page ready")
    script(driver, WATCH)
    script(driver, RECORD)
    driver.find_element(By.ID, "tab-library").click()


def page_import(driver, parts, what, name):
    """The Library view's import of `parts` chosen as files, into its zip download: (whether it ended, the zip's path,
    the report's lines as saved)."""
    for leftover in os.listdir(DOWNLOADS):
        os.remove(os.path.join(DOWNLOADS, leftover))
    driver.find_element(By.ID, "library-files").send_keys(*parts)
    chosen = try_wait(driver, f"return document.getElementById('library-chosen').textContent.startsWith('Chosen: {len(parts)} files')", 30)
    check(f"{what}: the {len(parts)} parts chosen as files", chosen, script(driver, TEXT, "library-chosen"))
    driver.find_element(By.ID, "library-job-import").click()
    done, error = run_batch(driver)
    path = kept(downloaded("library-import.zip"), f"{name}.zip") if done else None
    lines = None
    if done:
        driver.find_element(By.ID, "library-save").click()
        saved = kept(downloaded("library-import.jsonl", 30), f"{name}.jsonl")
        if saved:
            with open(saved, encoding="utf-8") as report:
                lines = [without_output(json.loads(line)) for line in report.read().splitlines()]
    return done, error, path, lines


def check_zip_library(path, expected, cli_out, what, name):
    """The zip downloaded tests whole and unpacks to the command line's library, record and dates."""
    whole, unpacked = unpacked_zip(path, f"firefox-{name}")
    ours, theirs = library_tree(tree(unpacked)) if whole else None, library_tree(tree(cli_out))
    check(f"{what}: the zip tests whole (unzip -tq) and unpacks to the command line's files, name for name and byte for byte",
          whole and ours == theirs and len(theirs) >= 3, (whole, ours, theirs))
    record = os.path.join(unpacked, RECORD_FOLDER, "written.jsonl")
    with open(os.path.join(cli_out, RECORD_FOLDER, "written.jsonl")) as theirs_record:
        records = record_lines(theirs_record.read())
    ours_records = record_lines(open(record).read()) if whole and os.path.exists(record) else None
    check(f"{what}: the zip holds the command line's record of what was written", ours_records == records, (ours_records, records))
    sources = [line["output"] for line in expected if line.get("outcome") in ("written", "paired-live-photo")]
    dated, theirs_dated = dates(unpacked) if whole else {}, dates(cli_out)
    check(f"{what}: each file in the zip is dated as the command line dates it (its capture time), to the second",
          sources and all(dated.get(output) == theirs_dated.get(output) for output in sources), (dated, theirs_dated, sources))


def view_pass(driver, url, parts, origin):
    """The Library view in Firefox: no folder picker, the camera zips into the zip download."""
    open_view(driver, url)
    controlled = try_wait(driver, "return !!navigator.serviceWorker.controller", 60)
    check("the site opens in Firefox and its service worker takes the page (it works offline from here)", controlled)
    state = script(driver, """const $ = (id) => document.getElementById(id);
        return {folder: !$('library-folder-choice').hidden, button: !$('library-destination').hidden, go: $('library-go').disabled,
                picker: typeof window.showDirectoryPicker, decompress: typeof DecompressionStream}""") or {}
    driver.find_element(By.ID, "library-job-import").click()
    note = script(driver, """const $ = (id) => document.getElementById(id);
        return {note: $('library-destination-note').textContent, dates: $('library-dates').textContent}""") or {}
    check("Firefox has no folder picker: the view offers its folder input, and no \"Choose where to save\"",
          state.get("picker") == "undefined" and state.get("folder") is True and state.get("button") is False, state)
    check("the view says the library is one zip download, never held in memory", "library-import.zip" in note.get("note", "")
          and "never held in memory" in note.get("note", ""), note)
    check("and that a browser cannot set a file's modification time, so the zip's entries carry the capture times",
          "cannot set a file's modification time" in note.get("dates", "") and "dated with its capture time" in note.get("dates", ""), note)
    expected, cli_out = cli_lines(parts, "firefox-zips")
    done, error, path, lines = page_import(driver, parts, "a camera folder's zips", "camera")
    check("a camera folder's zips, stored and deflated, made into a clean library in Firefox: it ends, and the zip download arrives",
          done and path, (error, path))
    check_zip_library(path, expected, cli_out, "the camera zips", "camera")
    check(f"the report saved is the command line's {len(expected)} lines, each part named by its file name",
          lines == expected and {line.get("part") for line in expected if "outcome" in line} == {"Camera-001.zip", "Camera-002.zip"},
          (lines, expected))
    check_import_result(driver, expected, script(driver, RESULT) or {}, "in Firefox")
    check_requests_made(driver, origin, "during the import in Firefox")
    return expected, cli_out


def export_import(driver, url, parts, name, what):
    """The Library view's import of an export's `parts` into its zip download, and the command line's with `--albums
    json`: (the command line's lines, the report saved, whether the zip tests whole, its library, the command line's)."""
    open_view(driver, url)
    try_wait(driver, "return !!navigator.serviceWorker.controller", 60)
    expected, cli_out = cli_lines(parts, f"firefox-{name}", "--albums", "json")
    done, error, path, lines = page_import(driver, parts, what, name)
    check(f"{what}: made into a clean library in Firefox: it ends, and the zip download arrives", done and path, (error, path))
    whole, unpacked = unpacked_zip(path, f"firefox-{name}")
    return expected, lines, whole, library_tree(tree(unpacked)) if whole else None, library_tree(tree(cli_out))


def data_copy_pass(driver, url, parts):
    expected, lines, whole, ours, theirs = export_import(driver, url, parts, "icloud", "an Apple data copy's two parts")
    check("its zip unpacks to the command line's library (its tables' dates written in, the hidden photo under Hidden/, "
          "the deleted one left out, albums.json, the shared album's photo from the zip inside), byte for byte", whole and ours == theirs
          and "albums.json" in theirs and any(p.startswith("Hidden/") for p in theirs) and any(p.endswith("IMG_0701.HEIC") for p in theirs),
          (whole, ours, theirs))
    left = private_names(driver)
    check("the zip inside, inflated into the private file system to be read, is removed once the import ends",
          isinstance(left, list) and not any(name.startswith("livephoto-import-zips-") for name in left), left)
    check(f"the report saved is the command line's {len(expected)} lines", lines == expected, (lines, expected))


def takeout_tars_pass(driver, url, parts):
    """A Takeout's tgz and tar parts through the Library view into its zip download."""
    expected, lines, whole, ours, theirs = export_import(driver, url, parts, "tars", "a Google Takeout's .tgz and .tar parts")
    check("its zip unpacks to the command line's library (the Live Photo from the tgz dated by its sidecar, the photo "
          "under a name past 100 bytes from the tar, albums.json), byte for byte", whole and ours == theirs and "albums.json" in theirs
          and sum(p.endswith((".HEIC", ".MOV", ".JPG")) for p in theirs) == 3, (whole, ours, theirs))
    left = private_names(driver)
    check("the tgz, inflated into the private file system to be read, is removed once the import ends",
          isinstance(left, list) and not any(name.startswith("livephoto-import-zips-") for name in left), left)
    check(f"the report saved is the command line's {len(expected)} lines, each part named by its file name", lines == expected
          and {line.get("part") for line in expected if "outcome" in line} == {os.path.basename(part) for part in parts}, (lines, expected))


def private_names(driver):
    """The names at the top of the origin's private file system (where an import inflates what it must), or the error."""
    return driver.execute_async_script("""const done = arguments[arguments.length - 1];
        navigator.storage.getDirectory().then(async (root) => { const names = []; for await (const name of root.keys()) names.push(name); done(names); },
        (error) => done(String(error)))""")


def offline_pass(driver, url, parts, server, expected, cli_out):
    """The server stopped: the page from the service worker's cache, and an import there."""
    server.terminate()
    server.wait(10)
    open_view(driver, url)
    ready = script(driver, "return document.body.dataset.ready === 'yes' && !!navigator.serviceWorker.controller")
    check("with the server stopped, the page opens again from the service worker's cache", ready is True, ready)
    done, error, path, lines = page_import(driver, parts, "offline", "offline")
    check("offline, the camera zips' import ends and its zip arrives", done and path, (error, path))
    check_zip_library(path, expected, cli_out, "offline", "offline")


# importLibrary in the page, from the Files of an input set with the samples: into arguments[1] (a folder of the
# private file system) and into a zip written to its file arguments[2]; the reports, or the error.
MODULE_IMPORT = """const done = arguments[arguments.length - 1];
(async () => {
  const { importLibrary } = await import('./engine/livephoto.js');
  const files = [...document.getElementById('firefox-files').files];
  const inputs = files.map((file, index) => ({ path: arguments[0][index], file }));
  const named = files.every((file, index) => arguments[0][index].endsWith(file.name));
  const root = await navigator.storage.getDirectory();
  const folder = await root.getDirectoryHandle(arguments[1], { create: true });
  const intoFolder = await importLibrary(inputs, { out: folder, partName: 'DCIM' });
  const zipFile = await (await root.getFileHandle(arguments[2], { create: true })).createWritable();
  const intoZip = await importLibrary(inputs, { out: zipFile, partName: 'DCIM' });
  return { named, folder: intoFolder.report, zip: intoZip.report };
})().then(done, (error) => done({ error: String(error) + ' ' + (error.stack || '') }));"""


def module_pass(driver, url):
    """The ES module in a Firefox page: every real sample as one folder's files, into the private file system."""
    driver.get(url)
    cleared = driver.execute_async_script(OPFS_CLEAR)
    check("the origin's private file system is emptied for the module's test", cleared is True, cleared)
    dcim = os.path.join(WORK, "firefox-samples", "DCIM")
    shutil.rmtree(dcim, ignore_errors=True)
    os.makedirs(dcim)
    names = sorted(name for name in os.listdir(SAMPLES) if name != "PROVENANCE.md")
    for name in names:
        shutil.copy(os.path.join(SAMPLES, name), os.path.join(dcim, name))
    expected, cli_out = cli_lines([dcim], "firefox-samples")
    expected = [renamed(line, dcim, "DCIM") for line in expected]
    script(driver, "const input = document.createElement('input'); input.type = 'file'; input.multiple = true; "
                   "input.id = 'firefox-files'; document.body.append(input)")
    driver.find_element(By.ID, "firefox-files").send_keys(*[os.path.join(dcim, name) for name in names])
    result = driver.execute_async_script(MODULE_IMPORT, names, "module-import", "module-import.zip") or {}
    check("the module's importLibrary ran in Firefox over every real sample, as one folder's files",
          "error" not in result and result.get("named") is True, result.get("error"))
    theirs = library_tree(tree(cli_out))
    ours = library_tree(driver.execute_async_script(OPFS_TREE, "module-import") or {})
    check(f"into a folder of the private file system (createWritable): the command line's library, {len(theirs)} files "
          "byte for byte", ours == theirs and len(theirs) >= len(names) - 2, (ours, theirs))
    check(f"its report is the command line's {len(expected)} lines", [without_output(line) for line in result.get("folder") or []] == expected,
          (result.get("folder"), expected))
    encoded = driver.execute_async_script(OPFS_BYTES, "module-import.zip") or "error"
    path = os.path.join(WORK, "firefox", "module-import.zip")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if not encoded.startswith("error"):
        with open(path, "wb") as out:
            out.write(base64.b64decode(encoded))
    whole, unpacked = unpacked_zip(path if not encoded.startswith("error") else None, "firefox-module")
    check("into a WritableStream (a private file's createWritable): one zip that tests whole and unpacks to the same library",
          whole and library_tree(tree(unpacked)) == theirs, (encoded[:200] if encoded.startswith("error") else whole))
    check("and the same report", [without_output(line) for line in result.get("zip") or []] == expected, result.get("zip"))


def check_requests_made(driver, origin, where):
    """What the page loaded, from its Resource Timing list (BiDi's network events are not subscribed to): nothing
    but its own origin and its Blobs."""
    names = script(driver, "return performance.getEntriesByType('resource').map((e) => e.name)") or []
    foreign = [name for name in names if not (name.startswith(origin + "/") or name.startswith(f"blob:{origin}/") or name.startswith("data:"))]
    check(f"{where}: nothing loaded from elsewhere ({len(names)} requests, all of {origin})", not foreign, foreign)


def main():
    version = firefox_version()
    check("Firefox is installed (scripts/bootstrap.sh installs Debian's firefox-esr)", version, "no firefox-esr or firefox on PATH")
    if not version:
        print(f"{len(failures)} failed", flush=True)
        return 1
    print(f"     {version}", flush=True)
    dcim = os.path.join(WORK, "camera", "DCIM")
    camera_folder(dcim)
    parts = camera_zips(dcim, os.path.join(WORK, "zips"))
    copy = data_copy(os.path.join(WORK, "icloud"))
    tars = takeout_tars(os.path.join(WORK, "tars"))
    site = os.path.join(WORK, "site")
    built = subprocess.run([os.path.join(ROOT, "scripts/site.sh"), site, "--engine", ENGINE], capture_output=True, text=True)
    check("scripts/site.sh builds the site", built.returncode == 0, built.stderr[-2000:])
    if built.returncode != 0:
        print(f"{len(failures)} failed", flush=True)
        return 1
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = serve_static(site, port, os.path.join(WORK, "http.log"))
    driver = Firefox(DOWNLOADS, os.path.join(WORK, "firefox.log"))
    try:
        module_pass(driver, url)
        expected, cli_out = view_pass(driver, url, parts, url.rstrip("/"))
        data_copy_pass(driver, url, copy)
        takeout_tars_pass(driver, url, tars)
        offline_pass(driver, url, parts, server, expected, cli_out)
    finally:
        driver.quit()
        server.terminate()
    print(f"{len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
