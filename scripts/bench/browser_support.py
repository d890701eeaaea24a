"""What the browser benchmarks share (browser_engine.py, browser_library.py, browser_import.py): a quiet static server,
headless Chromium, the resident memory of its renderer processes, and a page that hands the files of its inputs to a
Web Worker."""
import contextlib
import functools
import http.server
import os
import shutil
import socketserver
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.common.by import By


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


def serve(folder):
    """`folder` served on a free port of 127.0.0.1, from a thread."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser():
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800"]:
        options.add_argument(flag)
    return webdriver.Chrome(options=options)


def descendants(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    found, pending = [], [pid]
    while pending:
        p = pending.pop()
        for c in children.get(p, []):
            found.append(c)
            pending.append(c)
    return found


def renderer_rss(root):
    """The resident memory (bytes) of the browser's renderer processes: the page and its worker."""
    total = 0
    for pid in descendants(root):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
            with open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS"))
        except (OSError, StopIteration):
            pass
    return total


def memory_growth(root, action, interval=0.01):
    """Runs `action()` while sampling the renderers' memory (of the browser whose driver process is `root`): the most
    it grew over what it was before, in bytes, and what `action` returned."""
    before = renderer_rss(root)
    peak, finished = [before], threading.Event()

    def sample():
        while not finished.is_set():
            peak.append(renderer_rss(root))
            time.sleep(interval)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = action()
    finally:
        finished.set()
        sampler.join()
    return max(peak) - before, result


@contextlib.contextmanager
def module_site(module, pages, files=()):
    """A site of the engine's module (MODULE's scripts and WebAssembly), `pages` (name: text) and `files` (name: path),
    served on a free port while the block runs, then taken down: yields its index.html's URL."""
    site = tempfile.mkdtemp(prefix="livephoto-bench-site-")
    try:
        for name in sorted(os.listdir(module)):
            if name.endswith((".js", ".wasm")):
                shutil.copy(os.path.join(module, name), site)
        for name, text in pages.items():
            with open(os.path.join(site, name), "w") as f:
                f.write(text)
        for name, path in dict(files).items():
            shutil.copy(path, os.path.join(site, name))
        server = serve(site)
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(site, ignore_errors=True)


def run_on_input(driver, url, field, paths, into):
    """Opens the benchmark's page, gives its input `field` (`#folder`: a folder, every file in it; `#parts`: files)
    `paths` and waits until the page holds them all; with `into` ("folder" or "zip"), then runs the page's
    `run(into, field)` and returns its result (a run that failed stops the benchmark, naming it)."""
    driver.get(url)
    driver.find_element(By.ID, field).send_keys("\n".join(paths))
    # The input takes the files a moment after: wait until they are all there.
    last, steady = -1, 0
    while steady < 3:
        count = driver.execute_script("return document.getElementById(arguments[0]).files.length", field)
        steady = steady + 1 if count == last and count > 0 else 0
        last = count
        time.sleep(0.1)
    if into is None:
        return None
    result = driver.execute_async_script("run(arguments[0], arguments[1]).then(arguments[arguments.length - 1])", into, field)
    if "error" in result:
        raise SystemExit(f"{into}: {result['error']}")
    return result


def first_zip_run_memory(url, field, paths):
    """How much the page's memory grew, at most, in bytes, during a run into a zip of the input `field`'s `paths`, and
    what the run posted back: the first run of a fresh browser (a page loaded again in the same browser keeps its
    renderer process, and with it what earlier runs left, which would count in the baseline)."""
    driver = browser()
    driver.set_script_timeout(1800)
    try:
        run_on_input(driver, url, field, paths, None)
        time.sleep(1)
        grown, result = memory_growth(driver.service.process.pid, lambda: driver.execute_async_script(
            "run('zip', arguments[0]).then(arguments[arguments.length - 1])", field), 0.02)
    finally:
        driver.quit()
    return grown, result


def run_on_folder(driver, url, folder, into):
    """``run_on_input`` with every file of `folder`, through the page's folder input."""
    return run_on_input(driver, url, "folder", [folder], into)


# A page with a folder input (`#folder`) and one of files (`#parts`, as a user picks an export's zips) whose
# `run(into, field)` hands the files of one of them (the folder's by default) to a Web Worker (worker.js, from
# ``folder_worker``) and resolves to what it posts back.
FOLDER_PAGE = """<!doctype html><meta charset=utf-8><title>folder benchmark</title>
<input type=file id=folder webkitdirectory multiple>
<input type=file id=parts multiple>
<script type=module>
const worker = new Worker('./worker.js', { type: 'module' });
window.run = (into, field = 'folder') => new Promise((resolve) => {
  worker.onmessage = (e) => resolve(e.data);
  worker.postMessage({ into, files: [...document.getElementById(field).files] });
});
document.body.dataset.ready = 'yes';
</script>"""


def folder_worker(body):
    """The worker of ``FOLDER_PAGE``: it makes `out` (a fresh folder of the origin's private file system for
    "folder", else a WritableStream counting the zip's `bytes`), runs `body` (JavaScript that posts its figures, with
    `livephoto`, `files`, `out` and `bytes` in scope), and posts `{error}` when that fails."""
    return """import * as livephoto from './livephoto.js';
onmessage = async (e) => {
  const { into, files } = e.data;
  try {
    let out, bytes = 0;
    if (into === 'folder') {
      const root = await navigator.storage.getDirectory();
      await root.removeEntry('out', { recursive: true }).catch(() => {});
      out = await root.getDirectoryHandle('out', { create: true });
    } else {
      out = new WritableStream({ write(chunk) { bytes += chunk.length; } });
    }
""" + body + """
  } catch (error) {
    postMessage({ error: `${error.code}: ${error.message}` });
  }
};"""


# importLibrary of the files given into `out`: posts its time, when each stage of `onProgress` ended (and the first
# event, `start`), and the report's media files and failures.
IMPORT_WORKER = folder_worker("""    // The first progress event and each stage's last one, in ms from the start.
    const ends = {};
    const started = performance.now();
    const onProgress = ({ stage }) => { ends[stage] = performance.now() - started; ends.start ??= ends[stage]; };
    const { report } = await livephoto.importLibrary(files, { out, onProgress });
    const ms = performance.now() - started;
    const { mediaFiles, outcomes } = report.at(-1);
    postMessage({ ms, ends, media: mediaFiles, failed: outcomes.failed, bytes });""")
