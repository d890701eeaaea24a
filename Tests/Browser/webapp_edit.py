"""The Edit view in the browser: trim, mute, key photo and an effect, on a Live Photo the page opened."""
import json
import os
import subprocess
from selenium import webdriver
from selenium.webdriver.common.by import By

from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)


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
