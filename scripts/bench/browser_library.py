"""A library's batch in headless Chromium, for scripts/benchmark.sh's browser part: a page whose Web Worker imports
livephoto.js and runs convertLibrary (every Live Photo to a Motion Photo) on a folder given as the user's Files
(through <input type=file webkitdirectory>, read from disk as a browser reads them). Prints one line per figure:
`name value unit`.

  python browser_library.py MODULE_DIR LIBRARY RUNS

- folder: into the origin's private file system (a FileSystemDirectoryHandle, each file through createWritable, as
  into a folder the user chose), best of RUNS, the folder emptied before each;
- zip: into one zip streamed into a WritableStream that counts its bytes (where a download goes), best of RUNS;
- memory: the page's renderer memory (RSS, with its worker) at its highest during a zip run, less before, in a fresh
  browser (its first batch: a page loaded again in the same browser keeps its renderer process, and with it what
  earlier runs left, which would count in the baseline).
"""
import os
import sys


from browser_support import FOLDER_PAGE, browser, first_zip_run_memory, folder_worker, module_site, run_on_folder

MODULE, LIBRARY = (os.path.realpath(p) for p in sys.argv[1:3])
RUNS = int(sys.argv[3])

WORKER = folder_worker("""    const started = performance.now();
    const { summary } = await livephoto.convertLibrary(files, { to: 'motion', out });
    postMessage({ ms: performance.now() - started, done: summary.done, failed: summary.failed, bytes });""")


def main():
    with module_site(MODULE, {"index.html": FOLDER_PAGE, "worker.js": WORKER}) as url:
        driver = browser()
        driver.set_script_timeout(1800)
        try:
            for into in ["folder", "zip"]:
                results = [run_on_folder(driver, url, LIBRARY, into) for _ in range(RUNS)]
                best = min(results, key=lambda r: r["ms"])
                print(f"{into} {best['ms'] / 1000:.2f} s {best['done']} done {best['failed']} failed {best['bytes']} bytes")
        finally:
            driver.quit()
        grown, _ = first_zip_run_memory(url, 'folder', [LIBRARY])
        print(f"memory {grown / 1e6:.1f} MB")


main()
