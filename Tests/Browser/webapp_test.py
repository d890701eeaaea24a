"""End-to-end tests of `livephoto serve` in headless Chromium, driven by Selenium.

Usage: webapp_test.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR
Runs the Assemble and Disassemble flows, the viewer, the gallery, error messages, screenshots, and a load test of
50 concurrent uploads. Prints one line per check and exits 1 if any failed.
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
import urllib.request

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

LIVEPHOTO, SAMPLES, PHOTO, CLIP, WORK = (os.path.realpath(p) for p in sys.argv[1:6])
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
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1100",
                     "--autoplay-policy=no-user-gesture-required", "--mute-audio"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    options.add_experimental_option("prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return driver


def wait_for(driver, condition, seconds=120, what="condition"):
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: d.execute_script(condition), what)


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


def play_viewer(driver, selector, name):
    driver.execute_script(
        "const v = document.querySelector(arguments[0]); v.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));", selector)
    try:
        wait_for(driver, f"return document.querySelector('{selector}').dataset.played === 'yes'", 60)
        played = True
    except Exception:
        played = False
    check(f"{name}: press and hold plays the movie", played)
    state = driver.execute_script("return document.querySelector(arguments[0]).dataset.state", selector)
    check(f"{name}: the viewer shows the movie while held", state == "playing", state)
    driver.execute_script(
        "document.querySelector(arguments[0]).dispatchEvent(new PointerEvent('pointerup', {bubbles: true}));", selector)
    state = driver.execute_script("return document.querySelector(arguments[0]).dataset.state", selector)
    check(f"{name}: letting go settles on the still", state == "still", state)


def main():
    gallery = os.path.join(WORK, "gallery")
    os.makedirs(gallery, exist_ok=True)
    for name in ["iphone_IMG_3853_gwy15.HEIC", "iphone_IMG_3853_gwy15.MOV", "libmphoto_motion_photo_v1_synthetic.jpg"]:
        shutil.copy(os.path.join(SAMPLES, name), gallery)
    downloads = os.path.join(WORK, "downloads")
    os.makedirs(downloads, exist_ok=True)
    server, url = start_server(gallery)
    driver = browser(downloads)
    try:
        driver.get(url)
        wait_for(driver, "return document.body.dataset.ready === 'yes'", 30)
        check("Assemble is shown first, alone", shown_modes(driver) == ["assemble"], shown_modes(driver))
        tabs = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".segmented button") if t.is_displayed()]
        check("the page shows every mode (and the gallery)", tabs == ["Assemble", "Disassemble", "Camera", "Gallery"], tabs)
        scripts = driver.execute_script("return [...document.scripts].map(s => s.src).concat([...document.styleSheets].map(s => s.href))")
        check("scripts and styles come from the server itself", all(s.startswith(url) for s in scripts if s), scripts)

        # Assemble: photo and video, the cover on the scrubber, progress, the result as a Live Photo, downloads.
        driver.find_element(By.ID, "assemble-photo").send_keys(PHOTO)
        driver.find_element(By.ID, "assemble-video").send_keys(CLIP)
        wait_for(driver, "return !document.getElementById('scrubber').hidden && !document.getElementById('assemble-go').disabled", 60)
        driver.execute_script("const c = document.getElementById('cover'); c.value = '1.0'; c.dispatchEvent(new Event('input'));")
        wait_for(driver, "const i = document.getElementById('scrub-frame'); return i.complete && i.naturalWidth > 0 && i.src.includes('t=1.000')", 60)
        check("the scrubber shows the frame at the chosen cover", True)
        driver.execute_script("""
            window.seen = [];
            new MutationObserver(() => window.seen.push(document.getElementById('assemble-progress').dataset.fraction))
              .observe(document.getElementById('assemble-progress'), {attributes: true, subtree: true});""")
        driver.find_element(By.ID, "assemble-go").click()
        wait_for(driver, "return !document.getElementById('assemble-result').hidden", 180, "the assemble result")
        seen = driver.execute_script("return window.seen.map(Number)")
        check("a progress bar moved while it worked", len(set(seen)) >= 2 and max(seen) == 1, seen[:20])
        wait_for(driver, "const i = document.querySelector('#assemble-result .live-viewer img'); return i.complete && i.naturalWidth > 0", 30)
        badge = driver.find_element(By.CSS_SELECTOR, "#assemble-result .live-viewer .badge").text
        check("the result is shown as a Live Photo with a LIVE badge", badge == "LIVE", badge)
        summary = driver.find_element(By.CSS_SELECTOR, "#assemble-result .summary").text
        check("the cover chosen is the cover made", "cover at 1.000 s" in summary, summary)
        driver.save_screenshot(os.path.join(WORK, "assemble.png"))
        non_blank(os.path.join(WORK, "assemble.png"), "Assemble")
        play_viewer(driver, "#assemble-result .live-viewer", "Assemble")
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

        # Disassemble: the .pvt.zip just made, then a Motion Photo; then a file that is neither.
        driver.find_element(By.ID, "tab-disassemble").click()
        check("the Disassemble tab shows Disassemble alone", shown_modes(driver) == ["disassemble"], shown_modes(driver))
        for label, path in [(".pvt.zip", got.get("bundle")), ("Motion Photo", os.path.join(SAMPLES, "samsung-s22-google-motionphoto-v1_ente.heic"))]:
            if not path:
                continue
            driver.execute_script("document.getElementById('disassemble-files').value = ''")
            driver.find_element(By.ID, "disassemble-files").send_keys(path)
            wait_for(driver, "return !document.getElementById('disassemble-go').disabled", 60)
            driver.find_element(By.ID, "disassemble-go").click()
            wait_for(driver, "return !document.getElementById('disassemble-result').hidden", 180, "the disassemble result")
            wait_for(driver, "const i = document.getElementById('disassemble-photo'); return i.complete && i.naturalWidth > 0", 60)
            wait_for(driver, "return document.getElementById('disassemble-video').readyState >= 1", 60)
            roles = [a.get_attribute("data-role") for a in driver.find_elements(By.CSS_SELECTOR, "#disassemble-result .downloads a")]
            check(f"Disassemble a {label}: photo and video shown, both downloadable", roles == ["photo", "video"], roles)
            if label == ".pvt.zip":
                driver.save_screenshot(os.path.join(WORK, "disassemble.png"))
                non_blank(os.path.join(WORK, "disassemble.png"), "Disassemble")
        text = os.path.join(WORK, "notes.txt")
        with open(text, "w") as f:
            f.write("not a photo\n")
        driver.execute_script("document.getElementById('disassemble-files').value = ''")
        driver.find_element(By.ID, "disassemble-files").send_keys(text)
        wait_for(driver, "return !document.getElementById('disassemble-go').disabled", 60)
        driver.find_element(By.ID, "disassemble-go").click()
        wait_for(driver, "return !document.getElementById('disassemble-error').hidden", 60)
        message = driver.find_element(By.ID, "disassemble-error").text
        check("a wrong file gets an error in words", "notes.txt" in message and "not a photo" in message, message)

        # The gallery: both items, playable.
        driver.find_element(By.ID, "tab-gallery").click()
        check("the Gallery tab shows the gallery alone", shown_modes(driver) == ["gallery"], shown_modes(driver))
        wait_for(driver, "return document.querySelectorAll('#gallery-grid .item').length === 2", 60)
        kinds = driver.execute_script("return [...document.querySelectorAll('#gallery-grid .item')].map(i => i.dataset.kind)")
        check("the gallery lists the Live Photo and the Motion Photo", sorted(kinds) == ["live-photo", "motion-photo"], kinds)
        summary = driver.find_element(By.ID, "gallery-summary").text
        check("the gallery counts what it shows", summary == "2 of 2 shown: 1 Live Photo, 1 Motion Photo", summary)
        wait_for(driver, "return [...document.querySelectorAll('#gallery-grid img')].every(i => i.complete && i.naturalWidth > 0)", 120)
        driver.save_screenshot(os.path.join(WORK, "gallery.png"))
        non_blank(os.path.join(WORK, "gallery.png"), "Gallery")
        for index in (1, 2):
            play_viewer(driver, f"#gallery-grid .item:nth-child({index}) .live-viewer", f"Gallery item {index}")
    finally:
        driver.quit()

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
