"""The upload route under load, and its size limit, on loopback."""
import concurrent.futures
import http.client
import json
import os
import time

from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)


def check_uploads(url, server, gallery):
    """50 concurrent uploads to the server at `url`, none lost (then it is stopped); a server taking 1 MB refuses 2 MB."""
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
