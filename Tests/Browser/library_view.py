"""The web app's Library view on the static site (scripts/site.sh) in headless Chromium, served by `python3 -m
http.server`: a library checked in the browser as `livephoto scan` checks it, and converted and split as the command
line's batches do it (library_batches.py).

Usage: library_view.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR ENGINE_DIR (the browser scripts' arguments;
the samples are not read)
Makes a library with the command line (a Live Photo with an edited copy of its still and an .AAE sidecar, a photo
whose movie is gone and a movie whose photo is gone in subfolders, a plain photo, a damaged broken.jpg), builds the site
with the engine of ENGINE_DIR, and checks: the service worker lists the view's modules; the Library tab, reached by
the arrow keys; the folder chosen through the folder input (the page's `?folder-input`, as Firefox and Safari have
it): the counts and the table account for every file as `livephoto scan --json DIR` does, the orphans and the damaged
file listed with their notes, the progress bar at its total, start and end announced, the focus on the result; the
saved report is the command line's lines, paths made relative to DIR and `root` left out, line for line; the folder
dropped (Chromium's FileSystemDirectoryHandle, walked in the engine's worker) and dropped where the browser gives only
entries (walked in the page) gives the same report; Cancel, from the keyboard, stops a check of 1,200 files and says
so, and nothing more arrives; a keyboard-only pass reaches every control in order, with the folder picker's button and
with the folder input; an empty folder is an error in the alert region; no request leaves the page during a check
(DevTools' network events, Chromium's NetLog of the whole visit, the worker's requests included, and the static
server's log: same-origin GETs only); at 375×812 and 1280×800 no sideways scrolling and a name on every control;
on `livephoto serve`'s page with its engine, the same view and report, and no request to the server's API. Then the
batches (library_batches.py): into a folder and again into it, into the zip download, cancelled, from the keyboard,
and on serve's page. Prints one line per check and exits 1 if any failed.
"""
import collections
import json
import os
import re
import shutil
import subprocess
import time

from library_batches import batch_passes
from library_support import *  # noqa: F401,F403 (the Library tests' helpers, and the shared ones)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
LIBRARY_MODULES = ["js/library.js", "js/library-inputs.js", "js/library-report.js", "js/library-batch.js", "js/library-destination.js",
                   "js/library-import.js", "js/download-stream.js", "engine/library.js", "engine/zipstream.js", "engine/import.js", "engine/importparts.js", "engine/importzips.js", "engine/importtars.js", "engine/landing.js", "engine/zipmember.js", "engine/zipcheck.js", "engine/importsidecars.js", "engine/importwrite.js", "engine/twins.js", "engine/readbuffers.js"]


def make_library(folder):
    """A small library with one of each thing the check reports; subfolders, and a folder name that is not ASCII."""
    made = os.path.join(WORK, "made")
    for name, identifier in [("IMG_0001", "11111111-1111-4111-8111-111111111111"), ("IMG_0002", "22222222-2222-4222-8222-222222222222"),
                             ("IMG_0003", "33333333-3333-4333-8333-333333333333")]:
        cli("make", PHOTO, CLIP, "--id", identifier, "--name", name, "--out", made)
    for sub in ["", "2024", "2024/Été"]:
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    shutil.copy(os.path.join(made, "IMG_0001.JPG"), os.path.join(folder, "IMG_0001.JPG"))
    shutil.copy(os.path.join(made, "IMG_0001.MOV"), os.path.join(folder, "IMG_0001.MOV"))
    shutil.copy(os.path.join(made, "IMG_0001.JPG"), os.path.join(folder, "IMG_E0001.JPG"))  # the edited copy
    with open(os.path.join(folder, "IMG_0001.AAE"), "w") as sidecar:
        sidecar.write('<?xml version="1.0"?><plist version="1.0"><dict/></plist>\n')
    shutil.copy(os.path.join(made, "IMG_0002.JPG"), os.path.join(folder, "2024", "IMG_0002.JPG"))  # its movie gone
    shutil.copy(os.path.join(made, "IMG_0003.MOV"), os.path.join(folder, "2024", "Été", "IMG_0003.MOV"))  # its photo gone
    shutil.copy(PHOTO, os.path.join(folder, "2024", "DSC_0004.JPG"))
    with open(os.path.join(folder, "broken.jpg"), "wb") as broken:
        broken.write(b"\xff\xd8\xff\xe0 this was a photo once")


