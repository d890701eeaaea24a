"""Attacks on `livephoto serve`, as another website, another local user and a careless client would make them.

Usage: hardening_test.py LIVEPHOTO SAMPLES_DIR CLIP.mov WORK_DIR
Every request goes to 127.0.0.1 (a server this script starts). Prints one line per check and exits 1 if any failed.
"""
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

LIVEPHOTO, SAMPLES, CLIP, WORK = (os.path.realpath(p) for p in sys.argv[1:5])
failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)
    if not condition:
        failures.append(name)


def start_server(*extra, env=None):
    process = subprocess.Popen(
        [LIVEPHOTO, "serve", "--port", "0", "--json", "--index", os.path.join(WORK, "index.sqlite"), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env)
    line = process.stdout.readline()
    if not line:
        return process, None
    return process, json.loads(line)["port"]


def request(port, method, path, body=None, headers=None, timeout=30):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    headers = dict(headers or {})
    headers.setdefault("Host", f"127.0.0.1:{port}")
    if body is not None and "Transfer-Encoding" not in headers:
        headers["Content-Length"] = str(len(body))
    for key, value in headers.items():
        connection.putheader(key, value)
    connection.endheaders()
    if body is not None:
        if headers.get("Transfer-Encoding") == "chunked":
            for start in range(0, len(body), 65536):
                piece = body[start:start + 65536]
                connection.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            connection.send(b"0\r\n\r\n")
        else:
            connection.send(body)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), data


# A gallery with a non-ASCII name: the real iPhone pair as Café.HEIC and Café.MOV.
gallery = os.path.join(WORK, "gallery")
os.makedirs(gallery, exist_ok=True)
shutil.copy(os.path.join(SAMPLES, "iphone_IMG_3853_gwy15.HEIC"), os.path.join(gallery, "Café.HEIC"))
shutil.copy(os.path.join(SAMPLES, "iphone_IMG_3853_gwy15.MOV"), os.path.join(gallery, "Café.MOV"))
secret = os.path.join(WORK, "secret.txt")
with open(secret, "w") as f:
    f.write("the secret of another folder\n")

env = dict(os.environ, TMPDIR=os.path.join(WORK, "tmp"))
os.makedirs(env["TMPDIR"], exist_ok=True)
server, port = start_server(gallery, "--allow-host", "photos.lan", "--idle-timeout", "2", "--max-connections", "100",
                            "--jobs", "2", env=env)
check("the server starts", port is not None, server.stderr.read() if port is None else "")
if port is None:
    sys.exit(1)
