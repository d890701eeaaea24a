"""The Apple data copy of the browser part's camera folder imported in headless Firefox ESR, for scripts/benchmark.sh:
Firefox has no folder picker, so its users take the Library view's zip download. Firefox is driven through its own
WebDriver BiDi (Tests/Browser/firefox_support.py). Prints one line per figure: `name value unit ...`.

  python firefox_import.py MODULE_DIR SITE_DIR RUNS PART.zip ...

- firefox-parts-zip, firefox-parts-folder (and -STAGE, as browser_import.py prints them): the module's importLibrary
  of the parts, given as Files, in a page's Web Worker, into a WritableStream that counts the zip's bytes and into the
  origin's private file system, best of RUNS, with the media files accounted for and failed;
- firefox-parts-copy-zip, firefox-parts-copy-folder: Firefox's own floor, as browser_import.py's: each member's range
  read through its stream, and written whole through createWritable, 4 at once;
- firefox-view-zip: the static site's Library view (SITE_DIR, scripts/site.sh's), the parts chosen as files, "Make a
  clean library", from Start until the downloaded zip is whole on disk, best of RUNS; with its media files and failed;
- firefox-download: the same bytes, the parts read and sent through the view's download channel (the service worker)
  with nothing else done, until the download is whole on disk: the floor of the view's zip;
- firefox-view-memory: how much the Firefox process that grew most (the page's) grew during the view's first import,
  and firefox-all-memory: all of Firefox's processes together.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))), "Tests", "Browser"))
from browser_import import COPY_PAGE, COPY_WORKER, WORKER, best_run, copy_floor, member_ranges  # noqa: E402
from browser_support import FOLDER_PAGE, module_site, serve  # noqa: E402
from firefox_support import Firefox  # noqa: E402

MODULE, SITE = (os.path.realpath(p) for p in sys.argv[1:3])
RUNS = int(sys.argv[3])
PARTS = [os.path.realpath(p) for p in sys.argv[4:]]

# The view's import, from its Start to its result (the downloaded zip is waited for apart).
VIEW_RUN = """const done = arguments[arguments.length - 1];
const $ = (id) => document.getElementById(id);
const started = performance.now();
$('library-go').click();
const timer = setInterval(() => {
  if ($('library-result').hidden && $('library-error').hidden) return;
  clearInterval(timer);
  done({ ms: performance.now() - started, error: $('library-error').hidden ? null : $('library-error').textContent,
         sentence: $('library-sentence').textContent });
}, 20);"""
# The parts' bytes (of an input of its own: the view empties its inputs once it holds their files) through the view's
# download channel, with nothing else done.
CHANNEL_RUN = """const done = arguments[arguments.length - 1];
(async () => {
  const { openStreamedDownload, writableToPort } = await import('./js/download-stream.js');
  const { port, done: finished } = await openStreamedDownload(arguments[0], 'application/octet-stream');
  const writer = writableToPort(port).getWriter();
  for (const file of document.getElementById('floor-files').files) {
    const reader = file.stream().getReader();
    for (;;) { const { done, value } = await reader.read(); if (done) break; await writer.write(value); }
  }
  await writer.close();
  finished();
  return {};
})().then(done, (error) => done({ error: String(error) }));"""


def process_rss(root):
    """The resident size of `root` and every process below it, in bytes, by pid."""
    table = {}
    for line in subprocess.run(["ps", "-A", "-o", "pid=,ppid=,rss="], capture_output=True, text=True).stdout.splitlines():
        pid, ppid, rss = (int(field) for field in line.split())
        table[pid] = (ppid, rss * 1024)
    below, grew = {root}, True
    while grew:
        grew = False
        for pid, (ppid, _) in table.items():
            if ppid in below and pid not in below:
                below.add(pid)
                grew = True
    return {pid: table[pid][1] for pid in below if pid in table}


def whole_download(folder, name, started, seconds=1800):
    """Seconds from `started` until `folder/name` is whole (no `.part` beside it, its size settled), or None."""
    path, last = os.path.join(folder, name), -1
    while time.time() < started + seconds:
        if os.path.exists(path) and not os.path.exists(path + ".part"):
            size = os.path.getsize(path)
            if size == last and size > 0:
                return time.time() - started - 0.05
            last = size
        time.sleep(0.05)
    return None


def choose_parts(driver, url):
    driver.get(url)
    deadline = time.time() + 60
    while not driver.execute_script("return document.body.dataset.ready === 'yes' && !!navigator.serviceWorker.controller"):
        if time.time() > deadline:
            raise SystemExit("firefox: the site's page did not get ready")
        time.sleep(0.1)
    driver.find_element(None, "tab-library").click()
    driver.find_element(None, "library-files").send_keys(*PARTS)
    while not driver.execute_script(f"return document.getElementById('library-chosen').textContent.startsWith('Chosen: {len(PARTS)} files')"):
        time.sleep(0.1)
    driver.find_element(None, "library-job-import").click()


def view_run(driver, url, downloads, sample=None):
    """The view's import into its zip download: seconds until the zip is whole, and the result's sentence."""
    for leftover in os.listdir(downloads):
        os.remove(os.path.join(downloads, leftover))
    choose_parts(driver, url)
    started = time.time()
    result = driver.execute_async_script(VIEW_RUN)
    if result.get("error"):
        raise SystemExit(f"firefox-view-zip: {result['error']}")
    took = whole_download(downloads, "library-import.zip", started)
    if took is None:
        raise SystemExit("firefox-view-zip: the zip did not arrive")
    return took, result["sentence"]


def main():
    downloads = tempfile.mkdtemp(prefix="livephoto-bench-firefox-")
    pages = {"index.html": FOLDER_PAGE, "worker.js": WORKER, "copy.html": COPY_PAGE, "copy-worker.js": COPY_WORKER}
    site = serve(SITE)
    site_url = f"http://127.0.0.1:{site.server_address[1]}/"
    try:
        # The view's first import in a fresh browser, its processes sampled.
        driver = Firefox(downloads)
        try:
            choose_parts(driver, site_url)
            time.sleep(1)
            before = process_rss(driver.process.pid)
            peaks, finished = dict(before), threading.Event()

            def sample():
                while not finished.is_set():
                    now = process_rss(driver.process.pid)
                    for pid, rss in now.items():
                        peaks[pid] = max(peaks.get(pid, 0), rss)
                    peaks["all"] = max(peaks.get("all", 0), sum(now.values()))
                    time.sleep(0.05)

            sampler = threading.Thread(target=sample)
            sampler.start()
            try:
                took, sentence = view_run(driver, site_url, downloads)
            finally:
                finished.set()
                sampler.join()
            grown = max(peaks[pid] - before.get(pid, 0) for pid in peaks if pid != "all")
            print(f"firefox-view-memory {grown / 1e6:.1f} MB")
            print(f"firefox-all-memory {(peaks['all'] - sum(before.values())) / 1e6:.1f} MB")
            times = [took]
            for _ in range(RUNS - 1):
                times.append(view_run(driver, site_url, downloads)[0])
            media = sentence.split(" media files")[0].replace(",", "")
            failed = sentence.split(" failed")[0].rsplit(" ", 1)[-1] if " failed" in sentence else "0"
            print(f"firefox-view-zip {min(times):.2f} s {media} media {failed} failed")
            channel = []
            for _ in range(RUNS):
                for leftover in os.listdir(downloads):
                    os.remove(os.path.join(downloads, leftover))
                driver.get(site_url)
                driver.execute_script("const input = Object.assign(document.createElement('input'), { type: 'file', multiple: true,"
                                      " id: 'floor-files' }); document.body.append(input)")
                driver.find_element(None, "floor-files").send_keys(*PARTS)
                started = time.time()
                result = driver.execute_async_script(CHANNEL_RUN, "floor.bin")
                if result.get("error"):
                    raise SystemExit(f"firefox-download: {result['error']}")
                channel.append(whole_download(downloads, "floor.bin", started))
            print(f"firefox-download {min(channel):.2f} s")
        finally:
            driver.quit()
        with module_site(MODULE, pages) as url:
            driver = Firefox(downloads)
            try:
                for into in ["folder", "zip"]:
                    best_run(driver, url, f"firefox-parts-{into}", "parts", PARTS, into, RUNS)
                copy_floor(driver, url.replace("index.html", "copy.html"), "firefox-parts-copy", "parts", PARTS, member_ranges(PARTS))
            finally:
                driver.quit()
    finally:
        site.shutdown()
        shutil.rmtree(downloads, ignore_errors=True)


if __name__ == "__main__":
    main()