def make_large_library(folder, count=1200):
    """`count` small photos in six folders: a check that takes a few seconds, long enough to cancel."""
    small = os.path.join(WORK, "small.jpg")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", small], check=True)
    for index in range(count):
        sub = os.path.join(folder, f"roll-{index % 6}")
        os.makedirs(sub, exist_ok=True)
        shutil.copy(small, os.path.join(sub, f"P{index:04d}.JPG"))


def cli_lines(folder):
    """`livephoto scan --json FOLDER`'s lines, each item's paths made relative to FOLDER and its `root` left out, as
    JSON.stringify writes them (the command's keys are in the same order, and it writes no escape JSON.stringify
    does not)."""
    lines = []
    for line in cli("scan", "--json", "--no-index", folder).splitlines():
        item = json.loads(line)
        root = item.pop("root")
        for key in ["files", "variants"]:
            item[key] = [os.path.relpath(path, root) for path in item[key]]
        lines.append(json.dumps(item, ensure_ascii=False, separators=(",", ":")))
    return lines


def run_check(driver, seconds=120):
    """Starts the check with the start button and waits for its result or its error."""
    script(driver, "window.announced = []; window.details = []")
    driver.find_element(By.ID, "library-go").click()
    return try_wait(driver, DONE, seconds)


def check_site(site, driver):
    """site.sh finds the view's modules by itself, and the service worker lists and caches them."""
    missing = [name for name in LIBRARY_MODULES if not os.path.isfile(os.path.join(site, name))]
    check("site.sh copies the Library view's modules and the engine's library.js", not missing, missing)
    with open(os.path.join(site, "sw.js")) as worker:
        listed = worker.read()
    unlisted = [name for name in LIBRARY_MODULES if f'"{name}"' not in listed]
    check("the service worker's list names them (site.sh lists the site's files itself)", not unlisted, unlisted)
    controlled = try_wait(driver, "return !!navigator.serviceWorker.controller", 60)
    cached = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const urls = [];
          for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
          return urls;
        })().then(done, (error) => done([String(error)]));""") or []
    uncached = [name for name in LIBRARY_MODULES if not any(url.endswith("/" + name) for url in cached)]
    check("the service worker has cached them for offline use", controlled and not uncached, uncached)


def check_tab(driver):
    """The Library tab after Verify, reached from it by the arrow keys, as the ARIA tabs pattern has it."""
    tabs = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".segmented button") if t.is_displayed()]
    check("the static site shows the Library tab, after Verify", tabs == ["Assemble", "Disassemble", "Convert", "Verify", "Library"], tabs)
    driver.find_element(By.ID, "tab-verify").click()
    driver.find_element(By.ID, "tab-verify").send_keys(Keys.ARROW_RIGHT)
    state = script(driver, "const t = document.getElementById('tab-library'); "
                           "return [document.activeElement.id, t.getAttribute('aria-selected'), t.tabIndex]")
    check("ArrowRight from Verify selects and focuses Library", state == ["tab-library", "true", 0] and shown_modes(driver) == ["library"],
          (state, shown_modes(driver)))


def check_result(driver, folder, expected, where):
    """The summary, the table and the lists say what the command line's scan says of `folder`."""
    items = [json.loads(line) for line in expected]
    kinds = collections.Counter(item["kind"] for item in items)
    total = file_count(folder)
    sentence = script(driver, "return document.getElementById('library-sentence').textContent") or ""
    check(f"{where}: the summary accounts for the {total} files found", sentence.startswith(f"{total} files: "), sentence)
    rows = script(driver, """return [...document.querySelectorAll('#library-counts tbody tr')].map(tr =>
        [tr.dataset.kind || tr.className, tr.querySelector('th').textContent, ...[...tr.querySelectorAll('td')].map(td => Number(td.textContent.replace(/,/g, '')))])""") or []
    shown = {row[0]: row[2] for row in rows if row[0] != "total"}
    check(f"{where}: each kind's count is scan's ({dict(kinds)})", shown == dict(kinds), rows)
    files = sum(row[3] for row in rows if row[0] != "total")
    totals = [row for row in rows if row[0] == "total"]
    check(f"{where}: the table's files add up to every file of the folder, and its last row says so",
          files == total and totals and totals[0][2:] == [len(items), total], rows)
    lists = script(driver, """return Object.fromEntries(['orphans', 'conflicts', 'damaged'].map(id => [id,
        [...document.querySelectorAll(`#library-${id}:not([hidden]) li`)].map(li => li.textContent)]))""") or {}
    listed = {"orphan-still": "orphans", "orphan-movie": "orphans", "conflict": "conflicts", "damaged": "damaged"}
    wanted = [(listed[item["kind"]], ", ".join(item["files"]) + (f" — {item['note']}" if item.get("note") else ""))
              for item in items if item["kind"] in listed]
    missing = [line for name, line in wanted if line not in lists.get(name, [])]
    check(f"{where}: the orphans, conflicts and damaged files are listed with their notes ({len(wanted)})",
          wanted and not missing and sum(len(v) for v in lists.values()) == len(wanted), (missing, lists))