try:
    # 1. Other websites.
    status, _, _ = request(port, "GET", "/api/config", headers={"Host": "evil.example"})
    check("a foreign Host gets 403 (DNS rebinding)", status == 403, status)
    status, _, _ = request(port, "GET", "/api/config", headers={"Host": f"evil.example:{port}"})
    check("a foreign Host with the port gets 403", status == 403, status)
    for host in [f"127.0.0.1:{port}", f"localhost:{port}", "photos.lan", f"[::1]:{port}"]:
        status, _, _ = request(port, "GET", "/api/config", headers={"Host": host})
        check(f"Host {host} is served", status == 200, status)
    status, _, data = request(port, "POST", "/api/jobs/assemble", body=b'{"video": "x"}',
                              headers={"Origin": "http://evil.example", "Content-Type": "text/plain"})
    check("a cross-origin text/plain POST gets 403", status == 403, (status, data))
    status, _, _ = request(port, "PUT", "/api/uploads?name=a.jpg", body=b"x" * 10, headers={"Origin": "http://evil.example"})
    check("a cross-origin upload gets 403", status == 403, status)
    status, _, _ = request(port, "POST", "/api/jobs/assemble", body=b'{"video": "x"}',
                           headers={"Referer": "http://evil.example/page", "Content-Type": "application/json"})
    check("a cross-origin POST known by its Referer gets 403", status == 403, status)
    status, _, data = request(port, "POST", "/api/jobs/assemble", body=b'{"video": "x"}',
                              headers={"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json"})
    check("a same-origin POST is served (404: no such upload)", status == 404, (status, data))
    status, headers, _ = request(port, "GET", "/")
    check("nosniff on every response", headers.get("X-Content-Type-Options") == "nosniff", headers)
    csp = headers.get("Content-Security-Policy", "")
    check("a CSP with only the app's own script and style, never framed",
          "script-src 'self'" in csp and "style-src 'self'" in csp and "frame-ancestors 'none'" in csp, csp)
    check("no referrer", headers.get("Referrer-Policy") == "no-referrer", headers)
    status, headers, _ = request(port, "GET", "/api/config", headers={"Host": "evil.example"})
    check("refusals carry the headers too", headers.get("X-Content-Type-Options") == "nosniff", headers)

    # The Import view: an import asked for by another site is refused; its listing never shows, nor enters, the
    # servers' shared work folder.
    status, _, _ = request(port, "POST", "/api/import", body=b'{"inputs": ["/tmp"]}',
                           headers={"Origin": "http://evil.example", "Content-Type": "application/json"})
    check("a cross-origin import gets 403", status == 403, status)
    shared = os.path.join(env["TMPDIR"], f"livephoto-serve-{os.getuid()}")
    status, _, data = request(port, "GET", "/api/import/browse?path=" + urllib.parse.quote(env["TMPDIR"]))
    names = [e["name"] for e in json.loads(data)["entries"]] if status == 200 else None
    check("the import's listing leaves the servers' work folder out",
          names is not None and os.path.basename(shared) not in names, (status, data[:200]))
    status, _, data = request(port, "GET", "/api/import/browse?path=" + urllib.parse.quote(shared))
    check("the servers' work folder cannot be listed, and the answer names no path of it",
          status == 403 and shared.encode() not in data, (status, data[:200]))

    # 2. The gallery serves only its folder, at the time of the request.
    status, _, data = request(port, "GET", "/api/gallery")
    items = json.loads(data)["items"] if status == 200 else []
    check("the gallery finds the pair", len(items) == 1, data[:200])
    original = "/api/gallery/%s/original-photo" % (items[0]["id"] if items else "none")
    status, headers, data = request(port, "GET", original)
    disposition = headers.get("Content-Disposition", "")
    check("a non-ASCII name is sent as filename* (RFC 5987)", "filename*=UTF-8''Caf%C3%A9.HEIC" in disposition, disposition)
    check("the original is sent whole", status == 200 and len(data) == os.path.getsize(os.path.join(gallery, "Café.HEIC")),
          (status, len(data)))
    os.rename(os.path.join(gallery, "Café.HEIC"), os.path.join(WORK, "moved.HEIC"))
    os.symlink(secret, os.path.join(gallery, "Café.HEIC"))
    status, _, data = request(port, "GET", original)
    check("a file swapped for a link after the scan is refused", status in (403, 404) and b"secret" not in data, (status, data[:80]))
    os.remove(os.path.join(gallery, "Café.HEIC"))
    os.symlink(os.path.join(WORK, "moved.HEIC"), os.path.join(gallery, "Café.HEIC"))
    status, _, data = request(port, "GET", original)
    check("a link to a file outside the folder is refused", status in (403, 404) and len(data) < 1000, (status, len(data)))

    # 3. Bounded resources: idle connections close, a new client is still served.
    idle = []
    for _ in range(200):
        try:
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        except OSError:
            break
    check("200 idle connections can be opened (past the cap they wait in the queue)", len(idle) == 200, len(idle))
    time.sleep(4)
    status, _, _ = request(port, "GET", "/api/config", timeout=20)
    check("a new client is served while idle connections sit", status == 200, status)
    closed = 0
    for s in idle:
        try:
            s.settimeout(10)
            if s.recv(1) == b"":
                closed += 1
        except OSError:
            closed += 1
        s.close()
    check("idle connections are closed after --idle-timeout", closed == 200, f"{closed} of 200 closed")

    # Frames: 40 requests at once run no more than --jobs ffmpeg processes.
    with open(CLIP, "rb") as f:
        clip = f.read()
    status, _, data = request(port, "PUT", "/api/uploads?name=clip.mov", body=clip)
    upload = json.loads(data)["id"] if status == 201 else None
    check("a clip uploads", upload is not None, (status, data[:200]))
    peak = [0]
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            out = subprocess.run(["pgrep", "-P", str(server.pid), "ffmpeg"], capture_output=True, text=True).stdout
            peak[0] = max(peak[0], len(out.split()))
            time.sleep(0.01)

    watcher = threading.Thread(target=watch)
    watcher.start()
    threads = [threading.Thread(target=request, args=(port, "GET", f"/api/uploads/{upload}/frame?t={0.05 * i:.2f}"))
               for i in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    watcher.join()
    check("40 frame requests never run more than 2 ffmpeg at once", 0 < peak[0] <= 2, peak[0])

    # No internal path in error text: a frame of something that is not a video.
    status, _, data = request(port, "PUT", "/api/uploads?name=notes.mov", body=b"not a movie at all" * 100)
    bad = json.loads(data)["id"]
    status, _, data = request(port, "GET", f"/api/uploads/{bad}/frame?t=1")
    text = data.decode("utf-8", "replace")
    check("the frame endpoint's error names no internal path", status == 422 and "livephoto-serve" not in text and WORK not in text,
          (status, text))

    # Uploads: a declared length past --max-upload gets 413 before any byte is read.
    status, _, _ = request(port, "PUT", "/api/uploads?name=big.mov", headers={"Content-Length": str(2000 << 20)})
    check("a declared upload past --max-upload gets 413", status == 413, status)
finally:
    server.terminate()
    server.wait(10)

# Work folder: private, and never led astray by a planted link.
work_root = os.path.join(env["TMPDIR"], f"livephoto-serve-{os.getuid()}")
check("the shared work folder is 0700", os.path.isdir(work_root) and (os.stat(work_root).st_mode & 0o777) == 0o700,
      oct(os.stat(work_root).st_mode) if os.path.exists(work_root) else "missing")

# Memory: 200 uploads of 4 MB, 50 at a time, leave the server about as large as before (glibc's arenas trimmed).
# A server of its own, with the default idle timeout: on a busy machine an upload held back by the server's own
# backpressure may sit for more than the 2 s the checks above use.
server, port = start_server(env=env)
check("a server for the memory check starts", port is not None)
try:
    import concurrent.futures

    def rss():
        with open(f"/proc/{server.pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmRSS")) // 1024

    blob = os.urandom(4 << 20)

    def upload(i):
        try:
            return request(port, "PUT", f"/api/uploads?name=m{i}.mov", body=blob, timeout=120)[0]
        except Exception as error:  # reported by the check below, never a traceback
            return f"{type(error).__name__}: {error}"

    upload(-1)  # the first upload sets up what every later one reuses
    before = rss()
    with concurrent.futures.ThreadPoolExecutor(50) as pool:
        codes = set(pool.map(upload, range(200)))
    time.sleep(1)
    after = rss()
    check("200 uploads (50 at once) all complete", codes == {201}, codes)
    check("memory does not stay grown after 200 uploads", after - before < 20, f"{before} MB before, {after} MB after")
