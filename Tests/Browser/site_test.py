"""The static web app (scripts/site.sh) in headless Chromium, served by `python3 -m http.server`: no server code.

Usage: site_test.py LIVEPHOTO SAMPLES_DIR PHOTO.jpg CLIP.mov WORK_DIR ENGINE_DIR CLIP.webm
Builds the site into WORK_DIR/site with the engine of ENGINE_DIR, serves it on a free port, and checks: the page
finds it has no server (the server's modes hidden, Convert and Verify shown), carries its Content-Security-Policy,
links a manifest that parses with its icons, and is controlled by its service worker; every mode works in the
browser (site_modes.py: Assemble whose downloads pass `livephoto verify`, a video alone, a WebM refused in words,
Edit, Disassemble byte for byte as `livephoto split`, Convert both ways, Verify with its reasons); no request leaves
the page during a make (DevTools' network events: same origin only, no POST; Chromium's NetLog of the whole visit,
the worker's requests included, likewise; and the static server saw no POST); at
375×812 and 1280×800 no sideways scrolling and a name on every control; then, the server stopped, the page reloads
from the service worker's cache, its engine loads, and a make still works. Prints one line per check and exits 1 if
any failed.
"""
import json
import os
import subprocess
import sys
import urllib.parse
import urllib.request

from PIL import Image

from site_modes import assemble, convert, disassemble, edit, iphone_way, verify
from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
WEBM = os.path.realpath(sys.argv[7])
MODES = ["Assemble", "Disassemble", "Convert", "Verify", "Library"]


def check_site_files(site):
    wanted = ["index.html", "app.js", "app.css", "sw.js", "manifest.webmanifest", "icon-192.png", "icon-512.png",
              "engine/livephoto.js", "engine/livephoto.wasm", "js/engine-worker.js"]
    missing = [name for name in wanted if not os.path.isfile(os.path.join(site, name))]
    check("site.sh writes the page, the engine, the manifest, its icons and the service worker", not missing, missing)
    server_code = [name for name in os.listdir(site) if name.endswith((".swift", ".py", ".php", ".cgi"))]
    check("the site holds no server code", not server_code, server_code)
    resources = os.path.join(ROOT, "Sources/LivePhotoServer/Resources")
    same = all(open(os.path.join(site, name), "rb").read() == open(os.path.join(resources, name), "rb").read()
               for name in ["index.html", "app.js", "js/assemble.js", "js/engine-worker.js"])
    check("the site's page is the files of livephoto serve's page, not a copy that drifts", same)


def check_page(driver, url):
    where = script(driver, "return [document.body.dataset.host, document.body.dataset.engine]")
    check("the page finds it has no server, and runs the engine", where == ["static", "yes"], where)
    tabs = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".segmented button") if t.is_displayed()]
    check("Camera, Gallery and Import are hidden; Convert, Verify and Library are shown", tabs == MODES, tabs)
    note = script(driver, "return document.getElementById('host-note').textContent")
    check("the page says that nothing is uploaded", note and "nothing is uploaded" in note, note)
    csp = script(driver, "return document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')?.content") or ""
    policy = {part.split()[0]: part.split()[1:] for part in csp.split(";") if part.strip()}
    check("the page's Content-Security-Policy sends requests nowhere but its own site",
          policy.get("connect-src") == ["'self'"] and policy.get("default-src") == ["'self'"], csp)
    check("its scripts and workers are its own, and WebAssembly may compile",
          policy.get("script-src") == ["'self'", "'wasm-unsafe-eval'"] and policy.get("worker-src") == ["'self'"], csp)
    check("its images and media may be the page's Blobs", "blob:" in policy.get("img-src", []) and "blob:" in policy.get("media-src", []), csp)
    loaded = script(driver, "return [...document.scripts].map(s => s.src).concat([...document.styleSheets].map(s => s.href))")
    check("scripts and styles come from the site itself", loaded and all(s.startswith(url) for s in loaded if s), loaded)


