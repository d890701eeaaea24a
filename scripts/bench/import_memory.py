"""Where in an import the page's memory is at its highest: the files given (a folder, or an export's parts) imported
into a zip (a WritableStream that counts its bytes) through importLibrary in a Web Worker, the first import of a fresh
browser, the page's renderer memory (with its worker) sampled every 50 ms. Prints when each stage of `onProgress`
ended, the highest growth and when, and the highest growth in each second of the run. Not part of
scripts/benchmark.sh, whose figure is the highest alone; docs/benchmarks.md#reads-into-buffers-used-again.

  python import_memory.py MODULE_DIR folder DIR
  python import_memory.py MODULE_DIR parts PART...
"""
import os
import sys
import threading
import time

from browser_support import FOLDER_PAGE, IMPORT_WORKER, browser, module_site, renderer_rss, run_on_input

MODULE, FIELD, PATHS = os.path.realpath(sys.argv[1]), sys.argv[2], [os.path.realpath(p) for p in sys.argv[3:]]

with module_site(MODULE, {"index.html": FOLDER_PAGE, "worker.js": IMPORT_WORKER}) as url:
    driver = browser()
    driver.set_script_timeout(1800)
    try:
        run_on_input(driver, url, FIELD, sorted(PATHS), None)
        time.sleep(1)
        root = driver.service.process.pid
        before, samples, finished = renderer_rss(root), [], threading.Event()

        def sample():
            start = time.time()
            while not finished.is_set():
                samples.append((time.time() - start, renderer_rss(root)))
                time.sleep(0.05)

        sampler = threading.Thread(target=sample)
        sampler.start()
        try:
            result = driver.execute_async_script("run('zip', arguments[0]).then(arguments[arguments.length - 1])", FIELD)
        finally:
            finished.set()
            sampler.join()
    finally:
        driver.quit()

if "error" in result:
    sys.exit(f"import_memory.py: the import failed: {result['error']}")
ends = sorted(result["ends"].items(), key=lambda item: item[1])
print("stages ended at " + ", ".join(f"{stage} {ms / 1000:.1f} s" for stage, ms in ends) + f"; the run {result['ms'] / 1000:.1f} s")
at, peak = max(samples, key=lambda s: s[1])
print(f"the page grew by {(peak - before) / 1e6:.1f} MB at its highest, at {at:.1f} s")
seconds = {}
for t, rss in samples:
    seconds[int(t)] = max(seconds.get(int(t), 0), rss)
print("by second (MB): " + " ".join(f"{s}:{(m - before) / 1e6:.0f}" for s, m in sorted(seconds.items())))
