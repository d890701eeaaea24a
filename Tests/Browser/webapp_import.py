"""The Import view in the browser: a small Google Takeout (the iPhone's Live Photo in a .zip part) picked from the
server's machine through the listing, imported into the gallery's folder with a progress bar, its summary, then the
gallery opened on the new item; then a one-part Apple data copy with the view's hidden and memories options. Without
a gallery folder, the view says how to start the server with one.

Called from webapp_test.py; also runs alone with the same arguments:
  webapp_import.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR
"""
import json
import os
import subprocess
import sys
import zipfile
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)

PART = "takeout-20261127T101010Z-001.zip"


def new_result(previous):
    """The condition that the import's summary is shown and is not the run `previous`'s (the id it carries)."""
    return ("const r = document.getElementById('import-result'); "
            f"return !r.hidden && !!r.dataset.run && r.dataset.run !== {json.dumps(previous)}")


def make_takeout(folder):
    """A Takeout part as Google writes one: the Live Photo's HEIC and MOV with a sidecar, in "Photos from 2018"."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, PART)
    base = "Takeout/Google Photos/Photos from 2018/"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for ext in ["HEIC", "MOV"]:
            z.write(os.path.join(SAMPLES, f"iphone_IMG_3853_gwy15.{ext}"), base + f"IMG_3853.{ext}")
        z.writestr(base + "IMG_3853.HEIC.supplemental-metadata.json",
                   json.dumps({"title": "IMG_3853.HEIC", "photoTakenTime": {"timestamp": "1546300800"}}))
    return path


def make_icloud(folder):
    """A one-part Apple data copy: a favourite photo dated by its row, a hidden one, and a memory naming the first."""
    path = os.path.join(folder, "iCloud Photos Part 1 of 1.zip")
    top = "iCloud Photos Part 1 of 1/"
    header = "imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate\n"
    date = '"Thursday July 4,2019 6:30 PM GMT"'
    rows = [f"IMG_0700.JPG,AcQTH38VUJ8ryqOCgiKuos3A5eCo,yes,no,no,{date},0,{date}",
            f"IMG_0701.JPG,AeHgi2s+Ea9G6uP9WASqG2BtgzdB,no,yes,no,{date},0,{date}"]
    with open(PHOTO, "rb") as f:
        photo = f.read()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(top + "Photos/IMG_0700.JPG", photo)
        z.writestr(top + "Photos/IMG_0701.JPG", photo + b"\0")
        z.writestr(top + "Photos/Photo Details.csv", header + "\n".join(rows) + "\n")
        z.writestr(top + "Memories/Summer.csv", "imageName\nIMG_0700.JPG\n")
    return path


def serve(args, home):
    """`livephoto serve` with `args`, its home folder `home` (where the listing starts); the process and its URL."""
    env = dict(os.environ, HOME=home)
    process = subprocess.Popen([LIVEPHOTO, "serve", "--port", "0", "--json", "--no-index", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = process.stdout.readline()
    if not line:
        raise SystemExit("the server did not start: " + process.stderr.read())
    return process, json.loads(line)["url"]


def import_view(driver):
    home = os.path.join(WORK, "import-home")
    make_takeout(os.path.join(home, "Downloads"))
    library = os.path.join(WORK, "import-library")
    os.makedirs(library, exist_ok=True)

    # Without a folder: the view says how to start the server with one, and offers nothing else.
    bare, url = serve([], home)
    try:
        driver.get(url)
        set_size(driver, DESKTOP)
        wait_for(driver, "return document.body.dataset.ready === 'yes'", 30)
        driver.find_element(By.ID, "tab-import").click()
        notice = driver.find_element(By.ID, "import-unavailable")
        check("import without a folder: the view says how to start the server with one",
              notice.is_displayed() and "livephoto serve" in notice.text, notice.text)
        check("import without a folder: no form is offered", not driver.find_element(By.ID, "import-form").is_displayed())
    finally:
        bare.terminate()
        bare.wait(10)

    server, url = serve([library], home)
    try:
        driver.get(url)
        set_size(driver, DESKTOP)
        wait_for(driver, "return document.body.dataset.ready === 'yes'", 30)
        script(driver, WATCH)
        # The tabs, from the keyboard: End moves to the last one, Import.
        driver.find_element(By.ID, "tab-assemble").click()
        ActionChains(driver).send_keys(Keys.END).perform()
        check("the Import tab is reached with the arrow keys (End)", shown_modes(driver) == ["import"], shown_modes(driver))
        listed = try_wait(driver, "return [...document.querySelectorAll('#import-entries .folder')].some(b => b.textContent === 'Downloads/')", 30)
        check("the listing starts in the home folder and shows its folders", listed,
              script(driver, "return document.getElementById('import-entries').textContent"))
        where = driver.find_element(By.ID, "import-where").text
        check("the listing names the folder it shows", where == os.path.realpath(home) or where == home, where)
        script(driver, "[...document.querySelectorAll('#import-entries .folder')].find(b => b.textContent === 'Downloads/').focus()")
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        part = try_wait(driver, f"return !!document.querySelector('#import-entries input[data-path$={json.dumps('/' + PART)}]')", 30)
        check("opening a folder (Enter) lists its Takeout parts, with their size", part,
              script(driver, "return document.getElementById('import-entries').textContent"))
        focused = script(driver, "return document.activeElement.matches('#import-entries input, #import-entries button')")
        check("the focus moves into the folder's listing", focused, focused)
        ActionChains(driver).send_keys(Keys.SPACE).perform()  # ticks the focused part
        typed = driver.find_element(By.ID, "import-paths").get_attribute("value")
        check("ticking a part adds its path to the paths field", typed.endswith("/Downloads/" + PART), typed)
        capture(driver, "import", PHONE)
        capture(driver, "import", DESKTOP)
        check_accessible_names(driver, "import")

        # A path that is not there: refused in words, as an alert, naming the path typed.
        field = driver.find_element(By.ID, "import-paths")
        field.clear()
        field.send_keys("/nowhere/takeout.zip")
        driver.find_element(By.ID, "import-go").click()
        shown = try_wait(driver, "return !document.getElementById('import-error').hidden", 30)
        error = driver.find_element(By.ID, "import-error")
        check("a missing path is refused in words, naming it, in a role=alert",
              shown and "/nowhere/takeout.zip" in error.text and error.get_attribute("role") == "alert", error.text)

        # The import: progress, the summary, the gallery.
        field.clear()
        field.send_keys(os.path.join(home, "Downloads", PART))
        driver.find_element(By.ID, "import-go").click()
        done = try_wait(driver, new_result(None), 300)
        check("the import ends with its summary", done, driver.find_element(By.ID, "import-error").text)
        now = script(driver, "return document.getElementById('import-progress').getAttribute('aria-valuenow')")
        check("the progress bar's aria-valuenow reaches 100", now == "100", now)
        # The end is read out a moment after the summary shows (the live region is cleared first, then filled).
        try_wait(driver, "return (window.announced || []).some(s => s.includes('Imported'))", 5)
        said = script(driver, "return window.announced") or []
        check("the import's stages and its end are read out in the live region",
              any("Imported" in s for s in said) and len(said) >= 2, said)
        counts = script(driver, "return Object.fromEntries([...document.querySelectorAll('#import-counts tr')].map(r => [r.dataset.outcome, r.cells[1].textContent]))")
        check("the summary counts the two halves of the Live Photo as paired", counts == {"paired-live-photo": "2"}, counts)
        sentence = driver.find_element(By.ID, "import-sentence").text
        check("the summary says what was read", "2 media files read" in sentence, sentence)
        focused = script(driver, "return document.activeElement.id")
        check("the focus moves to the summary's heading", focused == "import-result-title", focused)
        set_size(driver, PHONE)
        script(driver, "document.getElementById('import-result').scrollIntoView()")
        capture(driver, "import-result", PHONE)
        capture(driver, "import-result", DESKTOP)
        check_accessible_names(driver, "import-result")
        driver.find_element(By.ID, "import-open").click()
        check("the summary's button opens the gallery", shown_modes(driver) == ["gallery"], shown_modes(driver))
        item = try_wait(driver, "return document.querySelectorAll('#gallery-grid .item[data-kind=\"live-photo\"]').length === 1", 120)
        names = script(driver, "return [...document.querySelectorAll('#gallery-grid .item')].map(i => i.dataset.name)")
        check("the gallery shows the imported Live Photo, once, in its year and month", item and len(names) == 1 and names[0].count("/") == 2, names)

        # Apple's data copy, with the view's own options: the favourite dated by its row, the hidden photo left out.
        driver.find_element(By.ID, "tab-import").click()
        field = driver.find_element(By.ID, "import-paths")
        field.clear()
        field.send_keys(make_icloud(os.path.join(home, "Downloads")))
        driver.find_element(By.ID, "import-skip-hidden").click()
        driver.find_element(By.ID, "import-memories").click()
        first = script(driver, "return document.getElementById('import-result').dataset.run")
        driver.find_element(By.ID, "import-go").click()
        # Hidden, or already the second run's (a small import can end before this reads it): never the first's.
        gone = script(driver, "const r = document.getElementById('import-result'); return r.hidden || r.dataset.run !== arguments[0]", first)
        check("the first import's summary goes the moment the second starts", gone, gone)
        done = try_wait(driver, new_result(first), 300)
        check("an Apple data copy imports from the view", done, driver.find_element(By.ID, "import-error").text)
        counts = script(driver, "return Object.fromEntries([...document.querySelectorAll('#import-counts tr')].map(r => [r.dataset.outcome, r.cells[1].textContent]))")
        check("its summary: the favourite written, the hidden photo skipped (the view's option)",
              counts == {"written": "1", "skipped": "1"}, counts)
        written = os.path.join(library, "2019", "07", "IMG_0700.JPG")
        check("the favourite lies in its row's year and month", os.path.isfile(written), sorted(os.listdir(library)))
        check("the hidden photo is nowhere in the library", not os.path.exists(os.path.join(library, "Hidden")),
              sorted(os.listdir(library)))
        check("the memory became an album (the view's option)", os.path.isdir(os.path.join(library, "Albums", "Summer")),
              sorted(os.listdir(os.path.join(library, "Albums"))) if os.path.isdir(os.path.join(library, "Albums")) else [])
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    sys.exit(run_alone(import_view))