def check_progress(driver, total):
    bar = script(driver, "const p = document.getElementById('library-progress'); "
                         "return [p.getAttribute('role'), p.getAttribute('aria-valuenow'), p.querySelector('.label').textContent, !p.hidden]")
    check("the progress bar, a progressbar, reached its total", bar == ["progressbar", "100", "Done", True], bar)
    details = script(driver, "return window.details") or []
    check(f"its line counted the files read up to all {total}", any(text.startswith(f"{total:,} of {total:,} files") for text in details), details)


def check_announced(driver, started, ended):
    # The live region is given its text a moment after it is emptied (dom.js's announce): the end may still be on its way.
    try_wait(driver, "return window.announced.some((text) => text.startsWith(arguments[0]))".replace("arguments[0]", json.dumps(ended)), 5)
    said = script(driver, "return window.announced") or []
    check("the start and the end are read out through the live region",
          any(text.startswith(started) for text in said) and any(text.startswith(ended) for text in said), said)


def folder_input_pass(driver, url, library, expected, origin):
    """The folder chosen through the folder input; the check, its result, its report."""
    open_library(driver, url + "?folder-input")
    check_tab(driver)
    shown = script(driver, "return [document.getElementById('library-pick').hidden, document.getElementById('library-folder-choice').hidden]")
    check("with ?folder-input, the folder input stands in for the picker", shown == [True, False], shown)
    loaded = [address for _, address in requests_made(driver)]  # what came before the check
    check("DevTools' network events are seen (the view's modules fetched)", any(a.endswith("/js/library.js") for a in loaded), loaded[-12:])
    driver.find_element(By.ID, "library-folder").send_keys(library)
    chosen = try_wait(driver, "return document.getElementById('library-chosen').textContent.startsWith('Chosen:')", 30)
    text = script(driver, "return document.getElementById('library-chosen').textContent")
    check("the folder chosen is named with its files", chosen and f"“{os.path.basename(library)}” ({file_count(library)} files)" in text, text)
    finished = run_check(driver)
    error = script(driver, "return document.getElementById('library-error').textContent")
    check("the check ends with its result", finished and not error, error)
    check_requests(driver, origin, "during the check")
    focus = script(driver, "return document.activeElement.id")
    check("the focus moves to the result's heading", focus == "library-result-title", focus)
    check_announced(driver, "Checking the library", "Checked the folder")
    check_progress(driver, file_count(library))
    check_result(driver, library, expected, "folder input")
    lines = saved_report(driver, os.path.join(WORK, "downloads", "folder-input"))
    check(f"the saved report is scan --json's {len(expected)} lines, paths relative to the folder, line for line",
          lines == expected, (lines, expected))
    keyboard_pass(driver, "library-folder", "with the folder input")
    for size in [PHONE, DESKTOP]:
        set_size(driver, size)
        check_layout(driver, f"the Library's result at {size[0]}×{size[1]}", size[0])
    check_accessible_names(driver, "the Library's result")
    driver.save_screenshot(os.path.join(SHOTS, "library-1280.png"))
    # An empty folder is said in the alert region.
    empty = os.path.join(WORK, "empty")
    os.makedirs(empty, exist_ok=True)
    driver.find_element(By.ID, "library-folder").send_keys(empty)
    said = try_wait(driver, "return !document.getElementById('library-error').hidden", 10)
    alert = script(driver, "const e = document.getElementById('library-error'); return [e.getAttribute('role'), e.textContent]")
    check("an empty folder is an error, in a role=alert region", said and alert and alert[0] == "alert" and "no files" in alert[1], alert)


