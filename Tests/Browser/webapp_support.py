"""What the web app's browser tests share: the server, the browser, waits, drops, layout and accessibility checks,
screenshots. Imported by webapp_test.py, which is run with the arguments these read (see its usage)."""
import concurrent.futures
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import JavascriptException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

LIVEPHOTO, SAMPLES, PHOTO, CLIP, WORK = (os.path.realpath(p) for p in sys.argv[1:6])
# The web app's engine (livephoto.js and livephoto.wasm, as scripts/wasm.sh writes them): servers started here are
# given it, and the static site is built with it.
ENGINE = os.path.realpath(sys.argv[6]) if len(sys.argv) > 6 else None
SHOTS = os.path.join(WORK, "screenshots")
README_SHOTS = os.environ.get("LIVEPHOTO_README_SCREENSHOTS")
# The README's screenshots, by the name each has under SHOTS.
README_CHOICE = ["assemble-1280", "assemble-375", "disassemble-1280", "disassemble-375", "gallery-1280", "gallery-375", "edit-1280",
                 "edit-375", "import-1280", "import-375"]
DESKTOP, PHONE = (1280, 800), (375, 812)
# The gallery's folder: the iPhone's Live Photo and five Motion Photos (Google's, Samsung's, JPEG and HEIC).
GALLERY = ["iphone_IMG_3853_gwy15.HEIC", "iphone_IMG_3853_gwy15.MOV", "libmphoto_motion_photo_v1_synthetic.jpg",
           "libmphoto_microvideo_samsung-remuxed.jpg", "samsung-s22-google-motionphoto-v1_ente.heic", "androidx-media_sample_MP.heic",
           "androidx-media_pixel-motion-photo-shortened.jpg"]
GALLERY_ORDER = sorted(name for name in GALLERY if not name.endswith(".MOV"))  # by name, as the server lists them
LIVE_ITEM = '#gallery-grid .item[data-kind="live-photo"] .live-viewer'
MOTION_ITEM = '#gallery-grid .item[data-name="libmphoto_motion_photo_v1_synthetic.jpg"] .live-viewer'
# How many uploads of the file named arguments[0] the page has made (its requests, from the Resource Timing list).
UPLOADS_OF = "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/uploads?name=' + encodeURIComponent(arguments[0]))).length"
# How many requests the page has made to the server's API (uploads, jobs, frames, display copies).
API_REQUESTS = "return performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname.startsWith('/api/')).length"
failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)
    if not condition:
        failures.append(name)


def run_alone(view):
    """Runs one view's checks in a browser of its own (a script run by itself) and returns the exit status."""
    os.makedirs(SHOTS, exist_ok=True)
    driver = browser(os.path.join(WORK, "downloads"))
    try:
        view(driver)
    finally:
        driver.quit()
    print(f"{len(failures)} failed", flush=True)
    return 1 if failures else 0


