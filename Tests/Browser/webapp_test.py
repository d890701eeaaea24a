"""End-to-end tests of `livephoto serve` in headless Chromium, driven by Selenium.

Usage: webapp_test.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR ENGINE_DIR
The server is given the engine (ENGINE_DIR: livephoto.js and livephoto.wasm). At 1280×800 and at a phone's 375×812:
files dropped anywhere on the page go to their mode (a photo and a video to Assemble's slots, a .pvt.zip or a Motion
Photo to Disassemble); thumbnails of the photo and of the video's cover frame show before the job (a HEIC Chromium
cannot show gets a placeholder that names it, then the server's display copy, never a broken image); Assemble made in
the page by the engine (nothing uploaded, no job), a Motion Photo taken apart there, a .pvt.zip taken apart by the
server; the viewer played by pointer, touch and keyboard, the gallery grid, errors, the Edit view, an
import of a small Takeout through the Import view (webapp_import.py), a gallery item with problems mended
through its Repair button (webapp_repair.py); the page never
scrolls sideways and no control overlaps another; progress and errors reach a polite live region, progress bars
carry aria-valuenow, and every control has a name. Screenshots of each mode at both sizes go to WORK_DIR/screenshots
(and, with LIVEPHOTO_README_SCREENSHOTS=DIR, the README's choice of them to DIR). Then a load test of 50 concurrent
uploads, and the page of a server without the engine uploading as before (webapp_fallback.py). Prints one line per
check and exits 1 if any failed.
"""
import json
import os
import shutil
import subprocess
import sys
import time
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from webapp_edit import edit_view
from webapp_fallback import fallback_view
from webapp_import import import_view
from webapp_load import check_uploads
from webapp_repair import repair_view
from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)


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
        check("the page shows every mode (and the gallery)",
              tabs == ["Assemble", "Disassemble", "Convert", "Verify", "Library", "Camera", "Gallery", "Import"], tabs)
        where = script(driver, "return [document.body.dataset.host, document.body.dataset.engine]")
        check("the page finds the server and the engine it serves", where == ["server", "yes"], where)
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
        uploads = [script(driver, UPLOADS_OF, name) for name in [photo_name, clip_name]]
        check("nothing is uploaded to choose them: the engine reads the movie in the page", uploads == [0, 0], uploads)
        capture_both(driver, "assemble")

        # Assemble: progress, the result as a Live Photo, downloads.
        script(driver, """
            window.seen = [];
            new MutationObserver(() => window.seen.push(document.getElementById('assemble-progress').dataset.fraction))
              .observe(document.getElementById('assemble-progress'), {attributes: true, subtree: true});""")
        api_before = script(driver, API_REQUESTS)
        driver.find_element(By.ID, "assemble-go").click()
        wait_for(driver, "return !document.getElementById('assemble-result').hidden", 180, "the assemble result")
        check("the Live Photo is made in the page: no upload, no job, no request to the server's API",
              script(driver, API_REQUESTS) == api_before and script(driver, "return document.getElementById('assemble-result').dataset.made") == "browser",
              (api_before, script(driver, API_REQUESTS)))
        seen = script(driver, "return window.seen.map(Number)")
        check("a progress bar moved while it worked", len(set(seen)) >= 2 and max(seen) == 1, seen[:20])
        now = script(driver, "return document.getElementById('assemble-progress').getAttribute('aria-valuenow')")
        check("the progress bar's aria-valuenow follows it to 100", now == "100", now)
        done = try_wait(driver, "return window.announced.includes('Done')", 5)  # the region is written a moment after it is emptied
        said = script(driver, "return window.announced") or []
        check("the making and its end are announced in the live region", done and "Making the Live Photo in this browser…" in said, said)
        wait_for(driver, "const i = document.querySelector('#assemble-result .live-viewer img'); return i.complete && i.naturalWidth > 0", 30)
        badge = driver.find_element(By.CSS_SELECTOR, "#assemble-result .live-viewer .badge").text
        check("the result is shown as a Live Photo with a LIVE badge", badge == "LIVE", badge)
        summary = driver.find_element(By.CSS_SELECTOR, "#assemble-result .summary").text
        check("the cover chosen is the cover made, in this browser", "cover at 1.000 s" in summary and "Made in this browser" in summary, summary)
        play_viewer(driver, "#assemble-result .live-viewer", "Assemble")
        script(driver, "document.getElementById('assemble-result').scrollIntoView()")
        capture_both(driver, "assemble-result")
        script(driver, "window.scrollTo(0, 0)")
        links = driver.find_elements(By.CSS_SELECTOR, "#assemble-result .downloads a")
        names = {a.get_attribute("data-role"): a.get_attribute("download") for a in links}
        check("downloads: the photo and the video, as Blobs of the page", set(names) == {"photo", "video"} and
              all(a.get_attribute("href").startswith("blob:") for a in links), names)
        for a in links:
            a.click()
        got = {role: wait_file(downloads, name) for role, name in names.items()}
        check("the browser downloaded both", all(got.values()), got)
        if got.get("photo") and got.get("video"):
            verify = subprocess.run([LIVEPHOTO, "verify", got["photo"], got["video"]], capture_output=True, text=True)
            check("livephoto verify passes on the downloaded pair", verify.returncode == 0, verify.stdout + verify.stderr)
        # A .pvt.zip (which the engine does not read: the server takes it apart), made by the command.
        made = subprocess.run([LIVEPHOTO, "make", PHOTO, CLIP, "--pvt-zip", "--name", "bundle", "--out", os.path.join(WORK, "bundle")],
                              capture_output=True, text=True)
        got["bundle"] = os.path.join(WORK, "bundle", "bundle.pvt.zip") if made.returncode == 0 else None

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
            if label == "Motion Photo JPEG":
                # The engine says what a photo dropped alone is, in the page.
                puts = script(driver, UPLOADS_OF, name)
                check(f"the dropped {label} is not uploaded: the engine reads it in the page", puts == 0, puts)
            if label == "Samsung Motion Photo HEIC":
                deadline = time.time() + 60
                while script(driver, UPLOADS_OF, name) != 1 and time.time() < deadline:
                    time.sleep(0.2)
                puts = script(driver, UPLOADS_OF, name)
                check(f"the dropped {label} is uploaded once, for the display copy Chromium needs, not to take it apart", puts == 1, puts)
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
            wait_for(driver, """return document.getElementById('disassemble-video').readyState >= 1
                || document.getElementById('disassemble-video-caption').textContent.includes('no preview')""", 60)
            roles = [a.get_attribute("data-role") for a in driver.find_elements(By.CSS_SELECTOR, "#disassemble-result .downloads a")]
            check(f"Disassemble a {label}: photo and video shown (or said not playable here), both downloadable", roles == ["photo", "video"], roles)
            where = script(driver, "return document.getElementById('disassemble-result').dataset.job ? 'server' : 'browser'")
            check(f"Disassemble a {label}: taken apart {'by the server' if label == '.pvt.zip' else 'in the page'}",
                  where == ("server" if label == ".pvt.zip" else "browser"), where)
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
        # A photo dropped alone is read by the engine in the page: it is no Motion Photo.
        went = try_wait(driver, f"return document.getElementById('assemble-photo').files[0]?.name === {json.dumps(photo_name)}", 10)
        check("a plain still dropped alone goes to Assemble's photo slot", went and shown_modes(driver) == ["assemble"],
              (shown_modes(driver), chosen(driver, "assemble-photo")))
        try_wait(driver, "return !document.getElementById('assemble-go').disabled", 30)
        check("the plain still is not uploaded", script(driver, UPLOADS_OF, photo_name) == (before or 0), (before, script(driver, UPLOADS_OF, photo_name)))
        text = os.path.join(WORK, "notes.txt")
        with open(text, "w") as f:
            f.write("not a photo\n")
        drop(driver, [text])
        message = driver.find_element(By.ID, "assemble-error").text
        check("a dropped file that is neither a photo, a video nor a bundle gets an error in words",
              "notes.txt" in message and ".pvt.zip" in message, message)
        role = driver.find_element(By.ID, "assemble-error").get_attribute("role")
        check("that error interrupts (role=alert), rather than waiting in the polite live region",
              role == "alert" and message not in (script(driver, "return window.announced") or []), role)

        driver.find_element(By.ID, "tab-disassemble").click()
        script(driver, "document.getElementById('disassemble-files').value = ''")
        driver.find_element(By.ID, "disassemble-files").send_keys(text)
        wait_for(driver, "return !document.getElementById('disassemble-go').disabled", 60)
        driver.find_element(By.ID, "disassemble-go").click()
        wait_for(driver, "return !document.getElementById('disassemble-error').hidden", 60)
        message = driver.find_element(By.ID, "disassemble-error").text
        check("a wrong file gets an error in words", "notes.txt" in message and "not a photo" in message, message)
        role = driver.find_element(By.ID, "disassemble-error").get_attribute("role")
        check("the server's error interrupts (role=alert), and progress stays polite",
              role == "alert" and script(driver, "return document.getElementById('announcer').getAttribute('aria-live')") == "polite", role)

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

        # Keyboard: Tab from the mode's tab reaches the filter (its radios one stop), then the items; holding Space
        # (then Enter) plays one, letting go stops.
        driver.find_element(By.ID, "tab-gallery").click()
        reached = []
        for _ in range(13):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            reached.append(script(driver, "return document.activeElement.closest('#gallery-grid .item')?.dataset.name || document.activeElement.id"))
            if script(driver, f"return document.activeElement.matches('{LIVE_ITEM}')"):
                break
        check("Tab reaches the gallery's items, one after another", reached[:3] == ["gallery-filter-all", GALLERY_ORDER[0], GALLERY_ORDER[1]] and
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
        import_view(driver)
        repair_view(driver)
        fallback_view(driver)
    except BaseException:
        server.terminate()  # a run stopped by an error leaves no server behind
        raise
    finally:
        driver.quit()
    if README_SHOTS:
        copy_readme_screenshots()

    check_uploads(url, server, gallery)

    print(f"{len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
