"""The static web app's modes in the browser, each checked against the livephoto command: run by site_test.py."""
import filecmp
import json
import os
import subprocess
import sys

from selenium.webdriver.support.ui import Select

from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)

WEBM = os.path.realpath(sys.argv[7]) if len(sys.argv) > 7 else None
MOTION_JPEG = os.path.join(SAMPLES, "libmphoto_motion_photo_v1_synthetic.jpg")
MOTION_HEIC = os.path.join(SAMPLES, "samsung-s22-google-motionphoto-v1_ente.heic")
IPHONE = [os.path.join(SAMPLES, "iphone_IMG_3853_gwy15.HEIC"), os.path.join(SAMPLES, "iphone_IMG_3853_gwy15.MOV")]
MOVE = "const r = document.getElementById(arguments[0]); r.value = arguments[1]; r.dispatchEvent(new Event('input'));"
done_or_failed = "return !document.getElementById('{0}-result').hidden || !document.getElementById('{0}-error').hidden"


def choose(driver, input_id, *paths):
    """`paths` chosen in the file input `input_id` (emptied first, so the same file chosen again is a change)."""
    script(driver, "const i = document.getElementById(arguments[0]); i.value = ''; i.dispatchEvent(new Event('change', {bubbles: true}));", input_id)
    if paths:
        driver.find_element(By.ID, input_id).send_keys("\n".join(paths))


def cli(*arguments):
    return subprocess.run([LIVEPHOTO, *arguments], capture_output=True, text=True)


def identifier(path):
    report = json.loads(cli("inspect", path, "--json").stdout or "{}")
    return (report.get("files") or [{}])[0].get("contentIdentifier")


def download(driver, selector, folder):
    """Clicks every download link matched by `selector` into `folder`; each link's role and the file written."""
    download_to(driver, folder)
    links = driver.find_elements(By.CSS_SELECTOR, selector)
    for link in links:
        link.click()
    return {link.get_attribute("data-role"): wait_file(folder, link.get_attribute("download")) for link in links}


def verifies(name, files):
    if not (files.get("photo") and files.get("video")):
        check(f"{name}: a photo and a movie downloaded", False, files)
        return
    result = cli("verify", files["photo"], files["video"])
    check(f"{name}: livephoto verify passes on the downloaded pair", result.returncode == 0, result.stdout[-600:] + result.stderr[-300:])


def make(driver, name):
    """Presses Make and waits for the result or an error; the error's text."""
    driver.find_element(By.ID, "assemble-go").click()
    wait_for(driver, done_or_failed.format("assemble"), 120, f"{name}: the make")
    return script(driver, "return document.getElementById('assemble-error').hidden ? '' : document.getElementById('assemble-error').textContent")


def assemble(driver, label, network, origin=None):
    """A JPEG and an H.264 movie made into a Live Photo in the page (watching the network when asked); the pair downloaded."""
    driver.find_element(By.ID, "tab-assemble").click()
    choose(driver, "assemble-photo", PHOTO)
    choose(driver, "assemble-video", CLIP)
    ready = try_wait(driver, "return !document.getElementById('assemble-go').disabled && !document.getElementById('scrubber').hidden", 60)
    check(f"Assemble ({label}): the scrubber comes from the engine's reading of the movie", ready)
    script(driver, MOVE, "cover", "1.0")
    if network:
        requests_made(driver)  # what came before the make
    error = make(driver, f"Assemble ({label})")
    check(f"Assemble ({label}): the Live Photo is made", not error, error)
    if network:
        made = requests_made(driver)
        foreign = [(method, url) for method, url in made
                   if not (url.startswith(origin + "/") or url.startswith(f"blob:{origin}/") or url.startswith("data:"))]
        writes = [(method, url) for method, url in made if method != "GET"]
        print(f"     during the make: {made}", flush=True)
        check(f"no request leaves the page during the make ({len(made)} requests, all to {origin} or its Blobs)", not foreign, foreign)
        check("no POST (nor any other write) during the make", not writes, writes)
    summary = script(driver, "return document.querySelector('#assemble-result .summary').textContent") or ""
    check(f"Assemble ({label}): made in the browser, the cover where it was chosen",
          "cover at 1.000 s" in summary and "Made in this browser" in summary, summary)
    wait_for(driver, "const i = document.querySelector('#assemble-result .live-viewer img'); return i && i.complete && i.naturalWidth > 0", 30)
    play_viewer(driver, "#assemble-result .live-viewer", f"Assemble ({label})")
    roles = script(driver, "return [...document.querySelectorAll('#assemble-result .downloads a')].map(a => a.dataset.role)")
    check(f"Assemble ({label}): the photo and the movie are offered for download (a.download, blob: URLs)",
          roles == ["photo", "video"] and script(driver, "return [...document.querySelectorAll('#assemble-result .downloads a')].every(a => a.href.startsWith('blob:') && a.download)"), roles)
    pair = download(driver, "#assemble-result .downloads a", os.path.join(WORK, f"assemble-{label}"))
    verifies(f"Assemble ({label})", pair)
    if label == "online":
        capture_both(driver, "site-assemble")
    return pair


