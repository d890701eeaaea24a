"""The Library view's batches in headless Chromium (run by library_view.py, on the static site it builds, and on
`livephoto serve`'s page): every Live Photo to a Motion Photo, every Motion Photo to a Live Photo, and every one of
both split, against the command line's batch over the same folder (`convert --to motion DIR --out OUT --no-index
--json`, `convert --to live`, `split`).

- Into a folder (the page's `?save-into-opfs`: "Choose where to save" gives a folder of the origin's private file
  system, which headless Chromium can drive, where it cannot drive the folder picker): the files written are the
  command line's, name for name and byte for byte (SHA-256, read back in the page), the report saved is its lines
  (inputs relative to DIR, outputs to OUT), the result accounts for every item and file; a second run into the same
  folder skips every item and rewrites nothing, as the command line's second run says.
- Into the zip download (`?folder-input`: no picker, as Firefox and Safari): the download streamed through the
  service worker tests whole (`unzip -tq`), unpacks to the command line's tree, each file dated as the command line
  dates it (to the second); for `to: motion` (Samsung's and HUAWEI's flavors), `live` and `split`. HUAWEI's gallery
  needs H.264: the HEVC Live Photo fails with words naming ffmpeg, listed with its reason, and the rest is done.
- Cancel from the keyboard during a batch of 300 Motion Photos: it stops part way, says after how many items, and
  the zip holds what was done, whole; cancelled while the files are read, nothing is written and the zip is empty.
- The keyboard reaches every control of a batch, the arrow keys choose the job; no sideways scrolling at 375 px.
- On serve's page (no service worker): with neither picker, the view says it cannot save here and gives the
  command; with a save picker and no folder picker, the zip goes into the file chosen; nothing is sent to the server.
"""
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

from selenium.webdriver.support.ui import Select

from library_support import *  # noqa: F401,F403 (the Library tests' helpers, and the shared ones)

# The bar's values and labels as the page set them (aria-valuenow, the label's text), to see it go one way through
# both phases, and say what it does.
RECORD_BAR = """
window.values = []; window.labels = [];
const bar = document.getElementById('library-progress');
new MutationObserver(() => window.values.push(Number(bar.getAttribute('aria-valuenow')))).observe(bar, {attributes: true, attributeFilter: ['aria-valuenow']});
const label = bar.querySelector('.label');
new MutationObserver(() => window.labels.push(label.textContent)).observe(label, {childList: true, characterData: true, subtree: true});"""
# The origin's private file system emptied.
OPFS_CLEAR = """const done = arguments[arguments.length - 1];
(async () => {
  const root = await navigator.storage.getDirectory();
  for await (const name of root.keys()) await root.removeEntry(name, {recursive: true});
  return true;
})().then(done, (error) => done(String(error)));"""
# Every file below the private file system's folder arguments[0]: its SHA-256, size and modification time.
OPFS_TREE = """const done = arguments[arguments.length - 1];
(async () => {
  const files = {};
  async function walk(folder, prefix) {
    for await (const [name, handle] of folder.entries()) {
      if (handle.kind === 'directory') { await walk(handle, prefix + name + '/'); continue; }
      const file = await handle.getFile();
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
      files[prefix + name] = [[...digest].map((b) => b.toString(16).padStart(2, '0')).join(''), file.size, file.lastModified];
    }
  }
  await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(arguments[0]), '');
  return files;
})().then(done, (error) => done({error: String(error)}));"""
# The bytes of the private file system's file arguments[0], in base64.
OPFS_BYTES = """const done = arguments[arguments.length - 1];
(async () => {
  const file = await (await (await navigator.storage.getDirectory()).getFileHandle(arguments[0])).getFile();
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
})().then(done, (error) => done('error: ' + error));"""
TEXT = "const e = document.getElementById(arguments[0]); return e ? e.textContent : null"
SHOWN = "const e = document.getElementById(arguments[0]); return !!e && !e.hidden && e.checkVisibility()"

