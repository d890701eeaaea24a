"""End-to-end tests of `livephoto serve` in headless Chromium, driven by Selenium.

Usage: webapp_test.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR
At 1280×800 and at a phone's 375×812: files dropped anywhere on the page go to their mode (a photo and a video to
Assemble's slots, a .pvt.zip or a Motion Photo to Disassemble); thumbnails of the photo and of the video's cover
frame show before the job (a HEIC Chromium cannot show gets a placeholder that names it, never a broken image);
Assemble, Disassemble, the viewer played by pointer, touch and keyboard, the gallery grid, errors; the page never
scrolls sideways and no control overlaps another; progress and errors reach a polite live region, progress bars
carry aria-valuenow, and every control has a name. Screenshots of each mode at both sizes go to WORK_DIR/screenshots
(and, with LIVEPHOTO_README_SCREENSHOTS=DIR, the README's choice of them to DIR). Then a load test of 50 concurrent
uploads. Prints one line per check and exits 1 if any failed.
"""
import concurrent.futures
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import JavascriptException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

LIVEPHOTO, SAMPLES, PHOTO, CLIP, WORK = (os.path.realpath(p) for p in sys.argv[1:6])
SHOTS = os.path.join(WORK, "screenshots")
README_SHOTS = os.environ.get("LIVEPHOTO_README_SCREENSHOTS")
# The README's screenshots, by the name each has under SHOTS.
README_CHOICE = ["assemble-1280", "assemble-375", "disassemble-1280", "disassemble-375", "gallery-1280", "gallery-375", "edit-1280",
                 "edit-375"]
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
failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)
    if not condition:
        failures.append(name)