def assemble_others(driver):
    """A video alone (its key photo a frame the page draws when the worker asks), and a WebM refused in words."""
    driver.find_element(By.ID, "tab-assemble").click()
    choose(driver, "assemble-photo")
    choose(driver, "assemble-video", CLIP)
    wait_for(driver, "return !document.getElementById('assemble-go').disabled && !document.getElementById('scrubber').hidden", 60)
    error = make(driver, "a video alone")
    summary = script(driver, "return document.querySelector('#assemble-result .summary').textContent") or ""
    check("a video alone: its key photo is the frame the page drew", not error and summary.startswith("Photo: video-frame"), error or summary)
    if not error:
        verifies("a video alone", download(driver, "#assemble-result .downloads a", os.path.join(WORK, "assemble-alone")))
    choose(driver, "assemble-photo", PHOTO)
    choose(driver, "assemble-video", WEBM)
    wait_for(driver, "return !document.getElementById('assemble-go').disabled", 60)
    error = make(driver, "a WebM")
    check("a WebM needs ffmpeg: the page says so, and points to livephoto serve and the command",
          "ffmpeg" in error and "livephoto serve" in error and "livephoto command" in error, error)


def edit(driver, pair):
    """The Live Photo just made, edited in the page: a new key photo, a trim and the sound off; the pair verifies."""
    script(driver, "document.getElementById('assemble-edit').click()")
    opened = try_wait(driver, "return document.getElementById('edit-dialog').open && document.getElementById('edit-strip').dataset.ready === 'yes'", 90)
    check("Edit opens on the Live Photo made, with its filmstrip drawn from the Blob", opened)
    shown = script(driver, "return [document.getElementById('edit-effect').checkVisibility(), document.getElementById('edit-effect-note').checkVisibility()]")
    check("effects (ffmpeg) are not offered; a note says where they are", shown == [False, True], shown)
    script(driver, MOVE, "edit-key", "1.0")
    script(driver, MOVE, "edit-start", "0.5")
    script(driver, MOVE, "edit-end", "2.0")
    driver.find_element(By.ID, "edit-sound").click()
    script(driver, "document.activeElement.blur()")
    # Key photo, start, end, sound, make, close: the effect's select is not there.
    capture_dialog(driver, "site-edit", PHONE, least=6)
    capture_dialog(driver, "site-edit", DESKTOP, least=6)
    driver.find_element(By.ID, "edit-go").click()
    wait_for(driver, "return !document.getElementById('edit-result').hidden || !document.getElementById('edit-error').hidden", 120, "the edit")
    summary = script(driver, "return document.querySelector('#edit-result .summary').textContent") or ""
    error = driver.find_element(By.ID, "edit-error").text
    check("the edit is made in the browser: kept 0.50 s to 2.00 s, sound off, a new key photo at 1.00 s",
          all(part in summary for part in ["kept 0.50 s to 2.00 s", "sound off", "a new key photo at 1.00 s", "Made in this browser"]), error or summary)
    edited = download(driver, "#edit-result .downloads a", os.path.join(WORK, "edited"))
    verifies("the edit", edited)
    if edited.get("video"):
        probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", edited["video"]],
                               capture_output=True, text=True)
        info = json.loads(probe.stdout or "{}")
        kinds = [s.get("codec_type") for s in info.get("streams", [])]
        duration = float(info.get("format", {}).get("duration", 0))
        check("the edited movie is the range kept, without sound", abs(duration - 1.5) < 0.05 and "audio" not in kinds, (duration, kinds))
    driver.find_element(By.ID, "edit-close").click()
    assemble_others(driver)