IDS = ["a1000000-0000-4000-8000-000000000001", "a1000000-0000-4000-8000-000000000002", "a1000000-0000-4000-8000-000000000003",
       "a1000000-0000-4000-8000-000000000004", "a1000000-0000-4000-8000-000000000005"]
HEVC_ITEM = "2024/IMG_0104.JPG"


def make_batch_library(folder):
    """Four Live Photos (one of them HEVC) in subfolders, one with a name that is not ASCII; a Motion Photo; a plain
    photo, a sidecar and a damaged file; each file dated apart, so that the outputs' dates say which input they came
    from."""
    made = os.path.join(WORK, "batch-made")
    hevc = os.path.join(WORK, "hevc.mov")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", CLIP, "-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1",
                    "-c:a", "copy", hevc], check=True)
    for index, (name, clip) in enumerate([("IMG_0101", CLIP), ("IMG_0102", CLIP), ("IMG_0103", CLIP), ("IMG_0104", hevc), ("PXL_0105", CLIP)]):
        cli("make", PHOTO, clip, "--id", IDS[index], "--name", name, "--out", made)
    cli("convert", "--to", "motion", os.path.join(made, "PXL_0105.JPG"), os.path.join(made, "PXL_0105.MOV"), "--out", made)
    place = {"IMG_0101.JPG": "", "IMG_0101.MOV": "", "IMG_0102.JPG": "2023", "IMG_0102.MOV": "2023", "IMG_0103.JPG": "2024/Été",
             "IMG_0103.MOV": "2024/Été", "IMG_0104.JPG": "2024", "IMG_0104.MOV": "2024", "PXL_0105.MP.jpg": "phones"}
    for name, sub in place.items():
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
        shutil.copy(os.path.join(made, name), os.path.join(folder, sub, name))
    shutil.copy(PHOTO, os.path.join(folder, "2023", "DSC_0006.JPG"))
    with open(os.path.join(folder, "IMG_0101.AAE"), "w") as sidecar:
        sidecar.write('<?xml version="1.0"?><plist version="1.0"><dict/></plist>\n')
    with open(os.path.join(folder, "broken.jpg"), "wb") as broken:
        broken.write(b"\xff\xd8\xff\xe0 this was a photo once")
    for index, path in enumerate(sorted(files_below(folder))):
        stamp = 1_600_000_000 + index * 86_400 + index * 3_671
        os.utime(os.path.join(folder, path), (stamp, stamp))
    return made


def make_motion_library(folder, motion_photo, count=300):
    """`count` copies of one Motion Photo in six folders: a batch long enough to cancel."""
    for index in range(count):
        sub = os.path.join(folder, f"roll-{index % 6}")
        os.makedirs(sub, exist_ok=True)
        shutil.copy(motion_photo, os.path.join(sub, f"PXL_{index:04d}.MP.jpg"))


def files_below(folder):
    return [os.path.relpath(os.path.join(top, name), folder) for top, _, names in os.walk(folder) for name in names]


def tree(folder):
    """Every file below `folder` by its path relative to it, with its SHA-256."""
    found = {}
    for path in files_below(folder):
        with open(os.path.join(folder, path), "rb") as f:
            found[path] = hashlib.sha256(f.read()).hexdigest()
    return found


def dates(folder):
    return {path: int(os.stat(os.path.join(folder, path)).st_mtime) for path in files_below(folder)}


def batch_lines(stdout, folder, out):
    """A batch's --json lines as the page saves them: inputs relative to the library, outputs to the output folder, the
    reason's paths too; sorted by item, each written as JSON.stringify writes it."""
    lines = []
    for text in stdout.splitlines():
        line = json.loads(text)
        line["inputs"] = [os.path.relpath(path, folder) for path in line["inputs"]]
        line["outputs"] = [os.path.relpath(path, out) for path in line["outputs"]]
        if "reason" in line:
            line["reason"] = line["reason"].replace(folder + "/", "").replace(out + "/", "")
        lines.append(line)
    return [json.dumps(line, ensure_ascii=False, separators=(",", ":")) for line in sorted(lines, key=lambda line: line["item"])]


