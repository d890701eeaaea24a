// The page's entry module: sets up each mode (their code is in js/, one module per concern, each keeping its own
// state), then finds out where it runs: whether `livephoto serve` answers its config request, and whether the
// engine loads in its worker. Loaded as <script type="module">: no build step, no globals.
import { loadConfig } from "./js/api.js";
import { setUpAssemble } from "./js/assemble.js";
import { cameraModeShown, configureCamera, setUpCamera } from "./js/camera.js";
import { setUpConvert } from "./js/convert.js";
import { setUpDisassemble } from "./js/disassemble.js";
import { $ } from "./js/dom.js";
import { setUpDrops } from "./js/drop.js";
import { setUpEditor } from "./js/editor.js";
import { startEngine } from "./js/engine.js";
import { loadGallery } from "./js/gallery.js";
import { settleHost } from "./js/host.js";
import { configureImport, importModeShown, setUpImport } from "./js/import.js";
import { setUpLibrary } from "./js/library.js";
import { onModeShown, setUpModes } from "./js/modes.js";
import { forgetOffline, keepOffline } from "./js/offline.js";
import { setUpVerify } from "./js/verify.js";

// Showing the gallery scans the folder again; choosing it while it is shown keeps what is there (and the focus).
onModeShown((mode, wasHidden) => { if (mode === "gallery" && wasHidden) loadGallery(); });
onModeShown(cameraModeShown);
onModeShown(importModeShown);
setUpModes();
setUpAssemble();
setUpDisassemble();
setUpConvert();
setUpVerify();
setUpLibrary();
setUpDrops();
setUpCamera();
setUpEditor();
setUpImport();

// The page says it is ready (tests wait for it) once it knows where it runs, even if it could not ask.
Promise.all([loadConfig(), startEngine()]).then(([config, engine]) => {
  settleHost(config, engine);
  if (config) {
    if (config.gallery) $("tab-gallery").hidden = false;
    configureCamera(config);
    configureImport(config);
    forgetOffline();
  } else {
    keepOffline();
  }
  document.body.dataset.ready = "yes";
});