def disassemble(driver):
    """Motion Photos (a JPEG, and a HEIC whose HEVC movie Chromium may not play) taken apart in the page, byte for
    byte as `livephoto split` takes them apart."""
    driver.find_element(By.ID, "tab-disassemble").click()
    for sample in [MOTION_JPEG, MOTION_HEIC]:
        name = os.path.basename(sample)
        choose(driver, "disassemble-files", sample)
        wait_for(driver, "return !document.getElementById('disassemble-go').disabled", 30)
        driver.find_element(By.ID, "disassemble-go").click()
        wait_for(driver, done_or_failed.format("disassemble"), 120, f"{name} taken apart")
        summary = script(driver, "return document.querySelector('#disassemble-result .summary').textContent") or ""
        check(f"Disassemble {name}: a Motion Photo, taken apart in the browser",
              summary.startswith("This was a Motion Photo") and "in this browser" in summary, driver.find_element(By.ID, "disassemble-error").text or summary)
        shown = try_wait(driver, """const v = document.getElementById('disassemble-video');
            return v.readyState >= 1 || document.getElementById('disassemble-video-caption').textContent.includes('no preview')""", 30)
        check(f"Disassemble {name}: the video plays, or says it cannot here", shown)
        parts = download(driver, "#disassemble-result .downloads a", os.path.join(WORK, f"split-{name}"))
        expected = os.path.join(WORK, f"split-cli-{name}")
        cli("split", sample, "--out", expected)
        same = parts.get("photo") and parts.get("video") and all(
            filecmp.cmp(parts[role], os.path.join(expected, os.path.basename(parts[role])), shallow=False) for role in ["photo", "video"])
        check(f"Disassemble {name}: the photo and the video are byte for byte livephoto split's", same, parts)
        if sample == MOTION_JPEG:
            capture_both(driver, "site-disassemble")


def convert(driver, pair):
    """The pair made above to a Google Motion Photo and back, and a conversion that needs ffmpeg refused in words."""
    driver.find_element(By.ID, "tab-convert").click()
    choose(driver, "convert-files", pair["photo"], pair["video"])
    to = script(driver, "return document.getElementById('convert-to').value")
    check("a photo and a movie chosen: Convert makes a Motion Photo", to == "motion", to)
    Select(driver.find_element(By.ID, "convert-flavor")).select_by_value("google")
    driver.find_element(By.ID, "convert-go").click()
    wait_for(driver, done_or_failed.format("convert"), 120, "the conversion")
    motion = download(driver, "#convert-result .downloads a", os.path.join(WORK, "motion")).get("motion-photo")
    report = json.loads(cli("inspect", motion, "--json").stdout or "{}") if motion else {}
    read = (report.get("files") or [{}])[0]
    check("Convert to a Motion Photo: livephoto inspect reads a Google Motion Photo with the Live Photo's identifier",
          read.get("role") == "motion-photo" and read.get("family") == "google" and read.get("contentIdentifier") == identifier(pair["photo"]),
          {k: read.get(k) for k in ["role", "family", "contentIdentifier", "error"]})
    capture_both(driver, "site-convert")
    if motion:
        choose(driver, "convert-files", motion)
        to = script(driver, "return document.getElementById('convert-to').value")
        check("a Motion Photo chosen: Convert makes a Live Photo", to == "live", to)
        driver.find_element(By.ID, "convert-go").click()
        wait_for(driver, done_or_failed.format("convert"), 120, "the conversion back")
        back = download(driver, "#convert-result .downloads a", os.path.join(WORK, "back"))
        verifies("Convert back to a Live Photo", back)
        check("the Live Photo converted back has the identifier it had", back.get("photo") and identifier(back["photo"]) == identifier(pair["photo"]))
    choose(driver, "convert-files", *IPHONE)
    Select(driver.find_element(By.ID, "convert-flavor")).select_by_value("huawei")
    driver.find_element(By.ID, "convert-go").click()
    wait_for(driver, "return !document.getElementById('convert-error').hidden", 60, "the refusal")
    error = driver.find_element(By.ID, "convert-error").text
    check("HUAWEI's flavor of an HEVC movie needs ffmpeg: said in words, with livephoto serve and the command", "ffmpeg" in error and "livephoto serve" in error, error)