def by_item(lines):
    return sorted(lines or [], key=lambda text: json.loads(text)["item"]) if lines and all(text.startswith("{") for text in lines) else lines


def cli_batch(arguments, library, name):
    """The command line's batch over `library` into a new folder: (its --json lines as the page saves them, the folder)."""
    out = os.path.join(WORK, "cli", name)
    shutil.rmtree(out, ignore_errors=True)
    stdout = cli(*arguments, library, "--out", out, "--no-index", "--json", statuses=(0, 6))
    return batch_lines(stdout, library, out), out


def job_arguments(job, flavor=None):
    if job == "split":
        return ["split"]
    return ["convert", "--to", job] + (["--flavor", flavor] if flavor else [])


def choose_job(driver, job, flavor=None):
    driver.find_element(By.ID, f"library-job-{job}").click()
    if flavor:
        Select(driver.find_element(By.ID, "library-flavor")).select_by_value(flavor)


def run_batch(driver, seconds=120):
    script(driver, "window.announced = []; window.details = []; window.values = []")
    driver.find_element(By.ID, "library-go").click()
    finished = try_wait(driver, DONE, seconds)
    error = script(driver, TEXT, "library-error")
    return finished and not error, error


def choose_library(driver, library, through):
    """The library chosen through the folder input, or dropped (a FileSystemDirectoryHandle, walked in the worker)."""
    if through == "input":
        driver.find_element(By.ID, "library-folder").send_keys(library)
    else:
        drop(driver, [library], "#library-drop")
    return try_wait(driver, "return document.getElementById('library-chosen').textContent.startsWith('Chosen: the folder')", 30)


def table(driver):
    return script(driver, """return [...document.querySelectorAll('#library-counts tbody tr')].map(tr =>
        [tr.dataset.outcome, ...[...tr.querySelectorAll('td')].map(td => Number(td.textContent.replace(/,/g, '')))])""") or []


def check_batch_result(driver, library, lines, where):
    """The sentence and the table account for every item and every file; the failed items and damaged files are
    listed with their reasons."""
    parsed = [json.loads(line) for line in lines]
    total = len(files_below(library))
    rows = table(driver)
    body = [row for row in rows if row[0] != "total"]
    totals = [row for row in rows if row[0] == "total"]
    by_status = {status: [line for line in parsed if line["status"] == status] for status in ["done", "skipped", "failed", "damaged"]}
    shown = {row[0]: row[1:] for row in body}
    wanted = {status: [len(found), sum(len(line["inputs"]) for line in found)] for status, found in by_status.items() if found}
    check(f"{where}: the table gives each outcome's items and files as the report's lines have them",
          all(shown.get(status) == counts for status, counts in wanted.items()), (rows, wanted))
    check(f"{where}: its files add up to every file of the folder ({total}), and its last row says so",
          sum(row[2] for row in body) == total and totals and totals[0][2] == total and totals[0][1] == sum(row[1] for row in body), rows)
    sentence = script(driver, TEXT, "library-sentence") or ""
    check(f"{where}: the sentence says the items done and the files read", f"{len(by_status['done'])} done" in sentence
          and sentence.endswith(f"{total} files read."), sentence)
    listed = script(driver, """return Object.fromEntries(['failed', 'damaged'].map(id => [id,
        [...document.querySelectorAll(`#library-${id}:not([hidden]) li`)].map(li => li.textContent)]))""") or {}
    for status in ["failed", "damaged"]:
        want = sorted(f"{', '.join(line['inputs'])} — {line['reason']}" for line in by_status[status])
        check(f"{where}: the {status} ones are listed with their reasons ({len(want)})", sorted(listed.get(status, [])) == want, (listed, want))