def start_server(folder, *extra, engine=True):
    """`livephoto serve FOLDER` on a free port, with the engine unless `engine` is False; the process and its URL."""
    with_engine = ["--engine", ENGINE] if engine and ENGINE else []
    process = subprocess.Popen(
        [LIVEPHOTO, "serve", folder, "--port", "0", "--json", "--index", os.path.join(WORK, "index.sqlite"), *with_engine, *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if not line:
        raise SystemExit("the server did not start: " + process.stderr.read())
    return process, json.loads(line)["url"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_static(site, port, log):
    """`python3 -m http.server` on `port` for `site` (a static site scripts/site.sh wrote), its request log in `log`;
    returns once it answers."""
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", site],
                               stdout=subprocess.DEVNULL, stderr=open(log, "a"))
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            return process
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the static server did not start")


def non_blank(png, name):
    pixels = Image.open(png).convert("L").tobytes()
    spread = statistics.pstdev(pixels)
    rgb = Image.open(png).convert("RGB").tobytes()
    colours = len({rgb[i:i + 3] for i in range(0, len(rgb), 3)})
    check(f"{name} screenshot is not blank", spread > 10 and colours > 50, f"stdev {spread:.1f}, {colours} colours")


def browser(downloads, network_log=False, net_log=None):
    """Headless Chromium downloading into `downloads`; with `network_log`, its DevTools network events are kept for
    `requests_made`; with `net_log` (a path), Chromium's own NetLog of every request, workers' included, for
    `net_log_requests`."""
    options = webdriver.ChromeOptions()
    if network_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    if net_log:
        options.add_argument(f"--log-net-log={net_log}")
    # The fake camera gives the Camera mode a picture for its screenshots.
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800",
                     "--autoplay-policy=no-user-gesture-required", "--mute-audio", "--hide-scrollbars",
                     "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    options.add_experimental_option("prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return driver


def requests_made(driver):
    """The requests the page (and its workers) started since the last call, as (method, url), from the DevTools
    network events of the performance log (a browser made with `network_log`)."""
    made = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"]).get("message", {})
        if message.get("method") == "Network.requestWillBeSent":
            request = message["params"]["request"]
            made.append((request.get("method"), request.get("url")))
    return made


def net_log_requests(path):
    """Every request of a NetLog (Chromium's --log-net-log, read once the browser has quit), as (initiator, method,
    url): the initiator is the origin of the page, worker or service worker that made it, None for the browser's own."""
    with open(path) as log:
        lines = log.read().splitlines()
    constants = json.loads(lines[0].rstrip(",")[len('{"constants":'):])
    start = constants["logEventTypes"]["URL_REQUEST_START_JOB"]
    made = []
    for line in lines[1:]:
        try:
            event = json.loads(line.rstrip(","))
        except ValueError:
            continue
        if event.get("type") == start and event.get("phase") == 1:
            params = event.get("params", {})
            made.append((params.get("initiator"), params.get("method"), params.get("url")))
    return made


def download_to(driver, folder):
    """Downloads from here on go to `folder` (one per batch, so that names never collide)."""
    os.makedirs(folder, exist_ok=True)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})


def set_size(driver, size):
    """The page at `size`, as a desktop window or (375 wide) as a phone: mobile viewport rules and touch input."""
    width, height = size
    phone = size == PHONE
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5 if phone else 1})
    time.sleep(0.3)  # a layout pass and the thumbnails' decoding at the new size


def wait_for(driver, condition, seconds=120, what="condition"):
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: d.execute_script(condition), what)


def try_wait(driver, condition, seconds):
    try:
        wait_for(driver, condition, seconds)
        return True
    except Exception:
        return False


def script(driver, code, *args):
    """The script's value, or None when it throws (an element missing from the page): the check that reads it fails."""
    try:
        return driver.execute_script(code, *args)
    except JavascriptException:
        return None


def wait_file(folder, name, seconds=60):
    path = os.path.join(folder, name)
    deadline = time.time() + seconds
    while time.time() < deadline:
        if os.path.exists(path) and not os.path.exists(path + ".crdownload"):
            return path
        time.sleep(0.1)
    return None


def shown_modes(driver):
    return [s.get_attribute("id") for s in driver.find_elements(By.CSS_SELECTOR, "section.mode") if s.is_displayed()]


def chosen(driver, input_id):
    return driver.execute_script("return [...document.getElementById(arguments[0]).files].map(f => f.name)", input_id)


def drop(driver, paths, target="main"):
    """Drops the files at `paths` on `target` through Chromium's own drag and drop (DevTools' Input.dispatchDragEvent),
    as a file manager would: the drag enters, moves over the page, and lets go. Says whether the drop overlay showed
    while dragging and went after, and whether the page took the dragover and the drop (their default prevented)."""
    script(driver, "window.dragSeen = {}; document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", target)
    box = script(driver, "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", target)
    x, y = box or [10, 10]
    data = {"items": [], "files": list(paths), "dragOperationsMask": 1}
    for kind in ["dragEnter", "dragOver"]:
        driver.execute_cdp_cmd("Input.dispatchDragEvent", {"type": kind, "x": x, "y": y, "data": data})
    overlay = script(driver, "const o = document.getElementById('drop-overlay'); return !!o && getComputedStyle(o).display !== 'none'")
    driver.execute_cdp_cmd("Input.dispatchDragEvent", {"type": "drop", "x": x, "y": y, "data": data})
    seen = script(driver, "return window.dragSeen") or {}
    after = script(driver, "const o = document.getElementById('drop-overlay'); return !!o && getComputedStyle(o).display !== 'none'")
    return {"overlay": overlay, "accepted": seen.get("dragover"), "dropped": seen.get("drop"), "overlayAfter": after}


