// The page's entry module: sets up each mode (their code is in js/, one module per concern, each keeping its own
// state) and asks the server for its configuration. Loaded as <script type="module">: no build step, no globals.
import { loadConfig } from "./js/api.js";
import { setUpAssemble } from "./js/assemble.js";
import { cameraModeShown, configureCamera, setUpCamera } from "./js/camera.js";
import { setUpDisassemble } from "./js/disassemble.js";
import { $ } from "./js/dom.js";
import { setUpDrops } from "./js/drop.js";
import { setUpEditor } from "./js/editor.js";
import { loadGallery } from "./js/gallery.js";
import { configureImport, importModeShown, setUpImport } from "./js/import.js";
import { onModeShown, setUpModes } from "./js/modes.js";

// Showing the gallery scans the folder again; choosing it while it is shown keeps what is there (and the focus).
onModeShown((mode, wasHidden) => { if (mode === "gallery" && wasHidden) loadGallery(); });
onModeShown(cameraModeShown);
onModeShown(importModeShown);
setUpModes();
setUpAssemble();
setUpDisassemble();
setUpDrops();
setUpCamera();
setUpEditor();
setUpImport();

// The page says it is ready (tests wait for it) once it knows whether there is a gallery, even if it could not ask.
loadConfig().then((config) => {
  if (config) {
    if (config.gallery) $("tab-gallery").hidden = false;
    configureCamera(config);
  }
  configureImport(config);
  document.body.dataset.ready = "yes";
});
