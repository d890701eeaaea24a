// On a static host the page keeps itself for offline use: the service worker scripts/site.sh writes beside it
// (sw.js) caches the page, its modules and the engine on the first visit. `livephoto serve` has no sw.js and needs
// none: its page drops a worker a static site left on the same origin (the same port, another day), which would
// otherwise answer for the server with that site's files.
export function keepOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("sw.js").catch(() => { /* a host without the worker: online only */ });
}

export function forgetOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.getRegistrations().then((all) => all.forEach((registration) => registration.unregister()), () => {});
}
