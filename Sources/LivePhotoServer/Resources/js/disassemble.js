// Disassemble: a Motion Photo, a Live Photo's two files or a .pvt.zip, taken apart: in this browser by the engine
// (nothing uploaded; the parts are Blobs), or by the server's job for what the engine does not read (a .pvt.zip) and
// where there is no engine. A Live Photo so taken apart can be opened in the Edit view.
import { showChosen } from "./chosen.js";
import { $, setProgress, showError, showImage } from "./dom.js";
import { openEditor } from "./editor.js";
import { needsTool, runEngine } from "./engine.js";
import { host } from "./host.js";
import { downloads, follow, startJob } from "./jobs.js";
import { blobDownloads, heldURL, releaseURLs } from "./outputs.js";
import { upload } from "./upload.js";

// The files chosen last, and their uploads once made (with the engine, only the photos the browser cannot show,
// whose display copies stand in for the parts' photo: `copies` resolves when they are made).
let chosen = [];
let uploads = null;
let copies = Promise.resolve([]);

const kinds = {
  "live-photo": "a Live Photo", pvt: "a .pvt bundle", "pvt-zip": "a .pvt.zip", "motion-photo": "a Motion Photo",
  "micro-video": "a MicroVideo Motion Photo", "samsung-motion-photo": "a Samsung Motion Photo", "vivo-pair": "a vivo pair",
};
const isBundle = (file) => /\.(zip|pvt)$/i.test(file.name);

// A photo the browser could not show (a Samsung HEIC), shown from the server's display copy.
function showDisplayCopies(thumbnails, done) {
  thumbnails.forEach(async (thumbnail, index) => {
    if (thumbnail && done[index] && !(await thumbnail.shown)) {
      showImage(thumbnail.img, thumbnail.placeholder, `/api/uploads/${done[index].id}/photo`, thumbnail.type);
    }
  });
}

// The uploads of every file chosen (the server's job), each made once.
async function uploadAll(files) {
  const done = [];
  for (const [index, file] of files.entries()) done.push(uploads?.[index] ?? await upload(file, "disassemble-upload"));
  if (chosen === files) uploads = done;
  return done;
}

async function filesChosen(e) {
  const files = [...e.target.files];
  chosen = files;
  showError("disassemble-error", "");
  uploads = null;
  copies = Promise.resolve([]);
  $("disassemble-go").disabled = true;
  const thumbnails = showChosen("disassemble", files);
  if (files.length === 0) return;
  if (files.length > 2) { showError("disassemble-error", "Choose one Motion Photo or .pvt.zip, or a Live Photo's two files."); return; }
  if (host.engine && !(host.server && files.some(isBundle))) {
    $("disassemble-go").disabled = false;
    if (!host.server) return;
    // Only for the thumbnails: a photo is small to send, and the server shows what the browser cannot.
    copies = Promise.all(files.map(async (file, index) =>
      thumbnails[index] && !(await thumbnails[index].shown) ? upload(file, "disassemble-upload").catch(() => null) : null));
    const done = await copies;
    if (chosen !== files) return;
    uploads = done;
    showDisplayCopies(thumbnails, done);
    return;
  }
  try {
    const done = await uploadAll(files);
    if (chosen !== files) return; // another choice was made meanwhile
    $("disassemble-go").disabled = false;
    showDisplayCopies(thumbnails, done);
  } catch (err) { showError("disassemble-error", err.message); }
}

function summaryOf(item) {
  let summary = `This was ${kinds[item.kind] ?? item.kind}.`;
  if (item.coverTimeSeconds !== undefined) summary += ` The still sits at ${item.coverTimeSeconds.toFixed(3)} s.`;
  if (item.removed && item.removed.length) summary += ` Removed: ${item.removed.join(", ")}.`;
  return summary;
}

function showCaptions() {
  $("disassemble-photo").hidden = false;
  $("disassemble-photo-caption").textContent = "Photo";
  $("disassemble-video-caption").textContent = "Video";
}

// The parts made here: the photo (or, where the browser cannot show it, the server's display copy of the input's
// picture) and the video, from the Blobs.
function showPartsHere(files, report, outputs) {
  releaseURLs("disassemble");
  const [photo, video] = outputs;
  const img = $("disassemble-photo"), player = $("disassemble-video"), pending = copies;
  img.onerror = async () => {
    const copy = (await pending).find(Boolean);
    if (copy && !img.src.includes("/api/uploads/")) { img.src = `/api/uploads/${copy.id}/photo`; return; }
    img.hidden = true;
    $("disassemble-photo-caption").textContent = `Photo: ${photo.name} (no preview in this browser)`;
  };
  player.onerror = () => { $("disassemble-video-caption").textContent = `Video: ${video.name} (no preview in this browser)`; };
  showCaptions();
  img.src = heldURL("disassemble", photo.blob);
  player.src = heldURL("disassemble", video.blob);
  $("disassemble-result").querySelector(".summary").textContent = `${summaryOf(report[0])} Taken apart in this browser.`;
  blobDownloads($("disassemble-result").querySelector(".downloads"), "disassemble", outputs);
  const live = ["live-photo", "pvt"].includes(report[0].kind);
  $("disassemble-edit").hidden = !live;
  $("disassemble-edit").onclick = () => openEditor({ blobs: files }, heldURL("disassemble", video.blob), "the Live Photo");
  delete $("disassemble-result").dataset.job;
}

async function takeApartOnServer(files) {
  const done = await uploadAll(files);
  const id = await startJob("disassemble", { files: done.map((u) => u.id) });
  const status = await follow(id, "disassemble-progress");
  $("disassemble-photo").onerror = null;
  $("disassemble-video").onerror = null;
  showCaptions();
  $("disassemble-photo").src = `/api/jobs/${id}/preview/photo`;
  $("disassemble-video").src = `/api/jobs/${id}/preview/video`;
  $("disassemble-result").querySelector(".summary").textContent = status.result.summary;
  downloads($("disassemble-result").querySelector(".downloads"), id, status.result.files);
  $("disassemble-result").dataset.job = id;
  // A Live Photo taken apart can be edited from the same uploads (a Motion Photo must become one first).
  const live = /^This was a (Live Photo|\.pvt)/.test(status.result.summary);
  const ids = done.map((u) => u.id);
  $("disassemble-edit").hidden = !live;
  $("disassemble-edit").onclick = () => openEditor({ files: ids }, `/api/jobs/${id}/preview/video`, "the Live Photo");
}

async function takeApart() {
  const files = chosen;
  showError("disassemble-error", "");
  $("disassemble-result").hidden = true;
  $("disassemble-go").disabled = true;
  try {
    let here = host.engine && !(host.server && files.some(isBundle));
    if (here) {
      setProgress("disassemble-progress", 0.1, "Taking apart in this browser…");
      try {
        const { report, files: outputs } = await runEngine("split", files);
        showPartsHere(files, report, outputs);
        setProgress("disassemble-progress", 1, "Done");
      } catch (err) {
        if (!(host.server && needsTool(err))) throw err;
        here = false;
      }
    }
    if (!here) await takeApartOnServer(files);
    $("disassemble-result").hidden = false;
  } catch (err) {
    $("disassemble-progress").hidden = true;
    showError("disassemble-error", err.message);
  }
  $("disassemble-go").disabled = chosen.length === 0;
}

export function setUpDisassemble() {
  $("disassemble-files").addEventListener("change", filesChosen);
  $("disassemble-go").addEventListener("click", takeApart);
}
