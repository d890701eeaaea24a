"""What the Library view's browser tests share (library_view.py, the check; library_batches.py, the batches): the
command line run, the view opened and watched, the files of a folder counted, the page's requests judged."""
import os
import subprocess

from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)

DONE = "return !document.getElementById('library-result').hidden || !document.getElementById('library-error').hidden"
# What the page's progress line and live region said, as they said it.
RECORD = """
window.details = [];
const detail = document.getElementById('library-detail');
new MutationObserver(() => window.details.push(detail.textContent)).observe(detail, {childList: true, characterData: true, subtree: true});"""


def cli(*arguments, statuses=(0,)):
    result = subprocess.run([LIVEPHOTO, *arguments], capture_output=True, text=True)
    if result.returncode not in statuses:
        raise SystemExit(f"livephoto {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


def file_count(folder):
    return sum(len(files) for _, _, files in os.walk(folder))


def open_library(driver, url):
    driver.get(url)
    set_size(driver, DESKTOP)
    wait_for(driver, "return document.body.dataset.ready === 'yes'", 60, "the page ready")
    script(driver, WATCH)
    script(driver, RECORD)
    driver.find_element(By.ID, "tab-library").click()


def check_requests(driver, origin, where):
    made = requests_made(driver)
    foreign = [(method, url) for method, url in made
               if not (url.startswith(origin + "/") or url.startswith(f"blob:{origin}/") or url.startswith("data:"))]
    writes = [(method, url) for method, url in made if method != "GET"]
    check(f"{where}: no request leaves the page ({len(made)} requests, all GETs of {origin} or its Blobs)", not foreign and not writes,
          foreign + writes)


def saved_report(driver, folder, name="library-scan.jsonl"):
    """The report "Save the report" downloads (`name`), as its lines (None when nothing was downloaded)."""
    download_to(driver, folder)
    driver.find_element(By.ID, "library-save").click()
    path = wait_file(folder, name, 30)
    if not path:
        return None
    with open(path, encoding="utf-8") as saved:
        text = saved.read()
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n") + ["(no line break at the end)"]


def tab_through(driver, steps=14):
    """From the Library tab, the ids Tab reaches in the view, in order, until the focus leaves it."""
    driver.find_element(By.ID, "tab-library").click()
    reached = []
    for _ in range(steps):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        active = script(driver, "const a = document.activeElement; return a.closest('#library') ? a.id : null")
        if not active:
            break
        reached.append(active)
    return reached