def play_viewer(driver, selector, name):
    script(driver,
           "const v = document.querySelector(arguments[0]); v.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));", selector)
    check(f"{name}: press and hold plays the movie",
          try_wait(driver, f"return document.querySelector('{selector}').dataset.played === 'yes'", 60))
    # Still playing, or played to its end while held (a short clip on a busy machine ends between two polls).
    state = script(driver, "const v = document.querySelector(arguments[0]); "
                           "return v.querySelector('video').ended ? 'ended' : v.dataset.state", selector)
    check(f"{name}: the viewer shows the movie while held", state in ("playing", "ended"), state)
    script(driver,
           "document.querySelector(arguments[0]).dispatchEvent(new PointerEvent('pointerup', {bubbles: true}));", selector)
    state = script(driver, "return document.querySelector(arguments[0]).dataset.state", selector)
    check(f"{name}: letting go settles on the still", state == "still", state)


def reset_played(driver, selector):
    script(driver, "const v = document.querySelector(arguments[0]); delete v.dataset.played; v.querySelector('video').pause();", selector)


# Controls: what must not overlap another (a label that opens a file dialog among them), and what must have a name.
CONTROLS = "button, input, select, textarea, a[href], label.choose, [role=button], [role=tab], video[controls]"
NAMED = "button, input, select, textarea, a[href], [role=button], [role=tab], [role=progressbar], video[controls]"

LAYOUT = """
const width = arguments[1], controls = [...document.querySelectorAll(arguments[0])];
const shown = controls.map(el => [el, el.getBoundingClientRect()])
  .filter(([el, r]) => r.width > 2 && r.height > 2 && el.checkVisibility({visibilityProperty: true}));
const overlaps = [];
for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
  const [a, ra] = shown[i], [b, rb] = shown[j];
  if (a.contains(b) || b.contains(a)) continue;
  const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left), y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
  if (x > 1 && y > 1) overlaps.push(`${a.id || a.className || a.tagName} / ${b.id || b.className || b.tagName}`);
}
const outside = shown.filter(([el, r]) => r.left < -0.5 || r.right > width + 0.5).map(([el]) => el.id || el.className || el.tagName);
return {width, innerWidth: window.innerWidth, scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
        bodyScrollWidth: document.body.scrollWidth, overlaps, outside, controls: shown.length};"""

# The name each control gets from aria-label, aria-labelledby, a <label for> or its own text.
UNNAMED = """
const text = (s) => (s || '').replace(/\\s+/g, ' ').trim();
const named = (el) => {
  if (text(el.getAttribute('aria-label'))) return true;
  const by = el.getAttribute('aria-labelledby');
  if (by && by.split(/\\s+/).some(id => document.getElementById(id) && text(document.getElementById(id).textContent))) return true;
  if (el.id && [...document.querySelectorAll('label[for]')].some(l => l.htmlFor === el.id && text(l.textContent))) return true;
  if (el.tagName === 'BUTTON' && text(el.textContent)) return true;
  if (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes(el.type) && text(el.value)) return true;
  return false;
};
return [...document.querySelectorAll('button, input, select, textarea')].filter(el => !named(el)).map(el => el.outerHTML.slice(0, 160));"""


def check_accessible_names(driver, where):
    unnamed = driver.execute_script(UNNAMED)
    check(f"{where}: every button, input, select and textarea has a name (aria-label, aria-labelledby, <label for>, text)",
          not unnamed, unnamed)
    # The browser's own accessibility tree agrees, for what is shown (controls and the viewers held to play).
    blank = [el.get_attribute("id") or el.get_attribute("class") for el in driver.find_elements(By.CSS_SELECTOR, NAMED)
             if el.is_displayed() and not (el.accessible_name or "").strip()]
    check(f"{where}: Chromium computes a name for every control shown", not blank, blank)