def check_manifest(driver, url):
    href = script(driver, "return document.querySelector('link[rel=manifest]')?.href")
    check("the page links a web app manifest of its own origin", bool(href) and href.startswith(url), href)
    if not href:
        return
    manifest = json.loads(urllib.request.urlopen(href, timeout=10).read())
    check("the manifest has a name, a start URL, standalone display and a scope",
          manifest.get("name") and manifest.get("start_url") and manifest.get("display") == "standalone", manifest)
    sizes = {}
    for icon in manifest.get("icons", []):
        icon_url = urllib.parse.urljoin(href, icon["src"])
        path = os.path.join(WORK, "icon-" + icon["sizes"] + ".png")
        with open(path, "wb") as out:
            out.write(urllib.request.urlopen(icon_url, timeout=10).read())
        with Image.open(path) as image:
            sizes[icon["sizes"]] = (image.format, image.size)
    check("its icons are PNGs of 192 and 512 pixels", sizes.get("192x192") == ("PNG", (192, 192)) and sizes.get("512x512") == ("PNG", (512, 512)), sizes)
    start = urllib.parse.urljoin(href, manifest.get("start_url", ""))
    check("its start URL is the page, on the same origin", start.split("?")[0] in (url, url + "index.html"), start)


def check_net_log(path, origin):
    """The whole visit as Chromium's network stack saw it, the engine's worker and the service worker included: what
    the app asked for went to its own origin, and it never wrote (no POST, no PUT). The browser's own requests (its
    update checks, a navigation typed in) have no origin for initiator and are left out."""
    made = [(initiator, method, url) for initiator, method, url in net_log_requests(path) if (initiator or "").startswith("http")]
    from_app = [(method, url) for initiator, method, url in made if initiator == origin]
    check("NetLog: the worker's requests are seen (the engine's module and WebAssembly fetched)",
          any(url.endswith("/engine/livephoto.wasm") for _, url in from_app) and any(url.endswith("/engine/livephoto.js") for _, url in from_app))
    foreign = [entry for entry in made if entry[0] != origin or not entry[2].startswith(origin + "/")]
    check(f"NetLog: every request of the page, its worker and its service worker went to {origin} ({len(made)} requests)", not foreign, foreign[:10])
    writes = [entry for entry in made if entry[1] != "GET"]
    check("NetLog: no POST, no PUT, nothing but GET in the whole visit", not writes, writes[:10])


def check_offline(driver, server, url):
    """The server stopped: the page, its modules and the engine come from the service worker's cache."""
    server.terminate()
    server.wait(10)
    try:
        urllib.request.urlopen(url, timeout=2)
        check("the static server is down", False)
    except OSError:
        pass
    driver.refresh()
    ready = try_wait(driver, "return document.body.dataset.ready === 'yes'", 60)
    where = script(driver, "return [document.body.dataset.host, document.body.dataset.engine, !!navigator.serviceWorker.controller]")
    check("offline, the page reloads from the service worker's cache, and its engine loads", ready and where == ["static", "yes", True], where)
    assemble(driver, "offline", network=False)


def main():
    site = os.path.join(WORK, "site")
    built = subprocess.run([os.path.join(ROOT, "scripts/site.sh"), site, "--engine", ENGINE], capture_output=True, text=True)
    check("scripts/site.sh builds the site", built.returncode == 0, built.stderr[-2000:])
    if built.returncode != 0:
        print(f"{len(failures)} failed", flush=True)
        return 1
    check_site_files(site)
    log = os.path.join(WORK, "http.log")
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = serve_static(site, port, log)
    os.makedirs(SHOTS, exist_ok=True)
    net_log = os.path.join(WORK, "netlog.json")
    driver = browser(os.path.join(WORK, "downloads"), network_log=True, net_log=net_log)
    try:
        driver.get(url)
        set_size(driver, DESKTOP)
        wait_for(driver, "return document.body.dataset.ready === 'yes'", 60, "the page ready")
        script(driver, WATCH)
        seen = [address for _, address in requests_made(driver)]
        check("DevTools' network events are seen (the page's modules fetched)", any(address.endswith("/js/engine.js") for address in seen), seen[-12:])
        check_page(driver, url)
        check_manifest(driver, url)
        controlled = try_wait(driver, "return !!navigator.serviceWorker.controller", 60)
        check("the service worker controls the page after the first visit", controlled)
        check_accessible_names(driver, "the static page as loaded")
        capture(driver, "site-empty", PHONE)
        set_size(driver, DESKTOP)
        pair = assemble(driver, "online", network=True, origin=url.rstrip("/"))
        edit(driver, pair)
        disassemble(driver)
        convert(driver, pair)
        verify(driver, pair)
        iphone_way(driver, url)
        check_offline(driver, server, url)
    finally:
        driver.quit()
        server.terminate()
    check_net_log(net_log, url.rstrip("/"))
    posts = [line for line in open(log) if '"POST ' in line or '"PUT ' in line]
    check("the static server saw no POST or PUT in the whole visit", not posts, posts[:5])
    print(f"{len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