def verify(driver, pair):
    """A pair that passes verify, one that fails with its reasons, and what a file alone is."""
    driver.find_element(By.ID, "tab-verify").click()
    choose(driver, "verify-files", pair["photo"], pair["video"])
    wait_for(driver, "return !document.getElementById('verify-result').hidden || !document.getElementById('verify-error').hidden", 60)
    verdict = driver.find_element(By.ID, "verify-verdict").text
    failed = script(driver, "return [...document.querySelectorAll('#verify-checks li[data-requirement=required][data-passed=no]')].length")
    checks = script(driver, "return document.querySelectorAll('#verify-checks li').length")
    check("Verify: the pair made passes, every required check listed and passed", verdict.startswith("Passes verify") and failed == 0 and checks >= 8,
          (verdict, failed, checks))
    wallpaper = script(driver, "return document.getElementById('verify-wallpaper').checkVisibility() && document.querySelectorAll('#verify-gates li').length")
    check("Verify: the lock-screen wallpaper's gates are shown", bool(wallpaper), wallpaper)
    capture_both(driver, "site-verify")
    choose(driver, "verify-files", pair["photo"], CLIP)
    wait_for(driver, f"return document.getElementById('verify-files').files.length === 2 && document.getElementById('verify-verdict').textContent.startsWith('Fails')", 60)
    verdict = driver.find_element(By.ID, "verify-verdict").text
    reasons = script(driver, "return [...document.querySelectorAll('#verify-checks li[data-passed=no]')].map(li => li.dataset.check + ': ' + li.textContent)")
    check("Verify: a movie of no Live Photo fails, with its reasons", verdict.startswith("Fails verify") and any("movie-identifier" in r for r in reasons),
          (verdict, reasons))
    choose(driver, "verify-files", MOTION_JPEG)
    wait_for(driver, "return document.getElementById('verify-result').dataset.verified === 'no'", 60)
    verdict = driver.find_element(By.ID, "verify-verdict").text
    about = driver.find_element(By.ID, "verify-files-report").text
    check("Verify: a file alone is said for what it is", "Motion Photo" in verdict and "movie at byte" in about, (verdict, about))


def iphone_way(driver, url):
    """As an iPhone's browser sees it (`?apple-mobile`): a Nikon's photo made with its MakerNote replaced and said so,
    the .pvt.zip offered first with the steps in words, its members the pair's; asked to refuse, refused in the page's
    words, naming the choice to untick."""
    driver.get(url + "?apple-mobile")
    wait_for(driver, "return document.body.dataset.ready === 'yes'", 60, "the page ready (as an iPhone's)")
    driver.find_element(By.ID, "tab-assemble").click()
    nikon = os.path.join(SAMPLES, "camera_nikon-d1x_mei.jpg")
    choose(driver, "assemble-photo", nikon)
    choose(driver, "assemble-video", CLIP)
    wait_for(driver, "return !document.getElementById('assemble-go').disabled", 60)
    error = make(driver, "a Nikon's photo")
    check("a Nikon's photo is made without asking", not error, error)
    offered = try_wait(driver, "const a = document.querySelector('#assemble-result .downloads a'); return !!a && a.dataset.role === 'bundle'", 60)
    summary = script(driver, "return document.querySelector('#assemble-result .summary').textContent") or ""
    check("the result says whose MakerNote was replaced, and that the input keeps its own",
          "MakerNote from NIKON CORPORATION was replaced by Apple's" in summary and "the input keeps its own" in summary, summary)
    first = script(driver, "const a = document.querySelector('#assemble-result .downloads a'); return a ? [a.download, a.getAttribute('aria-describedby')] : null") or [None, None]
    steps = script(driver, "const p = document.querySelector('#assemble-result .downloads .steps'); return p ? p.textContent : ''") or ""
    check("on an iPhone the .pvt.zip is offered first, described by the steps", offered and (first[0] or "").endswith(".pvt.zip") and first[1], first)
    check("the steps say Files, expand, and Save to Photos", "Files" in steps and "Save to Photos" in steps, steps)
    folder = os.path.join(WORK, "assemble-iphone")
    files = download(driver, "#assemble-result .downloads a", folder)
    zipped = files.get("bundle")
    if zipped:
        import zipfile
        with zipfile.ZipFile(zipped) as z:
            check("the .pvt.zip reads whole (every CRC-32 right)", z.testzip() is None)
            names = sorted(i.filename for i in z.infolist())
            stored = all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())
            same = all(z.read(n) == open(files[role], "rb").read() for role in ("photo", "video") if files.get(role)
                       for n in names if n.endswith("/" + os.path.basename(files[role])))
        check("its members: the folder, the pair and metadata.plist, stored, the pair's bytes",
              len(names) == 4 and names[0].endswith(".pvt/") and "metadata.plist" in names[-1] and stored and same, names)
    else:
        check("the .pvt.zip downloads", False, files)
    driver.find_element(By.ID, "assemble-refuse-maker-note").click()
    error = make(driver, "a Nikon's photo, refused")
    check("asked to refuse, the page refuses in its words, naming the box to untick",
          "MakerNote from NIKON CORPORATION" in error and "Untick" in error and "--" not in error, error)
    driver.find_element(By.ID, "assemble-refuse-maker-note").click()
    driver.get(url)
    wait_for(driver, "return document.body.dataset.ready === 'yes'", 60, "the page ready again")