def check_layout(driver, where, width):
    layout = driver.execute_script(LAYOUT, CONTROLS, width)
    # A phone's browser zooms a page that is too wide out until it fits, which widens innerWidth: each width is
    # held to the one emulated.
    check(f"{where}: no horizontal scrolling (scrollWidth {layout['scrollWidth']} = viewport {width})",
          layout["scrollWidth"] == layout["clientWidth"] == layout["innerWidth"] == width and layout["bodyScrollWidth"] <= width, layout)
    check(f"{where}: no control overlaps another or leaves the viewport ({layout['controls']} shown)",
          not layout["overlaps"] and not layout["outside"], layout)


def capture(driver, name, size):
    """Layout and names checked, then a screenshot, at `size`; the page is left at `size`."""
    set_size(driver, size)
    where = f"{name} at {size[0]}×{size[1]}"
    check_layout(driver, where, size[0])
    path = os.path.join(SHOTS, f"{name}-{size[0]}.png")
    driver.save_screenshot(path)
    with Image.open(path) as image:
        check(f"{where}: the screenshot is the viewport's size", image.size == size, image.size)
    non_blank(path, where)


def capture_dialog(driver, name, size, least=7):
    """The Edit dialog at `size`: its own controls (at least `least` of them) laid out without overlap, then a
    screenshot."""
    set_size(driver, size)
    where = f"{name} at {size[0]}×{size[1]}"
    inside = ", ".join(f"#edit-dialog {c.strip()}" for c in CONTROLS.split(","))
    layout = driver.execute_script(LAYOUT, inside, size[0])
    check(f"{where}: no control of the dialog overlaps another or leaves the viewport ({layout['controls']} shown)",
          not layout["overlaps"] and not layout["outside"] and layout["controls"] >= least, layout)
    path = os.path.join(SHOTS, f"{name}-{size[0]}.png")
    driver.save_screenshot(path)
    non_blank(path, where)


def fetch_file(url, path):
    parsed = url.split("/", 3)
    connection = http.client.HTTPConnection(parsed[2], timeout=60)
    connection.request("GET", "/" + parsed[3])
    response = connection.getresponse()
    with open(path, "wb") as out:
        out.write(response.read())
    return response.status


def capture_both(driver, name):
    capture(driver, name, PHONE)
    capture(driver, name, DESKTOP)
    check_accessible_names(driver, name)


def copy_readme_screenshots():
    """The README's screenshots, as small palette PNGs (a UI compresses well to 256 colours)."""
    os.makedirs(README_SHOTS, exist_ok=True)
    for name in README_CHOICE:
        source = os.path.join(SHOTS, f"{name}.png")
        if not os.path.exists(source):
            continue
        with Image.open(source) as image:
            image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
                os.path.join(README_SHOTS, f"{name}.png"), optimize=True)
    print(f"     README screenshots written to {README_SHOTS}", flush=True)


# Records what the live region says, and whether a thumbnail was ever shown broken (drawn without a decoded image).
WATCH = """
window.announced = [];
performance.setResourceTimingBufferSize(100000);  // UPLOADS_OF counts requests from the whole session
const region = document.getElementById('announcer');
if (region) new MutationObserver(() => { const t = region.textContent.trim(); if (t) window.announced.push(t); })
  .observe(region, {childList: true, characterData: true, subtree: true});
// A listener on the window runs after the page's own (on the document): it sees whether the page took the event.
for (const type of ['dragover', 'drop']) window.addEventListener(type, (e) => { window.dragSeen[type] = e.defaultPrevented; });
window.dragSeen = {};
window.brokenThumbnails = [];
(function watch() {
  for (const img of document.querySelectorAll('.slot img, .chosen img')) {
    if (img.src && !img.hidden && img.checkVisibility() && img.complete && img.naturalWidth === 0) window.brokenThumbnails.push(img.src);
  }
  requestAnimationFrame(watch);
})();"""
