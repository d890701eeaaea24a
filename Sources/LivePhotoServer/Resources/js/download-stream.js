// A download written as a stream, never held whole: the static app's service worker (sw.js) answers a same-origin URL
// with a body that arrives through a MessagePort, and the browser saves that body to disk as it comes. A library's zip
// goes out this way where the browser has no folder picker (Firefox, Safari, phones).
//
// The page makes a MessageChannel, hands one port to the service worker with the file's name (`download` message;
// the worker answers on a second port once the URL is ready), the other to whoever writes (the engine's worker, as
// `writableToPort`), then points a hidden iframe at the URL. The two ports speak this, which works where streams
// cannot be transferred (Safari):
//   reader → writer  { type: "pull", count }     room for `count` more chunks (the reader asks as its queue drains)
//                    { type: "cancel" }          the download was cancelled in the browser
//   writer → reader  { type: "chunk", chunk }    bytes (a Uint8Array, its buffer transferred)
//                    { type: "close" }           the end: the file is whole
//                    { type: "abort", message }  the writer failed: the download fails too
// A service worker that hears nothing for a while is stopped, and its download with it: the page keeps it awake with
// a message every few seconds until the writer is done.

const keepAwakeSeconds = 10;
// The writer gathers what it is given into chunks of this size before it sends one (the last may be smaller): a zip's
// writes are mostly a few KB to 64 KB (headers, a Blob stream's pieces), and each message to the service worker costs
// a round trip between processes in some browsers (Firefox took 55 s for a 2 GB zip sent as it was written, 46,000
// messages). With the service worker's 16 chunks ahead, at most 17 such chunks are in flight.
const chunkBytes = 256 * 1024;
// How long the service worker may take to start (its first install caches the site): past it, the page says so.
const readySeconds = 30;

// Whether this page can stream a download: a static host's page with its service worker (a secure context: HTTPS or
// this machine). `livephoto serve`'s page has none.
export const canStreamDownloads = () => "serviceWorker" in navigator && window.isSecureContext;

function withinSeconds(promise, seconds, message) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(message)), seconds * 1000); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// Starts the download of `name` (its type `type`) and resolves to `{ port, done }`: `port` goes to the writer
// (transferred), `done()` is called once the writer has closed or aborted its stream.
export async function openStreamedDownload(name, type) {
  const registration = await withinSeconds(navigator.serviceWorker.ready, readySeconds,
    "the app's service worker is not running, so the zip cannot be saved: reload the page and try again");
  const worker = registration.active;
  const id = crypto.randomUUID();
  const data = new MessageChannel(), reply = new MessageChannel();
  const registered = new Promise((resolve) => { reply.port1.onmessage = () => resolve(); });
  worker.postMessage({ type: "download", id, name, contentType: type }, [data.port2, reply.port2]);
  await withinSeconds(registered, readySeconds, "the app's service worker did not answer, so the zip cannot be saved: reload the page");
  reply.port1.close();
  const awake = setInterval(() => registration.active?.postMessage({ type: "keep-awake" }), keepAwakeSeconds * 1000);
  const frame = document.getElementById("download-frame") ?? Object.assign(document.createElement("iframe"),
    { id: "download-frame", hidden: true, title: "Downloads" });
  frame.src = new URL(`download/${id}/${encodeURIComponent(name)}`, registration.scope).href;
  if (!frame.isConnected) document.body.append(frame);
  return { port: data.port1, done: () => clearInterval(awake) };
}

// In the writer's realm (the engine's worker): a WritableStream whose chunks go through `port` to the service
// worker's reader, each write waiting until the reader has room for it. A write waits for the download to start;
// if `signal` aborts before the reader ever asked for anything (the browser never started the download), it fails
// instead of waiting for ever.
export function writableToPort(port, signal) {
  let room = 0, started = false, cancelled = null, wake = null;
  port.onmessage = ({ data }) => {
    if (data?.type === "pull") { room += data.count; started = true; }
    else if (data?.type === "cancel") cancelled = new Error("the download was cancelled in the browser");
    wake?.();
  };
  const stopped = () => (signal?.aborted && !started ? new Error("the browser did not start the download") : null);
  signal?.addEventListener("abort", () => wake?.());
  const roomForOne = () => new Promise((resolve) => {
    wake = () => { if (room > 0 || cancelled || stopped()) { wake = null; resolve(); } };
    wake();
  });
  // The chunk being gathered, and how much of it is filled.
  let gathered = null, filled = 0;
  const send = async (chunk) => {
    await roomForOne();
    const failure = cancelled ?? stopped();
    if (failure) throw failure;
    room -= 1;
    port.postMessage({ type: "chunk", chunk }, [chunk.buffer]);
  };
  const flush = async () => {
    if (filled === 0) return;
    const chunk = filled === gathered.length ? gathered : gathered.slice(0, filled);
    gathered = null;
    filled = 0;
    await send(chunk);
  };
  return new WritableStream({
    async write(chunk) {
      const failure = cancelled ?? stopped();
      if (failure) throw failure;
      let from = 0;
      while (from < chunk.length) {
        gathered ??= new Uint8Array(chunkBytes);
        const length = Math.min(chunk.length - from, chunkBytes - filled);
        gathered.set(chunk.subarray(from, from + length), filled);
        filled += length;
        from += length;
        if (filled === chunkBytes) await flush();
      }
    },
    async close() {
      await flush();
      port.postMessage({ type: "close" });
      port.close();
    },
    abort(reason) {
      port.postMessage({ type: "abort", message: String(reason?.message ?? reason ?? "stopped") });
      port.close();
    },
  });
}
