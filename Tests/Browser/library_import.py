"""The Library view's import in headless Chromium, on the static site (scripts/site.sh) served by `python3 -m
http.server`: a camera's folder made into a clean library in the browser, against `livephoto import DCIM --out OUT
--json` over the same folder.

Usage: library_import.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR ENGINE_DIR (the browser scripts' arguments;
the photo and the clip are not read)
The folder, DCIM, is made from the samples: an iPhone's Live Photo (HEIC and MOV), a plain JPEG, a copy of it in
another folder, and the Live Photo's .AAE edit file. Checks:
- Into a folder (the page's `?save-into-opfs`: "Choose where to save" gives a folder of the origin's private file
  system), the folder dropped (a FileSystemDirectoryHandle, walked in the engine's worker): the view says once that a
  browser cannot set the files' modification times; the tree written is the command line's, in YYYY/MM folders, name
  for name and byte for byte (SHA-256), with its record of what was written; the report saved is its --json lines
  (`part` the folder's name, not its path); the sentence and the table account for every file of the folder; the bar
  goes one way to its end, its line saying the files and bytes; start and end read out; the keyboard reaches every
  control in order. Again into the same folder: every media file already written, nothing rewritten.
- Into the zip download (`?folder-input`: no picker, as Firefox and Safari), by year (`--layout year`): the zip
  streamed through the service worker tests whole and unpacks to the command line's tree and record, each file dated
  as the command line dates it (its capture time); the report saved is the command line's lines.
- Cancel, from the keyboard, while 400 photos are copied: it says after how many files; the next run into the same
  folder finishes the library, what was copied before reported as already written.
- Two zips of the folder chosen as files (one stored, one deflated): read in place, into a folder of the private
  file system, the command line's library from the same zips, and its report (`part` each zip's file name).
- Two zips of a folder that holds an export's JSON sidecar: the command line's library (the sidecar's caption
  written into its photo), and its report.
Prints one line per check and exits 1 if any failed.
"""
import json
import os
import re
import shutil
import subprocess
import zipfile

from selenium.webdriver.support.ui import Select

from library_batches import (
    OPFS_CLEAR, OPFS_TREE, RECORD_BAR, SHOWN, TEXT, choose_library, dates, files_below, open_into_opfs, run_batch, tree, unpacked_zip,
)
from library_support import *  # noqa: F401,F403 (the Library tests' helpers, and the shared ones)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
RECORD = ".livephoto-takeout"
# The text of the private file system's file at the path arguments[0].
OPFS_TEXT = """const done = arguments[arguments.length - 1];
(async () => {
  let folder = await navigator.storage.getDirectory();
  const steps = arguments[0].split('/');
  for (const step of steps.slice(0, -1)) folder = await folder.getDirectoryHandle(step);
  return await (await (await folder.getFileHandle(steps.at(-1))).getFile()).text();
})().then(done, (error) => done('error: ' + error));"""
# The sentence, the table's rows (outcome, files, copied now) and its heads, the listed failures, notes and problems.
RESULT = """const $ = (id) => document.getElementById(id);
return {sentence: $('library-sentence').textContent, title: $('library-result-title').textContent,
        heads: [...$('library-counts').tHead.rows[0].cells].map(th => th.textContent),
        rows: [...$('library-counts').tBodies[0].rows].map(tr => [tr.dataset.outcome, ...[...tr.cells].slice(1).map(td => Number(td.textContent.replace(/,/g, '')))]),
        lists: ['failed', 'notes', 'problems'].filter(id => !$(`library-${id}`).hidden)}"""