def start_server(folder, *extra):
    process = subprocess.Popen(
        [LIVEPHOTO, "serve", folder, "--port", "0", "--json", "--index", os.path.join(WORK, "index.sqlite"), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if not line:
        raise SystemExit("the server did not start: " + process.stderr.read())
    return process, json.loads(line)["url"]


def non_blank(png, name):
    pixels = Image.open(png).convert("L").tobytes()
    spread = statistics.pstdev(pixels)
    rgb = Image.open(png).convert("RGB").tobytes()
    colours = len({rgb[i:i + 3] for i in range(0, len(rgb), 3)})
    check(f"{name} screenshot is not blank", spread > 10 and colours > 50, f"stdev {spread:.1f}, {colours} colours")


def browser(downloads):
    options = webdriver.ChromeOptions()
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
    state = script(driver, "return document.querySelector(arguments[0]).dataset.state", selector)
    check(f"{name}: the viewer shows the movie while held", state == "playing", state)
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


def capture_dialog(driver, name, size):
    """The Edit dialog at `size`: its own controls laid out without overlap, then a screenshot."""
    set_size(driver, size)
    where = f"{name} at {size[0]}×{size[1]}"
    inside = ", ".join(f"#edit-dialog {c.strip()}" for c in CONTROLS.split(","))
    layout = driver.execute_script(LAYOUT, inside, size[0])
    check(f"{where}: no control of the dialog overlaps another or leaves the viewport ({layout['controls']} shown)",
          not layout["overlaps"] and not layout["outside"] and layout["controls"] >= 7, layout)
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


def edit_view(driver, url):
    """The Edit view on the gallery's Live Photo: the filmstrip, the key photo's handle drawing its frame, trim handles,
    the sound off; the edited copy made (downloads of a pair that verify passes, 0.9 s, silent); then a Bounce."""
    set_size(driver, DESKTOP)
    script(driver, "document.querySelector(arguments[0]).click()", '#gallery-grid .item[data-kind="live-photo"] .edit-button')
    check("Edit opens the Edit view, with a filmstrip of the movie's frames",
          try_wait(driver, "return document.getElementById('edit-dialog').open && document.getElementById('edit-strip').dataset.ready === 'yes'", 90))
    frames = script(driver, "return document.querySelectorAll('#edit-strip canvas').length")
    check("the filmstrip holds ten frames", frames == 10, frames)
    move = "const r = document.getElementById(arguments[0]); r.value = arguments[1]; r.dispatchEvent(new Event('input'));"
    script(driver, move, "edit-key", "0.3")
    check("the key photo's handle says its time", driver.find_element(By.ID, "edit-key-label").text == "0.30 s",
          driver.find_element(By.ID, "edit-key-label").text)
    drawn = try_wait(driver, """const c = document.getElementById('edit-frame'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let s = 0; for (let i = 0; i < d.length; i += 997) s += d[i]; return s > 0;""", 30)
    check("the key photo's frame is drawn as the handle moves", drawn)
    script(driver, move, "edit-start", "0.2")
    script(driver, move, "edit-end", "1.1")
    driver.find_element(By.ID, "edit-sound").click()
    outside = script(driver, "return document.querySelectorAll('#edit-strip canvas.outside').length")
    check("frames outside the range are dimmed in the filmstrip", 0 < outside < 10, outside)
    script(driver, "document.activeElement.blur()")
    capture_dialog(driver, "edit", DESKTOP)
    capture_dialog(driver, "edit", PHONE)
    set_size(driver, DESKTOP)
    # The page behind a modal dialog is inert (it has no names then): the dialog's own controls are checked.
    blank = [el.get_attribute("id") or el.get_attribute("class") for el in driver.find_elements(By.CSS_SELECTOR, "#edit-dialog button, #edit-dialog input, #edit-dialog select")
             if el.is_displayed() and not (el.accessible_name or "").strip()]
    check("edit: Chromium computes a name for every control of the dialog", not blank, blank)
    driver.find_element(By.ID, "edit-go").click()
    done = try_wait(driver, "return !document.getElementById('edit-result').hidden", 180)
    check("the edited copy is made", done, driver.find_element(By.ID, "edit-error").text)
    links = script(driver, "return [...document.querySelectorAll('#edit-result .downloads a')].map(a => a.href)")
    check("the edit offers the photo, the movie and the .pvt.zip", len(links) == 3, links)
    check("the edited Live Photo plays once, briefly, when it opens",
          try_wait(driver, "return document.querySelector('#edit-result .live-viewer')?.dataset.played === 'yes'", 30))
    check("then it settles on the key photo",
          try_wait(driver, "return document.querySelector('#edit-result .live-viewer')?.dataset.state === 'still'", 30))
    if len(links) == 3:
        folder = os.path.join(WORK, "edited")
        os.makedirs(folder, exist_ok=True)
        photo, movie = os.path.join(folder, "edited.HEIC"), os.path.join(folder, "edited.MOV")
        check("the edited files download", fetch_file(links[0], photo) == 200 and fetch_file(links[1], movie) == 200)
        verify = subprocess.run([LIVEPHOTO, "verify", photo, movie], capture_output=True, text=True)
        check("the edited pair passes verify", verify.returncode == 0, verify.stdout[-500:])
        probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", movie],
                               capture_output=True, text=True)
        info = json.loads(probe.stdout or "{}")
        kinds = [s.get("codec_type") for s in info.get("streams", [])]
        duration = float(info.get("format", {}).get("duration", 0))
        check("the edited movie is the range kept (0.2 s to 1.1 s), without sound", abs(duration - 0.9) < 0.04 and "audio" not in kinds,
              (duration, kinds))
    Select = __import__("selenium.webdriver.support.ui", fromlist=["Select"]).Select
    Select(driver.find_element(By.ID, "edit-effect")).select_by_value("bounce")
    driver.find_element(By.ID, "edit-go").click()
    bounced = try_wait(driver, "return !!document.querySelector('#edit-result video[aria-label=\"The Bounce\"]') && !document.getElementById('edit-result').hidden", 180)
    check("Bounce makes a looping movie, shown in the Edit view", bounced, driver.find_element(By.ID, "edit-error").text)
    files = script(driver, "return [...document.querySelectorAll('#edit-result .downloads a')].map(a => a.download)")
    check("the Bounce downloads as one MP4", len(files) == 1 and files[0].endswith("-bounce.mp4"), files)
    driver.find_element(By.ID, "edit-close").click()
    check("Close shuts the Edit view", not script(driver, "return document.getElementById('edit-dialog').open"))


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


def main():
    gallery = os.path.join(WORK, "gallery")
    os.makedirs(gallery, exist_ok=True)
    os.makedirs(SHOTS, exist_ok=True)
    for name in GALLERY:
        shutil.copy(os.path.join(SAMPLES, name), gallery)
    downloads = os.path.join(WORK, "downloads")
    os.makedirs(downloads, exist_ok=True)
    server, url = start_server(gallery)
    driver = browser(downloads)
    try:
        driver.get(url)
        set_size(driver, DESKTOP)
        wait_for(driver, "return document.body.dataset.ready === 'yes'", 30)
        script(driver, WATCH)
        check("Assemble is shown first, alone", shown_modes(driver) == ["assemble"], shown_modes(driver))
        tabs = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".segmented button") if t.is_displayed()]
        check("the page shows every mode (and the gallery)", tabs == ["Assemble", "Disassemble", "Camera", "Gallery"], tabs)
        scripts = script(driver, "return [...document.scripts].map(s => s.src).concat([...document.styleSheets].map(s => s.href))")
        check("scripts and styles come from the server itself", all(s.startswith(url) for s in scripts if s), scripts)
        modules = script(driver, "return [...document.scripts].map(s => s.type)")
        check("the page's script is an ES module", modules == ["module"], modules)
        # Each module keeps its state to itself: the window has nothing a blank page's window lacks, but for what this
        # test (WATCH) and Selenium put there.
        stray = script(driver, """const f = document.createElement('iframe'); document.body.append(f);
            const blank = new Set(Object.getOwnPropertyNames(f.contentWindow)); f.remove();
            return Object.getOwnPropertyNames(window).filter(k => !blank.has(k));""")
        ours = {"announced", "dragSeen", "brokenThumbnails", "ret_nodes"}
        stray = None if stray is None else [k for k in stray if k not in ours and not k.startswith(("se_", "$cdc_", "__"))]
        check("the modules leave no globals on the window", stray == [], stray)
        region = script(driver,
            "const r = document.getElementById('announcer'); return r && [r.getAttribute('aria-live'), r.checkVisibility(), r.getBoundingClientRect().width]")
        check("a polite live region is in the page, in the accessibility tree but not drawn",
              region and region[0] == "polite" and region[1] and region[2] <= 1, region)
        bars = script(driver,
            "return [...document.querySelectorAll('.progress')].map(p => [p.id, p.getAttribute('role'), p.getAttribute('aria-valuenow'), p.getAttribute('aria-label')])")
        check("every progress bar is a progressbar with a value and a name",
              bars and all(role == "progressbar" and now is not None and label for _, role, now, label in bars), bars)
        check_accessible_names(driver, "the page as loaded")
        capture(driver, "empty", PHONE)
        set_size(driver, DESKTOP)

        # A photo and a video dropped together, from another mode: Assemble, each in its slot, thumbnails at once.
        driver.find_element(By.ID, "tab-disassemble").click()
        dropped = drop(driver, [PHOTO, CLIP], "header h1")  # outside Disassemble's box, which keeps what is dropped on it
        check("dragging files over the page shows the drop overlay, and it goes once they are dropped",
              dropped.get("overlay") and not dropped.get("overlayAfter"), dropped)
        check("the page takes the drop (dragover and drop handled)", dropped.get("accepted") and dropped.get("dropped"), dropped)
        check("a photo and a video dropped together switch to Assemble", shown_modes(driver) == ["assemble"], shown_modes(driver))
        photo_name, clip_name = os.path.basename(PHOTO), os.path.basename(CLIP)
        check("the dropped photo is in the photo slot, the video in the video slot",
              chosen(driver, "assemble-photo") == [photo_name] and chosen(driver, "assemble-video") == [clip_name],
              (chosen(driver, "assemble-photo"), chosen(driver, "assemble-video")))
        if chosen(driver, "assemble-video") != [clip_name]:  # the rest goes on, to say what else fails
            driver.find_element(By.ID, "tab-assemble").click()
            driver.find_element(By.ID, "assemble-photo").send_keys(PHOTO)
            driver.find_element(By.ID, "assemble-video").send_keys(CLIP)
        photo_thumb = try_wait(driver, "const i = document.getElementById('photo-thumb'); return !i.hidden && i.complete && i.naturalWidth > 0", 30)
        cover_thumb = try_wait(driver, "const v = document.getElementById('video-thumb'); return !v.hidden && v.readyState >= 2 && v.videoWidth > 0", 30)
        started = script(driver, "return !document.getElementById('assemble-progress').hidden || !document.getElementById('assemble-result').hidden")
        check("the photo's thumbnail is shown before the job starts", photo_thumb and not started)
        check("the video's cover frame is shown before the job starts (a <video> with a decoded frame)", cover_thumb and not started)
        wait_for(driver, "return !document.getElementById('scrubber').hidden && !document.getElementById('assemble-go').disabled", 60)
        script(driver, "const c = document.getElementById('cover'); c.value = '1.0'; c.dispatchEvent(new Event('input'));")
        check("the cover thumbnail follows the scrubber",
              try_wait(driver, "const v = document.getElementById('video-thumb'); return Math.abs(v.currentTime - 1.0) < 0.01 && !v.seeking && v.readyState >= 2", 30),
              script(driver, "const v = document.getElementById('video-thumb'); return [v.currentTime, v.seeking, v.readyState]"))
        try_wait(driver, f"return window.announced.includes({json.dumps(f'Uploaded {clip_name}')})", 5)
        said = script(driver, "return window.announced") or []
        check("the upload's progress is announced in the live region", f"Uploading {clip_name}…" in said or f"Uploaded {clip_name}" in said, said)
        capture_both(driver, "assemble")

        # Assemble: progress, the result as a Live Photo, downloads.
        script(driver, """
            window.seen = [];
            new MutationObserver(() => window.seen.push(document.getElementById('assemble-progress').dataset.fraction))
              .observe(document.getElementById('assemble-progress'), {attributes: true, subtree: true});""")
        driver.find_element(By.ID, "assemble-go").click()
        wait_for(driver, "return !document.getElementById('assemble-result').hidden", 180, "the assemble result")
        seen = script(driver, "return window.seen.map(Number)")
        check("a progress bar moved while it worked", len(set(seen)) >= 2 and max(seen) == 1, seen[:20])
        now = script(driver, "return document.getElementById('assemble-progress').getAttribute('aria-valuenow')")
        check("the progress bar's aria-valuenow follows it to 100", now == "100", now)
        done = try_wait(driver, "return window.announced.includes('Done')", 5)  # the region is written a moment after it is emptied
        said = script(driver, "return window.announced") or []
        check("the job's phases and its end are announced in the live region", done and len(said) >= 3, said)
        wait_for(driver, "const i = document.querySelector('#assemble-result .live-viewer img'); return i.complete && i.naturalWidth > 0", 30)
        badge = driver.find_element(By.CSS_SELECTOR, "#assemble-result .live-viewer .badge").text
        check("the result is shown as a Live Photo with a LIVE badge", badge == "LIVE", badge)
        summary = driver.find_element(By.CSS_SELECTOR, "#assemble-result .summary").text
        check("the cover chosen is the cover made", "cover at 1.000 s" in summary, summary)
        play_viewer(driver, "#assemble-result .live-viewer", "Assemble")
        script(driver, "document.getElementById('assemble-result').scrollIntoView()")
        capture_both(driver, "assemble-result")
        script(driver, "window.scrollTo(0, 0)")
        links = driver.find_elements(By.CSS_SELECTOR, "#assemble-result .downloads a")
        names = {a.get_attribute("data-role"): a.get_attribute("download") for a in links}
        check("downloads: the photo, the video and the .pvt.zip", set(names) == {"photo", "video", "bundle"}, names)
        for a in links:
            a.click()
        got = {role: wait_file(downloads, name) for role, name in names.items()}
        check("the browser downloaded all three", all(got.values()), got)
        if got.get("photo") and got.get("video"):
            verify = subprocess.run([LIVEPHOTO, "verify", got["photo"], got["video"]], capture_output=True, text=True)
            check("livephoto verify passes on the downloaded pair", verify.returncode == 0, verify.stdout + verify.stderr)
        if got.get("bundle"):
            inspect = subprocess.run([LIVEPHOTO, "inspect", got["bundle"], "--json"], capture_output=True, text=True)
            pair = json.loads(inspect.stdout).get("pair") or {}
            check("the downloaded .pvt.zip holds a paired Live Photo", pair.get("paired") is True, inspect.stdout[-300:])

        # What Chromium cannot show: a HEIC gets a placeholder naming it (then the server's display copy where
        # heif-convert reads it), an HEVC movie the server's frame at the cover time.
        heic = os.path.join(SAMPLES, "iphone7-ios12_IMG_2682_immich.heic")
        driver.find_element(By.ID, "assemble-photo").send_keys(heic)
        placeholder = script(driver, "const p = document.getElementById('photo-placeholder'); return [p.checkVisibility(), p.textContent]")
        check("a HEIC photo shows a placeholder with its name at once",
              placeholder and placeholder[0] and os.path.basename(heic) in placeholder[1], placeholder)
        check("then the server's display copy of the HEIC",
              try_wait(driver, "const i = document.getElementById('photo-thumb'); return !i.hidden && i.naturalWidth > 0 && i.src.includes('/api/uploads/')", 120))
        undecodable = os.path.join(SAMPLES, "iphone_IMG_3853_gwy15.HEIC")
        driver.find_element(By.ID, "assemble-photo").send_keys(undecodable)
        wait_for(driver, "return document.getElementById('assemble-photo').files[0].name.startsWith('iphone_IMG_3853') && !document.getElementById('assemble-go').disabled", 120)
        time.sleep(1)
        state = script(driver,
            "const i = document.getElementById('photo-thumb'), p = document.getElementById('photo-placeholder'); return [i.hidden, p.checkVisibility(), p.textContent]")
        check("a HEIC neither the browser nor the server can show keeps its placeholder with its name",
              state and state[0] and state[1] and "iphone_IMG_3853_gwy15.HEIC" in state[2], state)
        driver.find_element(By.ID, "assemble-video").send_keys(os.path.join(SAMPLES, "iphone_IMG_3853_gwy15.MOV"))
        cover = try_wait(driver, """const v = document.getElementById('video-thumb'), f = document.getElementById('scrub-frame');
            return (!v.hidden && v.readyState >= 2 && v.videoWidth > 0) || (!f.hidden && f.complete && f.naturalWidth > 0 && f.src.includes('/frame?t='))""", 120)
        check("an HEVC movie's cover frame is shown (the browser's, or the server's frame)", cover)
        broken = script(driver, "return window.brokenThumbnails")
        check("no thumbnail was ever shown as a broken image", not broken, broken[:5])
        script(driver, "window.scrollTo(0, 0)")
        capture(driver, "assemble-heic", PHONE)
        set_size(driver, DESKTOP)

        # Drops that go to Disassemble: the .pvt.zip just made (by its name), a Motion Photo JPEG (XMP) and HEIC (an mpvd
        # box), as the server reads them. A plain still goes to Assemble's photo slot instead, and a file that is none of
        # these gets an error in words.
        for label, path in [(".pvt.zip", got.get("bundle")), ("Motion Photo JPEG", os.path.join(SAMPLES, "libmphoto_motion_photo_v1_synthetic.jpg")),
                            ("Samsung Motion Photo HEIC", os.path.join(SAMPLES, "samsung-s22-google-motionphoto-v1_ente.heic"))]:
            if not path:
                continue
            driver.find_element(By.ID, "tab-assemble").click()
            drop(driver, [path])
            name = os.path.basename(path)
            ok = try_wait(driver, f"return !document.getElementById('disassemble').hidden && document.getElementById('disassemble-files').files[0]?.name === {json.dumps(name)}", 10)
            check(f"a dropped {label} switches to Disassemble with that file chosen", ok, (shown_modes(driver), chosen(driver, "disassemble-files")))
            caption = script(driver, "return [...document.querySelectorAll('#disassemble-chosen figcaption')].map(c => c.textContent)")
            check(f"the dropped {label} is listed by name", caption == [name], caption)
            if label != ".pvt.zip":
                # The server says what a photo dropped alone is; the upload that asked is the one the mode uses.
                puts = script(driver, UPLOADS_OF, name)
                check(f"the dropped {label} is uploaded once", puts == 1, puts)
            if label == "Motion Photo JPEG":
                check("the Motion Photo JPEG gets a thumbnail",
                      try_wait(driver, "const i = document.querySelector('#disassemble-chosen img'); return i && !i.hidden && i.naturalWidth > 0", 30))
            if label == "Motion Photo JPEG":
                continue
            if not ok:  # the rest goes on, to say what else fails
                driver.find_element(By.ID, "tab-disassemble").click()
                script(driver, "document.getElementById('disassemble-files').value = ''")
                driver.find_element(By.ID, "disassemble-files").send_keys(path)
            wait_for(driver, "return !document.getElementById('disassemble-go').disabled", 60)
            driver.find_element(By.ID, "disassemble-go").click()
            wait_for(driver, "return !document.getElementById('disassemble-result').hidden", 180, "the disassemble result")
            wait_for(driver, "const i = document.getElementById('disassemble-photo'); return i.complete && i.naturalWidth > 0", 60)
            wait_for(driver, "return document.getElementById('disassemble-video').readyState >= 1", 60)
            roles = [a.get_attribute("data-role") for a in driver.find_elements(By.CSS_SELECTOR, "#disassemble-result .downloads a")]
            check(f"Disassemble a {label}: photo and video shown, both downloadable", roles == ["photo", "video"], roles)
            if label == "Samsung Motion Photo HEIC":
                check("the HEIC Chromium cannot show gets the server's display copy as its thumbnail",
                      try_wait(driver, "const i = document.querySelector('#disassemble-chosen img'); return i && !i.hidden && i.naturalWidth > 0 && i.src.includes('/api/uploads/')", 60))
                capture_both(driver, "disassemble")
        if got.get("photo") and got.get("video"):
            driver.find_element(By.ID, "tab-disassemble").click()
            pair = sorted(os.path.basename(got[role]) for role in ["photo", "video"])
            drop(driver, [got["photo"], got["video"]], "#disassemble-drop")
            kept = try_wait(driver, f"return JSON.stringify([...document.getElementById('disassemble-files').files].map(f => f.name).sort()) === {json.dumps(json.dumps(pair, separators=(',', ':')))}", 10)
            check("a Live Photo's photo and video dropped on Disassemble's box are chosen there, not in Assemble",
                  kept and shown_modes(driver) == ["disassemble"], (shown_modes(driver), chosen(driver, "disassemble-files")))
        driver.find_element(By.ID, "tab-assemble").click()
        before = script(driver, UPLOADS_OF, photo_name)
        drop(driver, [PHOTO])
        # A photo dropped alone is uploaded first: the server's answer says it is no Motion Photo.
        went = try_wait(driver, f"return document.getElementById('assemble-photo').files[0]?.name === {json.dumps(photo_name)}", 10)
        check("a plain still dropped alone goes to Assemble's photo slot", went and shown_modes(driver) == ["assemble"],
              (shown_modes(driver), chosen(driver, "assemble-photo")))
        try_wait(driver, "return !document.getElementById('assemble-go').disabled", 30)
        check("the plain still is uploaded once", script(driver, UPLOADS_OF, photo_name) == (before or 0) + 1, (before, script(driver, UPLOADS_OF, photo_name)))
        text = os.path.join(WORK, "notes.txt")
        with open(text, "w") as f:
            f.write("not a photo\n")
        drop(driver, [text])
        message = driver.find_element(By.ID, "assemble-error").text
        check("a dropped file that is neither a photo, a video nor a bundle gets an error in words",
              "notes.txt" in message and ".pvt.zip" in message, message)
        check("that error is announced in the live region", try_wait(driver, f"return window.announced.includes({json.dumps(message)})", 5),
              script(driver, "return window.announced.slice(-5)"))

        driver.find_element(By.ID, "tab-disassemble").click()
        script(driver, "document.getElementById('disassemble-files').value = ''")
        driver.find_element(By.ID, "disassemble-files").send_keys(text)
        wait_for(driver, "return !document.getElementById('disassemble-go').disabled", 60)
        driver.find_element(By.ID, "disassemble-go").click()
        wait_for(driver, "return !document.getElementById('disassemble-error').hidden", 60)
        message = driver.find_element(By.ID, "disassemble-error").text
        check("a wrong file gets an error in words", "notes.txt" in message and "not a photo" in message, message)
        check("the server's error is announced in the live region", try_wait(driver, f"return window.announced.includes({json.dumps(message)})", 5),
              script(driver, "return window.announced.slice(-5)"))

        # The camera (Chromium's fake one).
        driver.find_element(By.ID, "tab-camera").click()
        check("the Camera tab shows the camera", try_wait(driver, "return document.getElementById('camera-state').textContent === 'READY'", 30),
              driver.find_element(By.ID, "camera-error").text)
        capture_both(driver, "camera")

        # The gallery: a grid of thumbnails with the LIVE badge, played by pointer, keyboard and touch.
        driver.find_element(By.ID, "tab-gallery").click()
        check("the Gallery tab shows the gallery alone", shown_modes(driver) == ["gallery"], shown_modes(driver))
        wait_for(driver, "return document.querySelectorAll('#gallery-grid .item').length === 6", 60)
        kinds = script(driver, "return [...document.querySelectorAll('#gallery-grid .item')].map(i => i.dataset.kind)")
        check("the gallery lists the Live Photo and the five Motion Photos",
              sorted(kinds) == ["live-photo"] + ["motion-photo"] * 5, kinds)
        summary = driver.find_element(By.ID, "gallery-summary").text
        check("the gallery counts what it shows", summary == "6 of 6 shown: 1 Live Photo, 5 Motion Photos", summary)
        wait_for(driver, "return [...document.querySelectorAll('#gallery-grid img')].every(i => i.complete && i.naturalWidth > 0)", 120)
        badges = script(driver, "return [...document.querySelectorAll('#gallery-grid .item .badge')].map(b => b.textContent)")
        check("each gallery thumbnail wears the LIVE badge", badges == ["LIVE"] * 6, badges)
        columns = script(driver, "return getComputedStyle(document.getElementById('gallery-grid')).gridTemplateColumns.split(' ').length")
        check("the gallery is a grid of several columns at 1280 px", columns >= 4, columns)
        square = script(driver, f"const r = document.querySelector('{LIVE_ITEM}').getBoundingClientRect(); return [r.width, r.height]")
        check("its thumbnails are square", abs(square[0] - square[1]) < 1, square)
        play_viewer(driver, LIVE_ITEM, "the gallery's Live Photo")
        play_viewer(driver, MOTION_ITEM, "the gallery's Motion Photo")

        # Keyboard: Tab from the mode's tab reaches the items; holding Space (then Enter) plays one, letting go stops.
        driver.find_element(By.ID, "tab-gallery").click()
        reached = []
        for _ in range(12):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            reached.append(script(driver, "return document.activeElement.closest('#gallery-grid .item')?.dataset.name || document.activeElement.id"))
            if script(driver, f"return document.activeElement.matches('{LIVE_ITEM}')"):
                break
        check("Tab reaches the gallery's items, one after another", reached[:2] == [GALLERY_ORDER[0], GALLERY_ORDER[1]] and
              script(driver, f"return document.activeElement.matches('{LIVE_ITEM}')"), reached)
        for key, key_name in [(Keys.SPACE, "Space"), (Keys.ENTER, "Enter")]:
            reset_played(driver, LIVE_ITEM)
            ActionChains(driver).key_down(key).perform()
            played = try_wait(driver, f"return document.querySelector('{LIVE_ITEM}').dataset.played === 'yes'", 60)
            state = script(driver, "return document.querySelector(arguments[0]).dataset.state", LIVE_ITEM)
            check(f"holding {key_name} on a focused item plays it", played and state == "playing", state)
            ActionChains(driver).key_up(key).perform()
            state = script(driver, "return document.querySelector(arguments[0]).dataset.state", LIVE_ITEM)
            check(f"letting go of {key_name} settles it on the still", state == "still", state)

        script(driver, "document.activeElement.blur()")  # the screenshots without a focus ring
        capture(driver, "gallery", DESKTOP)
        capture(driver, "gallery", PHONE)
        columns = script(driver, "return getComputedStyle(document.getElementById('gallery-grid')).gridTemplateColumns.split(' ').length")
        check("the gallery keeps two columns on a phone", columns == 2, columns)
        # Touch, as a phone sends it: a finger held on an item plays it, lifting it stops.
        reset_played(driver, MOTION_ITEM)
        script(driver, "document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", MOTION_ITEM)
        box = script(driver,
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", MOTION_ITEM)
        box = box or [1, 1]  # no such item: the checks below fail
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": box[0], "y": box[1]}]})
        played = try_wait(driver, f"return document.querySelector('{MOTION_ITEM}').dataset.played === 'yes'", 60)
        state = script(driver, "return document.querySelector(arguments[0]).dataset.state", MOTION_ITEM)
        check("a finger held on a gallery item plays it", played and state == "playing", state)
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        check("lifting the finger settles it on the still",
              try_wait(driver, f"return document.querySelector('{MOTION_ITEM}').dataset.state === 'still'", 5))
        check_accessible_names(driver, "gallery")
        set_size(driver, DESKTOP)
        edit_view(driver, url)
    except BaseException:
        server.terminate()  # a run stopped by an error leaves no server behind
        raise
    finally:
        driver.quit()
    if README_SHOTS:
        copy_readme_screenshots()

    # Load: 50 concurrent uploads on loopback, none lost.
    host, port = url.split("//")[1].rstrip("/").split(":")
    payloads = [os.urandom(256 * 1024 + i) for i in range(50)]

    def put(i):
        connection = http.client.HTTPConnection(host, int(port), timeout=120)
        connection.request("PUT", f"/api/uploads?name=load-{i}.bin", body=payloads[i])
        response = connection.getresponse()
        body = json.loads(response.read())
        connection.close()
        return response.status, body

    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(put, range(50)))
    elapsed = time.time() - started
    check("50 concurrent uploads all complete", all(status == 201 for status, _ in answers), [s for s, _ in answers])
    check("none lost: 50 distinct uploads, every size exact",
          len({b.get("id") for _, b in answers}) == 50 and all(b.get("size") == len(payloads[i]) for i, (_, b) in enumerate(answers)))
    print(f"     50 uploads of ~256 KB in {elapsed:.2f} s", flush=True)
    server.terminate()
    server.wait(30)

    # A size limit: a 2 MB upload to a server that takes 1 MB is refused in words.
    small, small_url = start_server(gallery, "--max-upload", "1")
    host, port = small_url.split("//")[1].rstrip("/").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    connection.request("PUT", "/api/uploads?name=big.mov", body=os.urandom(2 << 20))
    response = connection.getresponse()
    body = json.loads(response.read() or b"{}")
    check("an upload past --max-upload is refused with 413 and a reason", response.status == 413 and "larger" in body.get("error", ""), body)
    small.terminate()
    small.wait(30)

    print(f"{len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
