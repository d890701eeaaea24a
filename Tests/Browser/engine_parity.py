"""The parity cases of the engine's Node suite (Web/test/parity.test.mjs, run with LIVEPHOTO_PARITY_CASES=FILE),
replayed in headless Chromium: a page's Web Worker imports livephoto.js and runs each case on the inputs chosen through
<input type=file> (read from disk as a browser reads the user's files); every output must have the command line's
bytes (SHA-256) and name, every report the command line's --json, every failure its words and code.

  python engine_parity.py MODULE_DIR CASES_JSON
Prints a line per case and closes with "engine: N failed"."""
import functools
import http.server
import json
import os
import shutil
import socketserver
import sys
import tempfile
import threading

from selenium import webdriver
from selenium.webdriver.common.by import By

MODULE, CASES = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
HERE = os.path.dirname(os.path.realpath(__file__))

PAGE = """<!doctype html><meta charset=utf-8><title>engine parity</title>
<input type=file id=files multiple>
<script type=module>
const worker = new Worker('./worker.js', { type: 'module' });
const waiting = new Map();
let next = 0;
worker.onmessage = (e) => { waiting.get(e.data.id)(e.data.result); waiting.delete(e.data.id); };
window.runCase = (operation, options) => new Promise((resolve) => {
  const id = next++;
  waiting.set(id, resolve);
  worker.postMessage({ id, operation, options, files: [...document.getElementById('files').files] });
});
document.body.dataset.ready = 'yes';
</script>"""

WORKER = """import * as livephoto from './livephoto.js';
import { invoke } from './invoke.mjs';
async function digest(blob) {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
  return [...hash].map((b) => b.toString(16).padStart(2, '0')).join('');
}
onmessage = async (e) => {
  const { id, operation, options, files } = e.data;
  let result;
  try {
    const { report, files: outputs } = await invoke(livephoto, operation, files, options);
    result = { report, files: await Promise.all(outputs.map(async (f) => ({ name: f.name, sha256: await digest(f.blob) }))) };
  } catch (error) {
    result = { error: { message: error.message, code: error.code } };
  }
  postMessage({ id, result });
};"""

failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)
    if not condition:
        failures.append(name)


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


def main():
    with open(CASES) as f:
        cases = json.load(f)
    check("the Node suite recorded cases", len(cases) > 20, f"{len(cases)} cases")
    site = tempfile.mkdtemp(prefix="livephoto-engine-parity-")
    server = driver = None
    try:
        # The module (livephoto.js and the modules it imports) and its WebAssembly.
        for name in sorted(os.listdir(MODULE)):
            if name.endswith((".js", ".wasm")):
                shutil.copy(os.path.join(MODULE, name), site)
        shutil.copy(os.path.join(HERE, "..", "..", "Web", "test", "invoke.mjs"), site)
        with open(os.path.join(site, "index.html"), "w") as f:
            f.write(PAGE)
        with open(os.path.join(site, "worker.js"), "w") as f:
            f.write(WORKER)
        server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        options = webdriver.ChromeOptions()
        for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"]:
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options)
        driver.set_script_timeout(120)
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        for index, case in enumerate(cases):
            label = f"{case['operation']} {json.dumps(case['options'])} {' '.join(os.path.basename(p) for p in case['inputs'])}"
            driver.execute_script("document.getElementById('files').value = ''")
            driver.find_element(By.ID, "files").send_keys("\n".join(case["inputs"]))
            result = driver.execute_async_script(
                "runCase(arguments[0], arguments[1]).then(arguments[arguments.length - 1])", case["operation"], case["options"])
            if "error" in case:
                check(f"{index}: {label}: the same error", result.get("error") == case["error"], f"{result.get('error')} != {case['error']}")
                continue
            if "error" in result:
                check(f"{index}: {label}", False, f"failed in the browser: {result['error']}")
                continue
            check(f"{index}: {label}: the same report", result["report"] == case["report"],
                  f"{json.dumps(result['report'])[:400]} != {json.dumps(case['report'])[:400]}")
            check(f"{index}: {label}: the same files, byte for byte", result["files"] == case["files"], f"{result['files']} != {case['files']}")
    finally:
        if driver:
            driver.quit()
        if server:
            server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    print(f"engine: {len(failures)} failed", flush=True)


main()
sys.exit(1 if failures else 0)
