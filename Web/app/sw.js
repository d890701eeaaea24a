// The static web app's service worker (scripts/site.sh writes it beside the page, with the list of the site's files
// and a version made from their bytes): it keeps the page, its modules, its style, its icons and the engine in a
// cache on the first visit, and answers from that cache afterwards, so the app opens and works offline. A new site
// (another version) is cached whole beside the old one and waits: it takes over once no page of the old one is open
// (a page never mixes the two versions' files, for the engine a page loads late is its own), and the old cache is
// then removed.
// It also streams downloads the page writes as it goes (a library's zip, js/download-stream.js): the page hands it
// a MessagePort and a name, and it answers download/ID/NAME with what arrives through the port, as an attachment.
// Requests for anything else (the page's probe for a server, /api/config) go to the network as they would.

const version = "VERSION";
const files = ["FILES"];
const cacheName = `livephoto-${version}`;
const scope = new URL("./", self.registration.scope);
const shell = files.map((file) => new URL(file, scope).href);

self.addEventListener("install", (event) => {
  // Fetched past the browser's HTTP cache, so that a new version never caches an older file.
  const requests = shell.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith("livephoto-") && name !== cacheName) await caches.delete(name);
    await self.clients.claim();
  })());
});

// The downloads a page has opened and the browser has not asked for yet, by id: each is answered once.
const downloads = new Map();
const downloadFolder = new URL("download/", scope).href;
// Chunks a download's reader asks for ahead of the one it waits for: enough to keep the bytes moving between two
// round trips, few enough that a slow disk holds the writer back.
const chunksAhead = 16;

self.addEventListener("message", (event) => {
  // { type: "keep-awake" } needs nothing: a message is an event, and the worker stays up while events come.
  if (event.data?.type !== "download" || event.ports.length !== 2) return;
  const { id, name, contentType } = event.data;
  downloads.set(id, { name, contentType, port: event.ports[0] });
  event.ports[1].postMessage({ type: "ready" });
});

// What arrives through `port` (the protocol of js/download-stream.js) as a stream: it asks the writer for room as its
// queue drains, so that the bytes held here stay a few chunks.
function portReadable(port) {
  let arrived = null, ended = false;
  return new ReadableStream({
    start(controller) {
      port.onmessage = ({ data }) => {
        if (ended) return;
        if (data?.type === "chunk") controller.enqueue(data.chunk);
        else if (data?.type === "close") { ended = true; controller.close(); port.close(); }
        else if (data?.type === "abort") { ended = true; controller.error(new Error(data.message)); port.close(); }
        arrived?.();
        arrived = null;
      };
      port.postMessage({ type: "pull", count: chunksAhead });
    },
    pull() {
      if (ended) return undefined;
      port.postMessage({ type: "pull", count: 1 });
      return new Promise((resolve) => { arrived = resolve; });
    },
    cancel() {
      ended = true;
      port.postMessage({ type: "cancel" });
      port.close();
    },
  });
}

function downloadResponse(url) {
  const id = url.pathname.slice(new URL(downloadFolder).pathname.length).split("/")[0];
  const download = downloads.get(id);
  downloads.delete(id);
  if (!download) return new Response("This download is over; start it again from the page.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(portReadable(download.port), {
    headers: {
      "Content-Type": download.contentType,
      "Content-Disposition": `attachment; filename="${download.name.replace(/["\\\r\n]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.href.startsWith(downloadFolder)) {
    event.respondWith(downloadResponse(url));
    return;
  }
  const bare = url.origin + url.pathname;
  // The page, opened at the app's folder or at its index.html (with a query or not), is the cached folder's page.
  const page = request.mode === "navigate" && (bare === scope.href || bare === `${scope.href}index.html`);
  const key = page ? scope.href : bare;
  if (!shell.includes(key)) return;
  event.respondWith((async () => {
    const cached = await (await caches.open(cacheName)).match(key);
    return cached ?? fetch(request);
  })());
});