def camera_folder(folder, sidecar=False):
    """A camera's folder as a phone leaves it on a computer: a Live Photo, a photo and its copy, an .AAE edit file;
    with `sidecar`, an export's JSON sidecar too. Each file dated apart."""
    def place(path, source=None, text=None):
        target = os.path.join(folder, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if source:
            shutil.copy(os.path.join(SAMPLES, source), target)
        else:
            with open(target, "w") as f:
                f.write(text)
    place("100APPLE/IMG_0001.HEIC", "iphone_IMG_3853_gwy15.HEIC")
    place("100APPLE/IMG_0001.MOV", "iphone_IMG_3853_gwy15.MOV")
    place("100APPLE/IMG_0001.AAE", text='<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict/></plist>\n')
    place("100APPLE/IMG_0002.JPG", "camera_sony-dsc-hx5v_mei.jpg")
    place("Copies/IMG_0002.JPG", "camera_sony-dsc-hx5v_mei.jpg")
    if sidecar:
        place("100APPLE/IMG_0002.JPG.json", text='{"title": "IMG_0002.JPG", "photoTakenTime": {"timestamp": "1273000000"}, '
              '"description": "At the harbour", "geoData": {"latitude": 53.5453, "longitude": 9.9665, "altitude": 4.0}}\n')
    for index, path in enumerate(sorted(files_below(folder))):
        stamp = 1_600_000_000 + index * 86_400 + index * 3_671
        os.utime(os.path.join(folder, path), (stamp, stamp))


def renamed(value, old, new):
    """Every string in `value` with `old` (the folder's path, which the command line prints) made `new` (its name)."""
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: renamed(v, old, new) for k, v in value.items()}
    return value


def cli_import(dcim, name, *arguments):
    """The command line's import of `dcim` into a new folder: (its --json lines as objects, `part` the folder's name,
    the summary without its output folder; its record's lines, so named, sorted; the folder)."""
    out = os.path.join(WORK, "cli", name)
    shutil.rmtree(out, ignore_errors=True)
    stdout = cli("import", dcim, "--out", out, "--json", *arguments, statuses=(0, 6))
    lines = [without_output(renamed(json.loads(line), dcim, "DCIM")) for line in stdout.splitlines()]
    with open(os.path.join(out, RECORD, "written.jsonl")) as record:
        records = record_lines(record.read(), dcim)
    return lines, records, out


def record_lines(text, folder=None):
    """A record's lines as objects (the folder's path `folder` made its name), in one order: runs write them as their
    items finish."""
    lines = [renamed(json.loads(line), folder, "DCIM") if folder else json.loads(line) for line in text.splitlines() if line]
    return sorted(lines, key=lambda line: json.dumps(line, sort_keys=True))


def without_output(line):
    return {k: v for k, v in line.items() if not (line.get("type") == "summary" and k == "outputDirectory")}


def saved_lines(driver, name):
    """The report "Save the report" gives, as objects (None when nothing came, or a line is not JSON)."""
    lines = saved_report(driver, os.path.join(WORK, "downloads", name), "library-import.jsonl")
    try:
        return [json.loads(line) for line in lines] if lines is not None else None
    except ValueError:
        return None


def library_tree(files):
    """A tree (path: SHA-256, or OPFS_TREE's [SHA-256, size, time]) without the record of what was written."""
    return {path: value[0] if isinstance(value, list) else value for path, value in files.items() if not path.startswith(RECORD + "/")}


def sentence_for(summary):
    """The sentence the view says of this folder's import: the counts of the command line's summary, in words."""
    words = {"paired-live-photo": ("paired Live Photo half", "paired Live Photo halves"), "written": ("written", "written"),
             "duplicate": ("duplicate of a file written once", "duplicates of files written once"),
             "already-written": ("already written by an earlier run", "already written by an earlier run")}
    parts = [f"{n} {words[outcome][0 if n == 1 else 1]}" for outcome, n in
             [(o, summary["outcomes"][o]) for o in ["paired-live-photo", "written", "duplicate", "already-written"]] if n]
    return f"{summary['mediaFiles']} media files: {', '.join(parts)}; 1 other file not copied (1 .AAE edit)."


def rows_for(lines):
    """The table's rows for the command line's lines: each outcome's files and the files this run copied."""
    order = ["paired-live-photo", "written", "merged-into-motion-photo", "duplicate", "already-written", "skipped", "failed"]
    media = [line for line in lines if "outcome" in line]
    copied = lambda outcome: sum(1 for line in media if line["outcome"] == outcome and outcome in ("paired-live-photo", "written"))
    rows = [[outcome, sum(1 for line in media if line["outcome"] == outcome), copied(outcome)] for outcome in order
            if any(line["outcome"] == outcome for line in media)]
    others = sum(1 for line in lines if line.get("type") == "non-media")
    return rows + [["not-copied", others, 0], ["total", len(media) + others, sum(row[2] for row in rows)]]


