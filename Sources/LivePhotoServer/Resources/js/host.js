// Where the page runs, found out at start rather than built in: `server` when `livephoto serve` answered the config
// request (a static host, or no network, has no /api/config), `engine` when the WebAssembly engine loaded in its
// worker. The modes read it to choose: the engine for what it can do, the server for what needs ffmpeg, the gallery,
// import, repair and capture; the static host hides the modes that need the server.
import { $ } from "./dom.js";

export const host = { server: false, engine: false };

// The modes that need the server (the gallery's tab shows when the server has a folder), and those that need the
// engine (the server has no job for them). Their tabs are hidden until it is known which are there.
const serverModes = ["camera", "import"];
const engineModes = ["convert", "verify", "library"];

// Records what was found, and shows it: the tabs, the line under them, and the body's data attributes (the tests and
// the style read them).
export function settleHost(config, engine) {
  host.server = Boolean(config);
  host.engine = engine;
  document.body.dataset.host = host.server ? "server" : "static";
  document.body.dataset.engine = engine ? "yes" : "no";
  for (const mode of serverModes) $(`tab-${mode}`).hidden = !host.server;
  for (const mode of engineModes) $(`tab-${mode}`).hidden = !engine;
  const note = $("host-note");
  if (engine && host.server) {
    note.textContent = "Made in this browser: files go to the server only for what needs ffmpeg.";
  } else if (engine) {
    note.textContent = "Everything runs in this browser: nothing is uploaded, and it works offline.";
  } else if (host.server) {
    note.textContent = "Files are sent to the livephoto server that serves this page.";
  } else {
    note.textContent = "The engine could not be loaded in this browser (it needs WebAssembly and module workers): "
      + "use livephoto serve or the livephoto command.";
  }
  note.hidden = false;
}
