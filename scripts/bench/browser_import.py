"""A camera folder imported in headless Chromium, for scripts/benchmark.sh's browser part: a page whose Web Worker
imports livephoto.js and runs importLibrary (the folder made into a clean library, as `livephoto import` makes it) on a
folder given as the user's Files (through <input type=file webkitdirectory>, read from disk as a browser reads them).
Prints one line per figure: `name value unit ...`.

  python browser_import.py MODULE_DIR DCIM RUNS

- folder: into the origin's private file system (a FileSystemDirectoryHandle, each file through createWritable, as
  into a folder the user chose), best of RUNS, the folder emptied before each (else a run would resume the last one
  and write nothing); with the media files the report accounts for and those it failed;
- zip: into one zip streamed into a WritableStream that counts its bytes (where a download goes), best of RUNS;
- folder-STAGE, zip-STAGE: where the best run's time went: `start` up to onProgress's first event (the folder listed,
  the engine fetched and compiled, its first run, the first file compared), then each stage up to its last event
  (`writing` includes the record's last lines), and `rest` after the last of them (the report);
- memory: the page's renderer memory (RSS, with its worker) at its highest during a zip run, less before.
"""
import os
import sys
import time


from browser_support import FOLDER_PAGE, browser, folder_worker, memory_growth, module_site, run_on_folder

MODULE, DCIM = (os.path.realpath(p) for p in sys.argv[1:3])
RUNS = int(sys.argv[3])
STAGES = ["comparing", "reading", "writing"]

WORKER = folder_worker("""    // The first progress event and each stage's last one, in ms from the start.
    const ends = {};
    const started = performance.now();
    const onProgress = ({ stage }) => { ends[stage] = performance.now() - started; ends.start ??= ends[stage]; };
    const { report } = await livephoto.importLibrary(files, { out, onProgress });
    const ms = performance.now() - started;
    const { mediaFiles, outcomes } = report.at(-1);
    postMessage({ ms, ends, media: mediaFiles, failed: outcomes.failed, bytes });""")


def main():
    with module_site(MODULE, {"index.html": FOLDER_PAGE, "worker.js": WORKER}) as url:
        driver = browser()
        driver.set_script_timeout(1800)
        try:
            for into in ["folder", "zip"]:
                results = [run_on_folder(driver, url, DCIM, into) for _ in range(RUNS)]
                best = min(results, key=lambda r: r["ms"])
                print(f"{into} {best['ms'] / 1000:.2f} s {best['media']} media {best['failed']} failed {best['bytes']} bytes")
                since = 0
                for stage in ["start", *STAGES]:
                    end = best["ends"].get(stage, since)
                    print(f"{into}-{stage} {(end - since) / 1000:.2f} s")
                    since = end
                print(f"{into}-rest {(best['ms'] - since) / 1000:.2f} s")
            run_on_folder(driver, url, DCIM, None)
            time.sleep(1)
            grown, _ = memory_growth(
                driver.service.process.pid, lambda: driver.execute_async_script("run('zip').then(arguments[arguments.length - 1])"), 0.02)
            print(f"memory {grown / 1e6:.1f} MB")
        finally:
            driver.quit()


main()