def choose_import(driver, layout=None):
    driver.find_element(By.ID, "library-job-import").click()
    if layout:
        Select(driver.find_element(By.ID, "library-layout")).select_by_value(layout)


def folder_pass(driver, url, dcim, origin):
    """Into a folder of the private file system, the folder dropped; then again into the same folder."""
    open_into_opfs(driver, url)
    chosen = choose_library(driver, dcim, "drop")
    choose_import(driver)
    state = script(driver, """const $ = (id) => document.getElementById(id);
        return {button: !$('library-destination').hidden && $('library-destination').textContent, go: $('library-go').disabled,
                start: $('library-go').textContent, layout: $('library-layout').disabled && 'disabled' || $('library-layout').value,
                flavor: $('library-flavor').disabled, note: $('library-destination-note').textContent,
                said: [...document.querySelectorAll('#library p, #library label')].filter(e => e.checkVisibility())
                  .map(e => e.textContent).filter(t => t.includes("cannot set a file's modification time"))}""") or {}
    check("the import where the browser has a folder picker: \"Choose where to save\", Start waits for it, the folders by year and month",
          chosen and state.get("button") == "Choose where to save" and state.get("go") is True and state.get("start") == "Make the library"
          and state.get("layout") == "year-month" and state.get("flavor") is True, state)
    check("the view says a second run into the same folder goes on where it stopped", "again into the same folder" in state.get("note", ""), state)
    said = state.get("said") or []
    check("the view says once that a browser cannot set the files' modification times, and that the capture dates stay in the files",
          len(said) == 1 and "capture dates stay in the files' own metadata" in said[0], said)
    driver.find_element(By.ID, "library-destination").click()
    picked = try_wait(driver, "return document.getElementById('library-destination-chosen').textContent.includes('library-import')", 10)
    check("the folder chosen is named, and Start can go", picked and script(driver, "return document.getElementById('library-go').disabled") is False,
          script(driver, TEXT, "library-destination-chosen"))
    expected, records, cli_out = cli_import(dcim, "folder")
    outcomes = sorted({line.get("outcome") for line in expected if "outcome" in line})
    check("the command line pairs the Live Photo, writes the photo and its copy once, and does not copy the .AAE",
          outcomes == ["duplicate", "paired-live-photo", "written"] and expected[-1].get("nonMediaFiles") == 1, expected)
    done, error = run_batch(driver)
    check("a camera folder made into a clean library, into the folder: it ends with its result", done, error)
    result = script(driver, RESULT) or {}
    check("the result's heading says what was done and where, and has the focus",
          result.get("title") == "Made a clean library of the folder “DCIM” into the folder “library-import”"
          and script(driver, "return document.activeElement.id") == "library-result-title", result.get("title"))
    check_requests(driver, origin, "during the import into a folder")
    written = driver.execute_async_script(OPFS_TREE, "library-import") or {}
    ours, theirs = library_tree(written) if "error" not in written else written, library_tree(tree(cli_out))
    check("the files written are the command line's, name for name and byte for byte (SHA-256)", ours == theirs, (ours, theirs))
    check("each is in its YYYY/MM folder", ours and all(re.match(r"^[0-9]{4}/[0-9]{2}/[^/]+$", path) for path in ours), sorted(ours))
    text = driver.execute_async_script(OPFS_TEXT, f"library-import/{RECORD}/written.jsonl") or ""
    ours_records = record_lines(text) if not text.startswith("error") else text
    check("the record of what was written is the command line's", ours_records == records, (ours_records, records))
    lines = saved_lines(driver, "import-folder")
    summary = (lines or [{}])[-1]
    check(f"the report saved (library-import.jsonl) is the command line's {len(expected)} lines, the folder named by its name",
          lines is not None and [without_output(line) for line in lines] == expected and summary.get("outputDirectory") == "library-import",
          (lines, expected))
    check_import_result(driver, expected, result, "into a folder")
    values = script(driver, "return window.values") or []
    details = script(driver, "return window.details") or []
    check("the bar went one way to its end", values and values == sorted(values) and values[-1] == 100, values)
    check("its line said the files read and copied, and the bytes", any(re.match(r"[0-9,]+ of [0-9,]+ files read · .+ of .+", d) for d in details)
          and any(re.match(r"[0-9,]+ of [0-9,]+ files copied · .+ of .+", d) for d in details), details)
    check_announced(driver)
    driver.save_screenshot(os.path.join(SHOTS, "library-import-1280.png"))
    reached = tab_through(driver)
    wanted = ["library-pick", "library-files", "library-job-import", "library-layout", "library-destination", "library-go", "library-save"]
    check("a keyboard-only pass reaches every control of the import in order", reached == wanted, reached)
    # Again into the same folder: every media file already written, as the command line's second run says, and
    # nothing rewritten.
    second = [without_output(renamed(json.loads(line), dcim, "DCIM"))
              for line in cli("import", dcim, "--out", cli_out, "--json", statuses=(0, 6)).splitlines()]
    done, error = run_batch(driver)
    lines = saved_lines(driver, "import-folder-again")
    check("again into the same folder: every media file already written, as the command line's second run says it",
          done and lines is not None and [without_output(line) for line in lines] == second
          and {line.get("outcome") for line in lines if "outcome" in line} == {"already-written"}, (error, lines, second))
    rewritten = driver.execute_async_script(OPFS_TREE, "library-import") or {}
    check("and nothing rewritten (each file's bytes and modification time as they were, the record's too)", rewritten == written, (rewritten, written))
    check_import_result(driver, second, script(driver, RESULT) or {}, "the second run")
    for size in [PHONE, DESKTOP]:
        set_size(driver, size)
        check_layout(driver, f"the import's result at {size[0]}×{size[1]}", size[0])
    check_accessible_names(driver, "the import's result")