def check_progress_went(driver, where):
    values = script(driver, "return window.values") or []
    details = script(driver, "return window.details") or []
    check(f"{where}: the bar went one way through both phases to its end",
          values and values == sorted(values) and values[-1] == 100 and any(0 < v < 100 for v in values), values)
    check(f"{where}: its line said the files read, then the items done of all of them",
          any(re.match(r"[0-9,]+ of [0-9,]+ files · ", d) for d in details) and any(re.match(r"[0-9,]+ of [0-9,]+ items done( · [0-9,]+ (failed|skipped))* · .+ of .+", d) for d in details),
          details[:3] + details[-3:])


def unpacked_zip(path, name):
    """`unzip -tq` of the zip at `path`, then its files unpacked into a folder of WORK: (tested whole, the folder)."""
    tested = subprocess.run(["unzip", "-tq", path], capture_output=True, text=True) if path else None
    into = os.path.join(WORK, "unzipped", name)
    shutil.rmtree(into, ignore_errors=True)
    os.makedirs(into)
    if tested and tested.returncode == 0:
        subprocess.run(["unzip", "-q", path, "-d", into], check=True)
    return tested is not None and tested.returncode == 0, into


def open_into_opfs(driver, url):
    """The Library view, its "Choose where to save" giving a folder of the origin's private file system (emptied
    first), its bar's values recorded, the requests made so far forgotten."""
    open_library(driver, url + "?save-into-opfs")
    script(driver, RECORD_BAR)
    cleared = driver.execute_async_script(OPFS_CLEAR)
    check("the origin's private file system is emptied for the test", cleared is True, cleared)
    requests_made(driver)


def folder_pass(driver, url, library, origin):
    """Into a folder of the private file system, then again into the same folder."""
    open_into_opfs(driver, url)
    chosen = choose_library(driver, library, "drop")
    choose_job(driver, "motion", "google")
    state = script(driver, """const $ = (id) => document.getElementById(id);
        return {button: !$('library-destination').hidden && $('library-destination').textContent, go: $('library-go').disabled,
                note: $('library-destination-note').textContent, dates: $('library-dates').textContent, start: $('library-go').textContent}""") or {}
    check("a batch where the browser has a folder picker: \"Choose where to save\", and Start waits for it",
          chosen and state.get("button") == "Choose where to save" and state.get("go") is True and state.get("start") == "Convert every Live Photo", state)
    check("the view says a second run into the same folder resumes and rewrites nothing",
          "again into the same folder" in state.get("note", "") and "nothing is rewritten" in state.get("note", ""), state)
    check("the view says a browser cannot set a written file's modification time", "cannot set a file's modification time" in state.get("dates", ""), state)
    driver.find_element(By.ID, "library-destination").click()
    picked = try_wait(driver, "return document.getElementById('library-destination-chosen').textContent.includes('library-motion-google')", 10)
    check("the folder chosen is named, and Start can go", picked and script(driver, "return document.getElementById('library-go').disabled") is False,
          script(driver, TEXT, "library-destination-chosen"))
    expected, cli_out = cli_batch(job_arguments("motion", "google"), library, "motion-google")
    done, error = run_batch(driver)
    check("every Live Photo to Google's Motion Photos, into the folder: it ends with its result", done, error)
    title = script(driver, TEXT, "library-result-title") or ""
    check("the result's heading says what was done and where, and has the focus", title.startswith("Converted the Live Photos of the folder")
          and title.endswith("into the folder “library-motion-google”") and script(driver, "return document.activeElement.id") == "library-result-title", title)
    check_requests(driver, origin, "during the batch into a folder")
    written = driver.execute_async_script(OPFS_TREE, "library-motion-google") or {}
    check("the files written are the command line's, name for name and byte for byte (SHA-256)",
          {path: value[0] for path, value in written.items()} == tree(cli_out) if "error" not in written else False, (written, tree(cli_out)))
    lines = by_item(saved_report(driver, os.path.join(WORK, "downloads", "batch-folder"), "library-motion.jsonl"))
    check(f"the report saved (library-motion.jsonl) is the command line's {len(expected)} lines, inputs relative to the library, outputs to the folder",
          lines == expected, (lines, expected))
    check_batch_result(driver, library, expected, "into a folder")
    check_progress_went(driver, "into a folder")
    # Again into the same folder: every item skipped, as the command line's second run says, and nothing rewritten.
    cli_batch(job_arguments("motion", "google"), library, "motion-google-again")
    second = cli(*job_arguments("motion", "google"), library, "--out", os.path.join(WORK, "cli", "motion-google-again"), "--no-index", "--json", statuses=(0, 6))
    expected_again = batch_lines(second, library, os.path.join(WORK, "cli", "motion-google-again"))
    done, error = run_batch(driver)
    rewritten = driver.execute_async_script(OPFS_TREE, "library-motion-google") or {}
    lines = by_item(saved_report(driver, os.path.join(WORK, "downloads", "batch-folder-again"), "library-motion.jsonl"))
    statuses = sorted({json.loads(line)["status"] for line in lines or []})
    check("again into the same folder: every item skipped, as the command line's second run says it",
          done and lines == expected_again and statuses == ["damaged", "skipped"], (error, lines, expected_again))
    check("and nothing rewritten (each file's bytes and modification time as they were)", rewritten == written, (rewritten, written))
    sentence = script(driver, TEXT, "library-sentence") or ""
    check("the second run's sentence says the items were skipped because their outputs are there",
          "0 done" in sentence and "skipped (their outputs are there)" in sentence, sentence)
    check_batch_result(driver, library, expected_again, "the second run")
    keyboard(driver, ["library-pick", "library-files", "library-job-motion", "library-flavor", "library-destination", "library-go", "library-save"],
             "with the folder picker")


