"""Firefox for the browser tests, driven through its own WebDriver BiDi (the remote agent Firefox starts with
`--remote-debugging-port`; no geckodriver, which Debian does not package): a headless Firefox ESR with a profile of
its own that downloads into a folder without asking, and the few commands the tests use, named as Selenium names them
(`get`, `execute_script`, `execute_async_script`, an element's `click` and `send_keys`), so that the Chromium tests'
helpers (`script`, `try_wait`, `wait_for`) take it as they take a Selenium driver."""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time

import websocket
from selenium.common.exceptions import JavascriptException

# What the profile sets: downloads go to the folder without a dialog, and nothing the browser does by itself (updates,
# telemetry, its first-run pages) runs beside the test.
PREFERENCES = {
    "browser.download.folderList": 2,
    "browser.download.useDownloadDir": True,
    "browser.download.always_ask_before_handling_new_types": False,
    "browser.download.manager.showWhenStarting": False,
    "browser.download.start_downloads_in_tmp_dir": False,
    "browser.helperApps.neverAsk.saveToDisk": "application/zip,application/x-ndjson,application/jsonl,application/octet-stream,text/plain",
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "dom.disable_open_during_load": False,
}


def firefox_binary():
    mac = "/Applications/Firefox.app/Contents/MacOS/firefox"
    return shutil.which("firefox-esr") or shutil.which("firefox") or (mac if os.path.exists(mac) else None)


def firefox_version():
    binary = firefox_binary()
    if not binary:
        return None
    return subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def local_value(value):
    """A Python value as BiDi's LocalValue."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, (list, tuple)):
        return {"type": "array", "value": [local_value(v) for v in value]}
    if isinstance(value, dict):
        return {"type": "object", "value": [[str(k), local_value(v)] for k, v in value.items()]}
    raise TypeError(f"no BiDi value for {type(value).__name__}")


def python_value(remote):
    """BiDi's RemoteValue as a Python value, as Selenium gives a script's value (undefined is None)."""
    kind = remote.get("type")
    if kind in ("undefined", "null"):
        return None
    if kind in ("string", "boolean"):
        return remote["value"]
    if kind == "number":
        value = remote["value"]
        return float(value) if isinstance(value, str) else value  # NaN, Infinity, -0
    if kind in ("array", "set"):
        return [python_value(v) for v in remote.get("value", [])]
    if kind in ("object", "map"):
        return {(k if isinstance(k, str) else str(python_value(k))): python_value(v) for k, v in remote.get("value", [])}
    if kind == "node":
        return {"sharedId": remote.get("sharedId")}
    return remote.get("value")


class Element:
    def __init__(self, driver, element_id):
        self.driver, self.element_id = driver, element_id

    def reference(self):
        found = self.driver.command("script.evaluate", {
            "expression": f"document.getElementById({json.dumps(self.element_id)})", "target": {"context": self.driver.context},
            "awaitPromise": False, "serializationOptions": {"maxDomDepth": 0}})
        value = found.get("result", {})
        if value.get("type") != "node":
            raise JavascriptException(f"no element #{self.element_id}")
        return {"sharedId": value["sharedId"]}

    def click(self):
        """A click of the pointer at the element's middle, as a user's (an activation the page can act on)."""
        element = self.reference()
        self.driver.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", self.element_id)
        self.driver.command("input.performActions", {"context": self.driver.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "x": 0, "y": 0, "origin": {"type": "element", "element": element}},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.driver.command("input.releaseActions", {"context": self.driver.context})

    def send_keys(self, *paths):
        """Files (or, for a `webkitdirectory` input, a folder) chosen in a file input, as its dialog would give them."""
        files = [line for path in paths for line in path.split("\n") if line]  # Selenium's form: paths a line each
        self.driver.command("input.setFiles", {"context": self.driver.context, "element": self.reference(), "files": files})


class Firefox:
    """Headless Firefox on a profile of its own, downloading into `downloads`."""

    def __init__(self, downloads, log_path=None):
        self.profile = tempfile.mkdtemp(prefix="livephoto-firefox-")
        self.downloads = downloads
        os.makedirs(downloads, exist_ok=True)
        preferences = dict(PREFERENCES, **{"browser.download.dir": downloads})
        with open(os.path.join(self.profile, "user.js"), "w") as user:
            for name, value in preferences.items():
                user.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        port = free_port()
        self.log = open(log_path or os.devnull, "a")
        self.process = subprocess.Popen(
            [firefox_binary(), "--headless", "--no-remote", "--profile", self.profile, f"--remote-debugging-port={port}"],
            stdout=self.log, stderr=self.log, env=dict(os.environ, MOZ_HEADLESS_WIDTH="1280", MOZ_HEADLESS_HEIGHT="800"))
        self.socket, self.next_id, self.events = None, 0, []
        deadline = time.time() + 60
        while self.socket is None:
            try:
                # The remote agent refuses a connection that carries an Origin header.
                self.socket = websocket.create_connection(f"ws://127.0.0.1:{port}/session", timeout=1800, suppress_origin=True)
            except OSError:
                if time.time() > deadline or self.process.poll() is not None:
                    self.quit()
                    raise SystemExit("Firefox's remote agent did not answer")
                time.sleep(0.2)
        session = self.command("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        self.capabilities = session.get("capabilities", {})
        self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]

    def command(self, method, params):
        """One BiDi command's result; an error the browser answers is raised as a JavascriptException."""
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") != self.next_id:
                if "method" in message:
                    self.events.append(message)  # an event of those subscribed to (`subscribe`)
                continue
            if message.get("type") == "error":
                raise JavascriptException(f"{method}: {message.get('error')}: {message.get('message')}")
            return message.get("result", {})

    def subscribe(self, *events):
        """BiDi's events named (`browsingContext.downloadEnd`, ...) kept in `events` as they come."""
        self.command("session.subscribe", {"events": list(events)})

    def get(self, url):
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def call(self, declaration, args, wait):
        result = self.command("script.callFunction", {
            "functionDeclaration": declaration, "arguments": [local_value(a) for a in args], "awaitPromise": wait,
            "target": {"context": self.context}, "resultOwnership": "none"})
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise JavascriptException(details.get("text") or json.dumps(details)[:500])
        return python_value(result.get("result", {}))

    def execute_script(self, body, *args):
        return self.call(f"function() {{ {body}\n}}", args, False)

    def execute_async_script(self, body, *args):
        """Selenium's async script: `body` ends by calling its last argument with the value."""
        return self.call("function() { const given = [...arguments]; return new Promise((done) => {"
                         f" (function() {{ {body}\n}}).apply(null, [...given, done]); }}); }}", args, True)

    def find_element(self, by, element_id):
        return Element(self, element_id)

    def quit(self):
        try:
            if self.socket:
                self.command("session.end", {})
        except Exception:
            pass
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)