def check_import_result(driver, expected, result, where):
    """The sentence and the table account for every file of the folder, as the command line's summary counts them."""
    summary = expected[-1]
    check(f"{where}: the sentence says each outcome's files and the other files not copied", result.get("sentence") == sentence_for(summary),
          (result.get("sentence"), sentence_for(summary)))
    check(f"{where}: the table gives each outcome's files and the files copied, and its last row every file",
          result.get("heads") == ["Outcome", "Files", "Copied now"] and result.get("rows") == rows_for(expected), (result, rows_for(expected)))
    check(f"{where}: nothing failed, and no list shows", not result.get("lists"), result.get("lists"))


def check_announced(driver):
    try_wait(driver, "return window.announced.some((text) => text.startsWith('Made a clean library'))", 5)
    said = script(driver, "return window.announced") or []
    check("the start and the end are read out through the live region", any(t.startswith("Making a clean library") for t in said)
          and any(t.startswith("Made a clean library of the folder") for t in said), said)


def zip_pass(driver, url, dcim, origin):
    """Where there is no folder picker: one zip, streamed through the service worker into the browser's downloads; the
    folders by year."""
    open_library(driver, url + "?folder-input")
    try_wait(driver, "return !!navigator.serviceWorker.controller", 60)
    requests_made(driver)
    choose_library(driver, dcim, "input")
    choose_import(driver, "year")
    state = script(driver, """const $ = (id) => document.getElementById(id);
        return {button: !$('library-destination').hidden, go: $('library-go').disabled, note: $('library-destination-note').textContent,
                dates: $('library-dates').textContent}""") or {}
    check("without a folder picker, the import goes into one zip download, library-import.zip, and Start needs nothing more",
          state.get("button") is False and state.get("go") is False and "library-import.zip" in state.get("note", ""), state)
    check("the view says the zip's files are dated with their capture times, as the command line dates them",
          "cannot set a file's modification time" in state.get("dates", "") and "dated with its capture time" in state.get("dates", "")
          and "capture dates stay in the files' own metadata" in state.get("dates", ""), state)
    expected, records, cli_out = cli_import(dcim, "zip", "--layout", "year")
    folder = os.path.join(WORK, "downloads", "import-zip")
    download_to(driver, folder)
    done, error = run_batch(driver)
    path = wait_file(folder, "library-import.zip", 60) if done else None
    check("a camera folder made into a clean library, into the zip: it ends with its result, and the download arrives", done and path, (error, path))
    check_requests(driver, origin, "during the import into a zip")
    whole, unpacked = unpacked_zip(path, "import")
    ours, theirs = library_tree(tree(unpacked)) if whole else None, library_tree(tree(cli_out))
    check("the zip tests whole (unzip -tq) and unpacks to the command line's files, by year", whole and ours == theirs, (whole, ours, theirs))
    check("each is in its YYYY folder", ours and all(re.match(r"^[0-9]{4}/[^/]+$", p) for p in ours), ours)
    record = os.path.join(unpacked, RECORD, "written.jsonl")
    ours_records = record_lines(open(record).read()) if whole and os.path.exists(record) else None
    check("the zip holds the command line's record of what was written", ours_records == records, (ours_records, records))
    lines = saved_lines(driver, "import-zip-report")
    check(f"the report saved is the command line's {len(expected)} lines", lines is not None
          and [without_output(line) for line in lines] == expected, (lines, expected))
    sources = {line["output"]: line["member"] for line in expected if line.get("outcome") in ("written", "paired-live-photo")}
    dated = dates(unpacked) if whole else {}
    theirs_dated = dates(cli_out)
    check("each file in the zip is dated as the command line dates it (its capture time), to the second",
          sources and all(dated.get(output) == theirs_dated.get(output) for output in sources), (dated, theirs_dated, sources))
    check_import_result(driver, expected, script(driver, RESULT) or {}, "into a zip")


