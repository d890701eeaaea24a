"""The gallery's problems and Repair in the browser: a folder with two Live Photos made by `livephoto make`, the
second one's still stripped of its MakerNote by exiftool (as editors leave it; capture times stamped on both halves).
"With problems" shows that one alone, marked NEEDS REPAIR with its problem in words; its Repair button mends it in
place, the outcome is read out, and the folder then has nothing to repair. The samples are not copied: the files
repaired in place are made here.

Called from webapp_test.py; also runs alone with the same arguments:
  webapp_repair.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR
"""
import os
import subprocess
import sys
from selenium.webdriver.common.by import By

from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)

DAMAGED = "IMG_0002.JPG"
ITEMS = '#gallery-grid .item'


def repair_view(driver):
    folder = os.path.join(WORK, "repair-gallery")
    os.makedirs(folder, exist_ok=True)
    for name in ["IMG_0001", "IMG_0002"]:
        subprocess.run([LIVEPHOTO, "make", PHOTO, CLIP, "--out", folder, "--name", name], check=True, capture_output=True)
    still, movie = os.path.join(folder, "IMG_0002.JPG"), os.path.join(folder, "IMG_0002.MOV")
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-MakerNotes:all=", "-DateTimeOriginal=2024:05:01 10:00:00",
                    "-OffsetTimeOriginal=+00:00", still], check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-api", "QuickTimeUTC=1", "-QuickTime:CreateDate=2024:05:01 10:00:00",
                    movie], check=True)
    process, url = start_server(folder)
    try:
        driver.get(url)
        set_size(driver, DESKTOP)
        wait_for(driver, "return document.body.dataset.ready === 'yes'", 30)
        script(driver, WATCH)
        driver.find_element(By.ID, "tab-gallery").click()
        check("repair: the gallery shows both items",
              try_wait(driver, f"return document.querySelectorAll('{ITEMS}').length === 2", 60),
              script(driver, f"return [...document.querySelectorAll('{ITEMS}')].map(i => i.dataset.name)"))
        driver.find_element(By.CSS_SELECTOR, "label[for=gallery-filter-problems]").click()
        shown = try_wait(driver, f"return document.querySelectorAll('{ITEMS}[data-problems]').length === 1", 120)
        names = script(driver, f"return [...document.querySelectorAll('{ITEMS}')].map(i => i.dataset.name)")
        check("With problems shows the damaged Live Photo alone", shown and names == [DAMAGED], names)
        cell = driver.find_element(By.CSS_SELECTOR, f"{ITEMS}[data-problems]")
        words = cell.find_element(By.CSS_SELECTOR, ".problems").text
        check("the item says its problem in words", "Needs repair" in words and "identifier" in words, words)
        badge = cell.find_elements(By.CSS_SELECTOR, ".badge.repair")
        check("the item carries a NEEDS REPAIR badge", badge and badge[0].text == "NEEDS REPAIR")
        check("Repair all shown is offered", driver.find_element(By.ID, "gallery-repair-all").is_displayed())
        check_accessible_names(driver, "gallery with problems")
        capture(driver, "gallery-problems", PHONE)
        capture(driver, "gallery-problems", DESKTOP)
        button = cell.find_element(By.CSS_SELECTOR, ".repair-button")
        check("the Repair button names its item", button.get_attribute("aria-label") == f"Repair {DAMAGED}",
              button.get_attribute("aria-label"))
        button.click()
        done = try_wait(driver, "return document.getElementById('gallery-repair-status').textContent.startsWith('Repair done')", 120)
        status = driver.find_element(By.ID, "gallery-repair-status").text
        check("the outcome is shown: one mended", done and "1 mended" in status, status)
        report = driver.find_element(By.ID, "gallery-repair-report").text
        check("the report names the file written, below the folder", f"wrote {DAMAGED}" in report and WORK not in report, report)
        error = driver.find_element(By.ID, "gallery-error")
        check("no error is shown", not error.is_displayed(), error.text)
        empty = try_wait(driver, "return document.getElementById('gallery-grid').textContent.includes('Nothing in this folder needs repair')", 120)
        check("the folder checked again has nothing to repair", empty,
              script(driver, "return document.getElementById('gallery-grid').textContent"))
        said_done = try_wait(driver, "return (window.announced || []).some(s => s.startsWith('Repair done'))", 10)
        check("the outcome is read out through the live region", said_done, script(driver, "return window.announced"))
        verify = subprocess.run([LIVEPHOTO, "repair", "--dry-run", folder], capture_output=True, text=True)
        check("the command agrees: nothing to mend", verify.returncode == 0 and "would be mended" not in verify.stdout,
              verify.stdout + verify.stderr)
        driver.find_element(By.CSS_SELECTOR, "label[for=gallery-filter-all]").click()
        check("All shows both items again",
              try_wait(driver, f"return document.querySelectorAll('{ITEMS}').length === 2 && !document.querySelector('{ITEMS}[data-problems]')", 60))
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    sys.exit(run_alone(repair_view))