def keyboard_pass(driver, folder_control, where):
    """From the Library tab, Tab reaches every control of the view in order and nothing else first."""
    reached = tab_through(driver)
    wanted = [folder_control, "library-files", "library-job-check", "library-go", "library-save"]
    check(f"a keyboard-only pass reaches every control in order, {where}", reached == wanted, reached)


def picker_pass(driver, url, library, expected, origin):
    """Chromium's folder picker offered; a folder dropped (a FileSystemDirectoryHandle, walked in the worker), and
    dropped where the browser gives only entries (walked in the page)."""
    open_library(driver, url)
    shown = script(driver, "return [document.getElementById('library-pick').hidden, document.getElementById('library-folder-choice').hidden]")
    check("where the browser has showDirectoryPicker, the view offers it, and no folder input", shown == [False, True], shown)
    requests_made(driver)
    dropped = drop(driver, [library], "#library-drop")
    chosen = try_wait(driver, "return document.getElementById('library-chosen').textContent.startsWith('Chosen: the folder')", 30)
    check("a folder dropped on the view is the library", chosen and dropped.get("dropped"),
          (dropped, script(driver, "return document.getElementById('library-chosen').textContent")))
    finished = run_check(driver)
    check_requests(driver, origin, "during the dropped folder's check")
    lines = saved_report(driver, os.path.join(WORK, "downloads", "dropped")) if finished else None
    check("the dropped folder, walked in the engine's worker, gives the same report", lines == expected, (lines, expected))
    keyboard_pass(driver, "library-pick", "with the folder picker")
    # A browser without getAsFileSystemHandle (Firefox, Safari): the drop's entries are walked in the page.
    script(driver, "delete DataTransferItem.prototype.getAsFileSystemHandle")
    drop(driver, [library], "#library-drop")
    chosen = try_wait(driver, "return document.getElementById('library-chosen').textContent.includes('files)')", 30)
    finished = chosen and run_check(driver)
    lines = saved_report(driver, os.path.join(WORK, "downloads", "entries")) if finished else None
    check("dropped where the browser gives only entries, walked in the page, the same report", lines == expected, (lines, expected))
    check_result(driver, library, expected, "entries walked")