finally:
    server.terminate()
    server.wait()

# Limits: --max-upload 1 (MB) and --max-storage 2 (MB).
server, port = start_server("--max-upload", "1", "--max-storage", "2", env=env)
try:
    status, _, data = request(port, "PUT", "/api/uploads?name=big.mov", body=b"7" * (3 << 20),
                              headers={"Transfer-Encoding": "chunked"})
    check("a chunked upload past --max-upload gets 413", status == 413, (status, data[:200]))
    codes = []
    for i in range(4):
        status, _, data = request(port, "PUT", f"/api/uploads?name=part{i}.mov", body=b"7" * (900 << 10))
        codes.append(status)
    check("uploads past --max-storage get 507", codes[:2] == [201, 201] and 507 in codes[2:], codes)
    check("507 says why", b"storage is full" in data or 507 not in codes, data[:200])
finally:
    server.terminate()
    server.wait(10)

# A link planted where the shared work folder goes: the server refuses it and leaves its target alone.
victim = os.path.join(WORK, "victim")
os.makedirs(os.path.join(victim, "123456"), exist_ok=True)
planted_tmp = os.path.join(WORK, "planted")
os.makedirs(planted_tmp, exist_ok=True)
os.symlink(victim, os.path.join(planted_tmp, f"livephoto-serve-{os.getuid()}"))
server, port = start_server(env=dict(os.environ, TMPDIR=planted_tmp))
if port is not None:
    server.terminate()
server.wait(10)
check("a planted work-folder link is refused", port is None, port)
check("the link's target is untouched", os.path.isdir(os.path.join(victim, "123456")), os.listdir(victim))

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