def make_roll(folder, count=400):
    """`count` photos, each its own bytes, in four folders: an import long enough to cancel while it copies."""
    frames = os.path.join(WORK, "frames")
    os.makedirs(frames, exist_ok=True)
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x480:rate=25", "-frames:v", str(count),
                    "-q:v", "3", os.path.join(frames, "%04d.jpg")], check=True)
    for index, name in enumerate(sorted(os.listdir(frames))):
        sub = os.path.join(folder, f"10{index % 4}APPLE")
        os.makedirs(sub, exist_ok=True)
        shutil.move(os.path.join(frames, name), os.path.join(sub, f"IMG_{index:04d}.JPG"))


def cancel_pass(driver, url, roll):
    """An import cancelled from the keyboard while it copies: it says after how many files, and the next run into
    the same folder finishes the library, what was copied before reported as already written."""
    open_library(driver, url + "?save-into-opfs")
    script(driver, RECORD_BAR)
    driver.execute_async_script(OPFS_CLEAR)
    choose_library(driver, roll, "drop")
    choose_import(driver)
    driver.find_element(By.ID, "library-destination").click()
    try_wait(driver, "return document.getElementById('library-go').disabled === false", 10)
    total = len(files_below(roll))
    script(driver, "window.announced = []; window.details = []; document.getElementById('library-go').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    copying = try_wait(driver, f"return /^[1-9][0-9,]* of {total} files copied/.test(document.getElementById('library-detail').textContent)", 120)
    focus = script(driver, "return document.activeElement.id")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    stopped = try_wait(driver, "return !document.getElementById('library-cancelled').hidden || !document.getElementById('library-error').hidden", 120)
    said = script(driver, TEXT, "library-cancelled") or ""
    labels = script(driver, "return window.labels") or []
    match = re.match(rf"Cancelled after ([0-9,]+) of {total} files were copied\. Running the job again into the same folder goes on from there\.$", said)
    copied = int(match.group(1).replace(",", "")) if match else 0
    check(f"Cancel, from the keyboard, stops an import of {total} photos while it copies, and says after how many files",
          copying and focus == "library-cancel" and stopped and 0 < copied < total and labels[-2:] == ["Stopping after the item under way…", "Cancelled"],
          (copying, focus, said, labels[-3:], script(driver, TEXT, "library-error")))
    first = library_tree(driver.execute_async_script(OPFS_TREE, "library-import") or {})
    text = driver.execute_async_script(OPFS_TEXT, f"library-import/{RECORD}/written.jsonl") or ""
    recorded = len(record_lines(text)) if not text.startswith("error") else 0
    check("what was copied before the stop is there, and recorded", 0 < len(first) < total and recorded == len(first), (len(first), recorded, text[:200]))
    done, error = run_batch(driver)
    lines = saved_lines(driver, "import-resumed") or []
    outcomes = [line.get("outcome") for line in lines if "outcome" in line]
    after = library_tree(driver.execute_async_script(OPFS_TREE, "library-import") or {})
    check("the next run finishes the library: what was copied before is already written, the rest written",
          done and outcomes.count("already-written") == len(first) and outcomes.count("written") == total - len(first)
          and len(after) == total and all(after.get(path) == sha for path, sha in first.items()), (error, len(first), outcomes.count("written"), len(after)))


def camera_zips(dcim, folder):
    """The camera folder in two zips, as a phone's or a computer's "compress" leaves it: the first part's files stored,
    the second's deflated (the Live Photo's photo, and a photo whose copy is stored), every path under DCIM/."""
    os.makedirs(folder, exist_ok=True)
    paths = sorted(files_below(dcim))
    parts = []
    for index, (chosen, method) in enumerate([(paths[::2], zipfile.ZIP_STORED), (paths[1::2], zipfile.ZIP_DEFLATED)]):
        part = os.path.join(folder, f"Camera-00{index + 1}.zip")
        with zipfile.ZipFile(part, "w", method) as z:
            for path in chosen:
                z.write(os.path.join(dcim, path), "DCIM/" + path)
        parts.append(part)
    return parts


def zips_pass(driver, url, parts, origin, what="a camera folder", sidecar=False):
    """Two zips of the camera folder chosen as files: read in place (the deflated members through the browser's own
    DecompressionStream), into a folder of the private file system, as the command line imports the two zips. With
    `sidecar`, the folder holds an export's JSON sidecar, whose caption is written into its photo."""
    open_into_opfs(driver, url)
    driver.find_element(By.ID, "library-files").send_keys("\n".join(parts))
    try_wait(driver, "return document.getElementById('library-chosen').textContent.startsWith('Chosen: 2 files')", 30)
    choose_import(driver)
    driver.find_element(By.ID, "library-destination").click()
    try_wait(driver, "return document.getElementById('library-go').disabled === false", 10)
    out = os.path.join(WORK, "cli", "zips-sidecar" if sidecar else "zips")
    shutil.rmtree(out, ignore_errors=True)
    expected = [without_output(json.loads(line)) for line in cli("import", *parts, "--out", out, "--json", statuses=(0, 6)).splitlines()]
    done, error = run_batch(driver)
    ours = library_tree(driver.execute_async_script(OPFS_TREE, "library-import") or {})
    theirs = library_tree(tree(out))
    check(f"two zips of {what}, stored and deflated, chosen as files: the command line's library, name for name and byte for byte",
          done and ours == theirs and len(theirs) >= 3, (error, ours, theirs))
    lines = saved_lines(driver, "import-zips-sidecar-report" if sidecar else "import-zips-report")
    check(f"the report saved is the command line's {len(expected)} lines, each part named by its file name",
          lines is not None and [without_output(line) for line in lines] == expected
          and {line.get("part") for line in expected if "outcome" in line} == {"Camera-001.zip", "Camera-002.zip"}, (lines, expected))
    if sidecar:
        check("the sidecar's caption is written into its photo (its own place kept), as the command line writes it",
              any("description" in line.get("wrote", []) for line in expected), expected)
    check_requests(driver, origin, "during the import of zips")


def main():
    dcim = os.path.join(WORK, "camera", "DCIM")
    camera_folder(dcim)
    export = os.path.join(WORK, "export", "DCIM")
    camera_folder(export, sidecar=True)
    roll = os.path.join(WORK, "roll", "DCIM")
    make_roll(roll)
    site = os.path.join(WORK, "site")
    built = subprocess.run([os.path.join(ROOT, "scripts/site.sh"), site, "--engine", ENGINE], capture_output=True, text=True)
    check("scripts/site.sh builds the site", built.returncode == 0, built.stderr[-2000:])
    if built.returncode != 0:
        print(f"{len(failures)} failed", flush=True)
        return 1
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = serve_static(site, port, os.path.join(WORK, "http.log"))
    os.makedirs(SHOTS, exist_ok=True)
    driver = browser(os.path.join(WORK, "downloads"), network_log=True)
    try:
        folder_pass(driver, url, dcim, url.rstrip("/"))
        zip_pass(driver, url, dcim, url.rstrip("/"))
        zips_pass(driver, url, camera_zips(dcim, os.path.join(WORK, "zips")), url.rstrip("/"))
        cancel_pass(driver, url, roll)
        zips_pass(driver, url, camera_zips(export, os.path.join(WORK, "export-zips")), url.rstrip("/"), "an export with a sidecar", sidecar=True)
    finally:
        driver.quit()
        server.terminate()
    print(f"{len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