def keyboard(driver, wanted, where):
    reached = tab_through(driver)
    check(f"a keyboard-only pass reaches every control of a batch in order, {where}", reached == wanted, reached)


def arrow_keys(driver):
    """The jobs are one radio group: the arrow keys choose among them, and the start button follows."""
    driver.find_element(By.ID, "library-job-check").click()
    said = []
    for _ in range(4):
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        said.append(script(driver, "const $ = (id) => document.getElementById(id); return [document.activeElement.id, $('library-go').textContent, "
                                   "$('library-flavor').disabled, $('library-layout').disabled, $('library-where').hidden]"))
    check("the arrow keys choose the job, and the start button, the flavor, the import's folders and where it goes follow", said == [
        ["library-job-import", "Make the library", True, False, False],
        ["library-job-motion", "Convert every Live Photo", False, True, False],
        ["library-job-live", "Convert every Motion Photo", True, True, False],
        ["library-job-split", "Split every Live Photo and Motion Photo", True, True, False]], said)


def zip_job(driver, library, job, flavor, name):
    """One batch into the zip download: (whether it ended, the zip's path or None, the report's lines)."""
    choose_job(driver, job, flavor)
    folder = os.path.join(WORK, "downloads", f"zip-{name}")
    download_to(driver, folder)
    done, error = run_batch(driver)
    path = wait_file(folder, f"library-{job}.zip", 60) if done else None
    lines = by_item(saved_report(driver, os.path.join(WORK, "downloads", f"zip-{name}-report"), f"library-{job}.jsonl")) if done else None
    return done, error, path, lines


