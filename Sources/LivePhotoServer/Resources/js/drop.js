// Files dropped anywhere on the page go where they belong: a photo and a video to Assemble's slots, a .pvt.zip or a
// Motion Photo to Disassemble (as does anything dropped on Disassemble's own drop zone, such as a Live Photo's two
// files); with Convert or Verify shown, to that mode. The choice is made by handing the files to the mode's file input, so a drop and a choice in the file
// dialog are one path. With Library shown, a folder or files dropped are the library (library.js reads the drop).
import { $, chooseFiles, showError } from "./dom.js";
import { runEngine } from "./engine.js";
import { host } from "./host.js";
import { dropOnLibrary } from "./library.js";
import { shownMode, showMode } from "./modes.js";
import { remember, upload } from "./upload.js";

const photoExtensions = ["jpg", "jpeg", "heic", "heif", "png", "webp", "avif", "tif", "tiff", "dng"];
const videoExtensions = ["mov", "mp4", "m4v", "webm", "mkv", "gif", "avi", "3gp"];

// What a file looks like from its name and the type the browser gives it: enough to pick a slot, not to know what
// the bytes hold (the engine, or the server, says that).
export function dropKind(file) {
  const name = file.name.toLowerCase(), extension = name.includes(".") ? name.split(".").pop() : "";
  if (extension === "zip" || extension === "pvt") return "bundle";
  if (videoExtensions.includes(extension) || file.type.startsWith("video/")) return "video";
  if (photoExtensions.includes(extension) || file.type.startsWith("image/")) return "photo";
  return "other";
}

// Whether a photo holds its video (a Motion Photo): the engine reads it here, from the file's ends. Without the
// engine it is the server's to say: the photo is uploaded in the mode shown (Assemble's when neither Assemble nor
// Disassemble is), and handed to its mode with that upload, which is not made again. True for a Motion Photo.
async function isMotionPhoto(file) {
  if (host.engine) {
    try {
      return (await runEngine("inspect", [file])).report.files[0].role === "motion-photo";
    } catch (err) {
      return false; // not a photo the engine reads: Assemble's slot, whose make says why
    }
  }
  const mode = ["assemble", "disassemble"].includes(shownMode()) ? shownMode() : "assemble";
  showMode(mode);
  const uploaded = await upload(file, `${mode}-upload`);
  remember(file, uploaded);
  const motion = uploaded.role === "motion-photo";
  // The bar of the mode the photo does not go to would name a file that is not there.
  if ((motion ? "disassemble" : "assemble") !== mode) $(`${mode}-upload`).hidden = true;
  return motion;
}

// Convert and Verify take what is dropped while they are shown.
const ownInputs = { convert: "convert-files", verify: "verify-files" };

async function routeDrop(files, target) {
  if (!files.length) return;
  if (ownInputs[shownMode()]) {
    chooseFiles($(ownInputs[shownMode()]), files);
    return;
  }
  if (target && target.closest && target.closest("#disassemble-drop") && shownMode() === "disassemble") {
    chooseFiles($("disassemble-files"), files);
    return;
  }
  const kinds = files.map(dropKind);
  const photos = files.filter((_, i) => kinds[i] === "photo"), videos = files.filter((_, i) => kinds[i] === "video");
  if (files.length === 1 && (kinds[0] === "bundle" || (kinds[0] === "photo" && (await isMotionPhoto(files[0]))))) {
    showMode("disassemble");
    chooseFiles($("disassemble-files"), files);
    return;
  }
  if (files.length <= 2 && photos.length <= 1 && videos.length <= 1 && photos.length + videos.length === files.length) {
    showMode("assemble");
    if (photos.length) chooseFiles($("assemble-photo"), photos);
    if (videos.length) chooseFiles($("assemble-video"), videos);
    return;
  }
  const mode = ["assemble", "disassemble"].includes(shownMode()) ? shownMode() : "assemble";
  showMode(mode);
  const names = files.map((f) => f.name).join(", ");
  showError(`${mode}-error`, `${names}: drop a photo and a video to make a Live Photo, or one .pvt.zip or Motion Photo to take apart.`);
}

// The overlay shows while files are dragged over the window; dragenter and dragleave come in pairs for every
// element crossed, so a count says when the drag has left the window.
let dragDepth = 0;
const carriesFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes("Files");
// The overlay says what a drop does in the mode shown.
function setDragging(on) {
  document.body.dataset.dragging = on ? "yes" : "no";
  const library = shownMode() === "library";
  $("drop-overlay-modes").hidden = library;
  $("drop-overlay-library").hidden = !library;
}

export function setUpDrops() {
  document.addEventListener("dragenter", (e) => { if (carriesFiles(e)) { dragDepth++; setDragging(true); } });
  document.addEventListener("dragleave", (e) => { if (carriesFiles(e) && --dragDepth <= 0) { dragDepth = 0; setDragging(false); } });
  document.addEventListener("dragover", (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault(); // without this the browser opens the file instead
    e.dataTransfer.dropEffect = "copy";
  });
  document.addEventListener("drop", (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    dragDepth = 0; setDragging(false);
    if (shownMode() === "library") { dropOnLibrary(e.dataTransfer); return; }
    routeDrop([...e.dataTransfer.files], e.target).catch((err) => showError(`${shownMode()}-error`, err.message));
  });
}
