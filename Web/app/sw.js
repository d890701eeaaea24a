// The static web app's service worker (scripts/site.sh writes it beside the page, with the list of the site's files
// and a version made from their bytes): it keeps the page, its modules, its style, its icons and the engine in a
// cache on the first visit, and answers from that cache afterwards, so the app opens and works offline. A new site
// (another version) is cached whole beside the old one and waits: it takes over once no page of the old one is open
// (a page never mixes the two versions' files, for the engine a page loads late is its own), and the old cache is
// then removed.
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
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
