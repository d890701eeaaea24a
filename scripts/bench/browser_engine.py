"""The WebAssembly engine in headless Chromium, for scripts/benchmark.sh's browser part: a page whose Web Worker
imports livephoto.js, given the inputs as the user's Files (through <input type=file>, so they are read from disk as a
browser reads them). Prints one line per figure: `name value unit`.

  python browser_engine.py MODULE_DIR PHOTO MOVIE MOTION_PHOTO BIG_MOVIE SMALL_PHOTO RUNS

- make: PHOTO (a 12 MP JPEG) + MOVIE (about 200 MB) made into a Live Photo, best of RUNS;
- to-live: MOTION_PHOTO (about 200 MB) converted to a Live Photo, best of RUNS;
- memory: the page's renderer memory (RSS, with its worker) at its highest while BIG_MOVIE (about 1 GB) is made into a
  Live Photo, less before;
- first-inspect: a fresh page (no cache) imports the module and inspects SMALL_PHOTO: from the import to the report
  (the best of RUNS visits, each in a new browser).
"""
import os
import sys
import time

from selenium.webdriver.common.by import By

from browser_support import browser, memory_growth, module_site

MODULE, PHOTO, MOVIE, MOTION, BIG, SMALL = (os.path.realpath(p) for p in sys.argv[1:7])
RUNS = int(sys.argv[7])

PAGE = """<!doctype html><meta charset=utf-8><title>engine benchmark</title>
<input type=file id=a><input type=file id=b>
<script type=module>
const worker = new Worker('./worker.js', { type: 'module' });
let next = 0;
const waiting = new Map();
worker.onmessage = (e) => { waiting.get(e.data.id)(e.data); waiting.delete(e.data.id); };
window.run = (operation, options) => new Promise((resolve) => {
  const id = next++;
  waiting.set(id, resolve);
  const files = [...document.getElementById('a').files, ...document.getElementById('b').files];
  worker.postMessage({ id, operation, files, options, started: performance.now() });
});
window.firstInspect = async () => {
  const small = await (await fetch('./small.jpg')).blob();
  const started = performance.now();
  const { inspect } = await import('./livephoto.js');
  const imported = performance.now();
  const { report } = await inspect(new File([small], 'small.jpg'));
  const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
  return { ms: performance.now() - started, imported: imported - started, wasmFetch: wasm ? wasm.duration : -1, role: report.files[0].role };
};
document.body.dataset.ready = 'yes';
</script>"""

WORKER = """import * as livephoto from './livephoto.js';
onmessage = async (e) => {
  const { id, operation, files, options } = e.data;
  const started = performance.now();
  try {
    const result = operation === 'make' ? await livephoto.make(files[0], files[1], options)
      : await livephoto.convert(files, options);
    const bytes = result.files.reduce((n, f) => n + f.blob.size, 0);
    postMessage({ id, ms: performance.now() - started, bytes, names: result.files.map((f) => f.name), statistics: livephoto.lastRunStatistics() });
  } catch (error) {
    postMessage({ id, error: `${error.code}: ${error.message}` });
  }
};"""


def choose(driver, a, b=None):
    driver.find_element(By.ID, "a").send_keys(a)
    if b:
        driver.find_element(By.ID, "b").send_keys(b)


def run(driver, operation, options):
    driver.set_script_timeout(600)
    result = driver.execute_async_script("run(arguments[0], arguments[1]).then(arguments[arguments.length - 1])", operation, options)
    if "error" in result:
        raise SystemExit(f"{operation}: {result['error']}")
    return result


def main():
    # The module (livephoto.js and the modules it imports), its WebAssembly, the page, its worker and a small photo.
    with module_site(MODULE, {"index.html": PAGE, "worker.js": WORKER}, {"small.jpg": SMALL}) as url:
        # Each visit in a browser of its own with its cache off: the module and the engine fetched and compiled anew
        # (a browser keeps compiled WebAssembly in memory across its pages, whatever its HTTP cache).
        visits = []
        for _ in range(RUNS):
            cold = browser()
            try:
                cold.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
                cold.get(url)
                visits.append(cold.execute_async_script("firstInspect().then(arguments[arguments.length - 1])"))
            finally:
                cold.quit()
        first = min(visits, key=lambda visit: visit["ms"])
        driver = browser()
        try:
            print(f"first-inspect {first['ms']:.1f} ms (module {first['imported']:.1f} ms, engine fetched in {first['wasmFetch']:.1f} ms)")
            # A second visit, as an installed app's or any return: the browser's cache and its compiled code kept.
            driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
            driver.get(url)
            driver.execute_async_script("firstInspect().then(arguments[arguments.length - 1])")
            driver.get(url)
            again = driver.execute_async_script("firstInspect().then(arguments[arguments.length - 1])")
            print(f"first-inspect-again {again['ms']:.1f} ms")

            def best(operation, options, a, b=None):
                times = []
                for _ in range(RUNS):
                    driver.get(url)
                    choose(driver, a, b)
                    result = run(driver, operation, options)
                    times.append(result["ms"])
                return min(times), result

            ms, result = best("make", {"cover": 1.5}, PHOTO, MOVIE)
            print(f"make {ms:.1f} ms {result['bytes']} bytes {result['statistics']['bytesRead']} read")
            ms, result = best("convert", {"to": "live"}, MOTION)
            print(f"to-live {ms:.1f} ms {result['bytes']} bytes {result['statistics']['bytesRead']} read")

            driver.get(url)
            choose(driver, PHOTO, BIG)
            time.sleep(1)
            grown, result = memory_growth(driver.service.process.pid, lambda: run(driver, "make", {"cover": 1.5}))
            print(f"memory {grown / 1e6:.1f} MB {result['bytes']} bytes {result['ms']:.1f} ms")
        finally:
            driver.quit()


main()