def zip_pass(driver, url, library, origin):
    """Where there is no folder picker: one zip, streamed through the service worker into the browser's downloads."""
    open_library(driver, url + "?folder-input")
    script(driver, RECORD_BAR)
    try_wait(driver, "return !!navigator.serviceWorker.controller", 60)
    requests_made(driver)
    choose_library(driver, library, "input")
    choose_job(driver, "motion")
    state = script(driver, """const $ = (id) => document.getElementById(id);
        return {button: !$('library-destination').hidden, go: $('library-go').disabled, note: $('library-destination-note').textContent,
                dates: $('library-dates').textContent, flavor: $('library-flavor').value}""") or {}
    check("without a folder picker, a batch goes into one zip download, never held in memory, and Start needs nothing more",
          state.get("button") is False and state.get("go") is False and "library-motion.zip" in state.get("note", "")
          and "never held in memory" in state.get("note", "") and state.get("flavor") == "samsung", state)
    check("the view says the zip's files keep the command line's dates, which unzip restores",
          "cannot set a file's modification time" in state.get("dates", "") and "unzip" in state.get("dates", ""), state)
    expected, cli_out = cli_batch(job_arguments("motion"), library, "motion")
    done, error, path, lines = zip_job(driver, library, "motion", None, "motion")
    check("every Live Photo to Samsung's Motion Photos, into the zip: it ends with its result, and the download arrives", done and path, (error, path))
    check_requests(driver, origin, "during the batch into a zip")
    whole, unpacked = unpacked_zip(path, "motion")
    check("the zip downloaded tests whole (unzip -tq)", whole, path)
    check("it unpacks to the command line's files, name for name and byte for byte", whole and tree(unpacked) == tree(cli_out),
          (tree(unpacked) if whole else None, tree(cli_out)))
    check("each file unpacked is dated as the command line dates it, to the second", whole and dates(unpacked) == dates(cli_out),
          (dates(unpacked) if whole else None, dates(cli_out)))
    check(f"the report saved (library-motion.jsonl) is the command line's {len(expected)} lines", lines == expected, (lines, expected))
    check_batch_result(driver, library, expected, "into a zip")
    check_progress_went(driver, "into a zip")
    keyboard(driver, ["library-folder", "library-files", "library-job-motion", "library-flavor", "library-go", "library-save"], "with the zip download")
    for size in [PHONE, DESKTOP]:
        set_size(driver, size)
        check_layout(driver, f"a batch's result at {size[0]}×{size[1]}", size[0])
    check_accessible_names(driver, "a batch's result")
    driver.save_screenshot(os.path.join(SHOTS, "library-batch-1280.png"))
    for job in ["live", "split"]:
        expected, cli_out = cli_batch(job_arguments(job), library, job)
        done, error, path, lines = zip_job(driver, library, job, None, job)
        whole, unpacked = unpacked_zip(path, job)
        check(f"{job}: the zip tests whole and unpacks to the command line's files, dated as it dates them",
              done and whole and tree(unpacked) == tree(cli_out) and dates(unpacked) == dates(cli_out), (error, path, whole and tree(unpacked), tree(cli_out)))
        check(f"{job}: the report saved is the command line's {len(expected)} lines", lines == expected, (lines, expected))
    # HUAWEI's gallery plays H.264 only: the HEVC Live Photo needs ffmpeg, which a browser does not have.
    expected, cli_out = cli_batch(job_arguments("motion", "huawei"), library, "motion-huawei")
    done, error, path, lines = zip_job(driver, library, "motion", "huawei", "huawei")
    failed = [json.loads(line) for line in lines or [] if json.loads(line)["status"] == "failed"]
    check("HUAWEI's flavor: the HEVC Live Photo fails in words that name ffmpeg, and the rest is done",
          done and [line["item"] for line in failed] == [HEVC_ITEM] and "ffmpeg" in failed[0].get("reason", ""), (error, lines))
    others = [line for line in lines or [] if json.loads(line)["item"] != HEVC_ITEM]
    check("the other lines are the command line's", others == [line for line in expected if json.loads(line)["item"] != HEVC_ITEM], (others, expected))
    whole, unpacked = unpacked_zip(path, "huawei")
    theirs = {path: sha for path, sha in tree(cli_out).items() if not path.startswith("2024/IMG_0104")}
    check("its zip tests whole and holds the others' files, the command line's", whole and tree(unpacked) == theirs, (whole and tree(unpacked), theirs))
    check_batch_result(driver, library, lines or [], "HUAWEI's flavor")
    rows = {row[0]: row for row in table(driver)}
    check("the failed item has its row in the table", rows.get("failed", [None, 0])[1] == 1, rows)