def cancel_pass(driver, url, large):
    """A check of a large folder cancelled from the keyboard: it stops, says so, and no result comes after."""
    open_library(driver, url + "?folder-input")
    driver.find_element(By.ID, "library-folder").send_keys(large)
    try_wait(driver, "return document.getElementById('library-chosen').textContent.startsWith('Chosen:')", 30)
    script(driver, "window.announced = []; window.details = []; document.getElementById('library-go').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    focus = script(driver, "return document.activeElement.id")
    check("started from the keyboard, the focus moves to Cancel", focus == "library-cancel", focus)
    reading = try_wait(driver, "return /^[1-9][0-9,]* of /.test(document.getElementById('library-detail').textContent)", 60)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    stopped = script(driver, "return [document.getElementById('library-detail').textContent, "
                             "document.getElementById('library-progress').querySelector('.label').textContent]")
    time.sleep(3)
    after = script(driver, """return {result: !document.getElementById('library-result').hidden, cancelled: document.getElementById('library-cancelled').textContent,
        shown: !document.getElementById('library-cancelled').hidden, detail: document.getElementById('library-detail').textContent,
        cancel: !document.getElementById('library-cancel').hidden, focus: document.activeElement.id, details: window.details.length}""") or {}
    total = file_count(large)
    check(f"Cancel stops a check of {total:,} files part way", reading and stopped and stopped[1] == "Cancelled"
          and not stopped[0].startswith(f"{total:,} of") and not after.get("result"), (stopped, after))
    lines = script(driver, "return window.details") or []
    check("while it ran, its line said the files and bytes read of all", any(re.match(rf"[1-9][0-9,]* of {total:,} files · .+ of .+", line) for line in lines),
          lines[:5])
    check("it says it was cancelled, and after how many files", after.get("shown") and after.get("cancelled", "").startswith("Cancelled after")
          and f"of {total:,} files" in after.get("cancelled", ""), after)
    check("nothing of the cancelled check arrives after", after.get("detail") == (stopped or [None])[0] and not after.get("result"), (stopped, after))
    check("Cancel goes, and the focus returns to the start button", not after.get("cancel") and after.get("focus") == "library-go", after)
    check_announced(driver, "Checking the library", "Cancelled after")


def serve_pass(driver, library, expected):
    """`livephoto serve`'s page with its engine: the same view, and the check asks the server for nothing."""
    served = os.path.join(WORK, "served")
    os.makedirs(served, exist_ok=True)
    server, url = start_server(served)
    try:
        open_library(driver, url + "?folder-input")
        tabs = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".segmented button") if t.is_displayed()]
        check("serve's page with its engine shows the Library tab", "Library" in tabs and shown_modes(driver) == ["library"], tabs)
        requests_made(driver)
        driver.find_element(By.ID, "library-folder").send_keys(library)
        try_wait(driver, "return document.getElementById('library-chosen').textContent.startsWith('Chosen:')", 30)
        finished = run_check(driver)
        made = requests_made(driver)
        lines = saved_report(driver, os.path.join(WORK, "downloads", "served")) if finished else None
        check("on serve's page the check gives the same report", lines == expected, (lines, expected))
        asked = [(method, address) for method, address in made if "/api/" in address or method != "GET"]
        check("on serve's page the check asks the server for nothing (no upload, no API request)", not asked, asked)
    finally:
        server.terminate()
        server.wait(30)
    return url.rstrip("/")


def main():
    library = os.path.join(WORK, "library")
    large = os.path.join(WORK, "large")
    make_library(library)
    make_large_library(large)
    expected = cli_lines(library)
    kinds = {json.loads(line)["kind"] for line in expected}
    check("the library holds a Live Photo, orphans both ways, a plain photo, a damaged file and a sidecar",
          kinds == {"live-photo", "orphan-still", "orphan-movie", "plain-photo", "damaged", "other"}, kinds)
    site = os.path.join(WORK, "site")
    built = subprocess.run([os.path.join(ROOT, "scripts/site.sh"), site, "--engine", ENGINE], capture_output=True, text=True)
    check("scripts/site.sh builds the site", built.returncode == 0, built.stderr[-2000:])
    if built.returncode != 0:
        print(f"{len(failures)} failed", flush=True)
        return 1
    log = os.path.join(WORK, "http.log")
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    origin = url.rstrip("/")
    server = serve_static(site, port, log)
    os.makedirs(SHOTS, exist_ok=True)
    net_log = os.path.join(WORK, "netlog.json")
    driver = browser(os.path.join(WORK, "downloads"), network_log=True, net_log=net_log)
    origins = [origin]
    try:
        open_library(driver, url)
        check_site(site, driver)
        folder_input_pass(driver, url, library, expected, origin)
        picker_pass(driver, url, library, expected, origin)
        cancel_pass(driver, url, large)
        origins = [origin, serve_pass(driver, library, expected)]
        origins.append(batch_passes(driver, url, origin, large))
    finally:
        driver.quit()
        server.terminate()
    made = [(initiator, method, address) for initiator, method, address in net_log_requests(net_log) if (initiator or "").startswith("http")]
    check("NetLog: the worker's requests are seen (the engine's library.js fetched)", any(a.endswith("/engine/library.js") for _, _, a in made))
    foreign = [entry for entry in made if entry[0] not in origins or not entry[2].startswith(entry[0] + "/") or entry[1] != "GET"]
    check(f"NetLog: every request of the pages, their workers and the service worker was a GET of their own origin ({len(made)} requests)",
          not foreign, foreign[:10])
    posts = [line for line in open(log) if '"GET ' not in line and '"HEAD ' not in line and '"' in line]
    check("the static server saw nothing but GET and HEAD", not posts, posts[:5])
    print(f"{len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