def cancel_batch_pass(driver, url, library):
    """A batch of 300 Motion Photos into the zip, cancelled from the keyboard part way."""
    open_library(driver, url + "?folder-input")
    script(driver, RECORD_BAR)
    choose_library(driver, library, "input")
    choose_job(driver, "live")
    folder = os.path.join(WORK, "downloads", "zip-cancelled")
    download_to(driver, folder)
    script(driver, "window.announced = []; window.details = []; document.getElementById('library-go').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    writing = try_wait(driver, "return /^[1-9][0-9,]* of 300 items done/.test(document.getElementById('library-detail').textContent)", 120)
    focus = script(driver, "return document.activeElement.id")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    finished = try_wait(driver, DONE, 120)
    state = script(driver, """const $ = (id) => document.getElementById(id);
        return {cancelled: $('library-cancelled').textContent, shown: !$('library-cancelled').hidden, title: $('library-result-title').textContent,
                label: $('library-progress').querySelector('.label').textContent, cancel: !$('library-cancel').hidden,
                error: $('library-error').textContent}""") or {}
    match = re.match(r"Cancelled after ([0-9,]+) of 300 items\. The zip is closed whole, with what was done\.$", state.get("cancelled", ""))
    items = int(match.group(1).replace(",", "")) if match else 0
    check("Cancel, from the keyboard, stops a batch of 300 items part way, and says after how many",
          writing and focus == "library-cancel" and finished and state.get("shown") and 0 < items < 300 and state.get("label") == "Cancelled",
          (writing, focus, state))
    labels = script(driver, "return window.labels") or []
    check("while it finishes the item under way, the bar says so, then that it was cancelled",
          labels[-2:] == ["Stopping after the item under way…", "Cancelled"], labels[-5:])
    check("the result says part of the folder was done", "part of the folder" in state.get("title", "") and not state.get("cancel"), state)
    path = wait_file(folder, "library-live.zip", 60)
    whole, unpacked = unpacked_zip(path, "cancelled")
    done_rows = {row[0]: row for row in table(driver)}
    done = done_rows.get("done", [None, 0])[1]
    check("the zip of a cancelled batch tests whole and holds the items done, two files each",
          whole and done and len(files_below(unpacked)) == 2 * done, (path, whole, done, whole and len(files_below(unpacked))))
    check("the table accounts for the items not reached and every file", done_rows.get("not-reached", [None, 0])[1] == 300 - done
          and done_rows.get("total", [None, 0, 0])[2] == 300, done_rows)
    said = script(driver, "return window.announced") or []
    check("the live region says it was cancelled, and how far it got", any(text.startswith("Cancelled after") for text in said), said)


def cancel_reading_pass(driver, url, library):
    """A batch cancelled while its files are read (1,200 photos): nothing written, and the zip closed with nothing in it."""
    open_library(driver, url + "?folder-input")
    script(driver, RECORD_BAR)
    choose_library(driver, library, "input")
    choose_job(driver, "split")
    total = len(files_below(library))
    folder = os.path.join(WORK, "downloads", "zip-cancelled-reading")
    download_to(driver, folder)
    script(driver, "window.announced = []; window.details = []")
    driver.find_element(By.ID, "library-go").click()
    reading = try_wait(driver, f"return /^[1-9][0-9,]* of {total:,} files/.test(document.getElementById('library-detail').textContent)", 60)
    driver.find_element(By.ID, "library-cancel").click()
    stopped = try_wait(driver, "return !document.getElementById('library-cancelled').hidden", 60)
    said = script(driver, TEXT, "library-cancelled") or ""
    labels = script(driver, "return window.labels") or []
    check("a batch cancelled while its files are read says after how many files, and that nothing was written",
          reading and stopped and re.match(rf"Cancelled after [1-9][0-9,]* of {total:,} files were read, before any item was written \(the zip holds nothing\)\.$", said)
          and labels[-2:] == ["Stopping after the files being read…", "Cancelled"], (said, labels[-4:]))
    path = wait_file(folder, "library-split.zip", 30)
    listed = subprocess.run([sys.executable, "-c", "import sys, zipfile; print(len(zipfile.ZipFile(sys.argv[1]).infolist()))", path or "-"],
                            capture_output=True, text=True)
    check("its zip is closed whole, with nothing in it", path and listed.returncode == 0 and listed.stdout.strip() == "0", (path, listed.stderr[-300:]))


def serve_batch_pass(driver, library):
    """`livephoto serve`'s page, which has no service worker: the zip only into a file chosen, else words."""
    served = os.path.join(WORK, "served-batch")
    os.makedirs(served, exist_ok=True)
    server, url = start_server(served)
    try:
        open_library(driver, url + "?folder-input")
        choose_library(driver, library, "input")
        choose_job(driver, "motion", "oppo")
        state = script(driver, """const $ = (id) => document.getElementById(id);
            return {none: !$('library-destination-none').hidden, why: $('library-destination-why').textContent,
                    command: $('library-destination-command').textContent, go: $('library-go').disabled, button: !$('library-destination').hidden,
                    workers: !!navigator.serviceWorker.controller}""") or {}
        check("on serve's page with neither picker, the view says it cannot save a library here, and gives the command",
              state.get("none") and "cannot save a library from livephoto serve's page" in state.get("why", "")
              and state.get("command") == "livephoto convert --to motion DIR --out OUT --flavor oppo" and state.get("go") is True
              and not state.get("button") and not state.get("workers"), state)
        set_size(driver, PHONE)
        check_layout(driver, "serve's page saying it cannot save, at 375×812", PHONE[0])
        set_size(driver, DESKTOP)
        # A save picker and no folder picker: the zip goes into the file chosen (the private file system's, here).
        open_library(driver, url + "?save-into-opfs")
        driver.execute_async_script(OPFS_CLEAR)
        script(driver, "delete Window.prototype.showDirectoryPicker; delete window.showDirectoryPicker")
        requests_made(driver)
        choose_library(driver, library, "drop")
        choose_job(driver, "motion")
        shown = script(driver, SHOWN, "library-destination")
        driver.find_element(By.ID, "library-destination").click()
        picked = try_wait(driver, "return document.getElementById('library-destination-chosen').textContent === 'Saving into “library-motion.zip”.'", 10)
        check("on serve's page with a save picker and no folder picker, \"Choose where to save\" chooses the zip's file", shown and picked,
              script(driver, TEXT, "library-destination-chosen"))
        expected, cli_out = cli_batch(job_arguments("motion"), library, "motion-served")
        done, error = run_batch(driver)
        made = requests_made(driver)
        encoded = driver.execute_async_script(OPFS_BYTES, "library-motion.zip") if done else None
        path = os.path.join(WORK, "served-library-motion.zip")
        if encoded and not encoded.startswith("error"):
            with open(path, "wb") as f:
                f.write(base64.b64decode(encoded))
        whole, unpacked = unpacked_zip(path if os.path.exists(path) else None, "served")
        check("the zip written into that file tests whole and unpacks to the command line's files, dated as it dates them",
              done and whole and tree(unpacked) == tree(cli_out) and dates(unpacked) == dates(cli_out), (error, whole))
        asked = [(method, address) for method, address in made if "/api/" in address or method != "GET"]
        check("on serve's page the batch asks the server for nothing (no upload, no API request)", not asked, asked)
    finally:
        server.terminate()
        server.wait(30)
    return url.rstrip("/")


def batch_passes(driver, url, origin, large):
    """Every pass above on the static site at `url` (`large`: the check's 1,200 photos), then serve's page; returns
    serve's origin, whose requests the NetLog holds too."""
    library = os.path.join(WORK, "batch-library")
    made = make_batch_library(library)
    motion = os.path.join(WORK, "motion-library")
    make_motion_library(motion, os.path.join(made, "PXL_0105.MP.jpg"))
    folder_pass(driver, url, library, origin)
    arrow_keys(driver)
    zip_pass(driver, url, library, origin)
    cancel_batch_pass(driver, url, motion)
    cancel_reading_pass(driver, url, large)
    return serve_batch_pass(driver, library)
