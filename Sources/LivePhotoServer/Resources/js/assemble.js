// Assemble: a photo (optional) and a video in their slots, thumbnails shown from the files before anything is
// uploaded, a cover-frame scrubber, and the Live Photo made on the server.
import { $, objectURL, placeholderText, showError, showImage } from "./dom.js";
import { downloads, follow, startJob } from "./jobs.js";
import { upload } from "./upload.js";
import { liveViewer, playBriefly } from "./viewer.js";

// Each slot's upload: null, "uploading", or the server's description of the file. The File chosen last tells a
// late answer for an earlier choice from the one awaited.
const state = { photo: null, video: null, photoFile: null, videoFile: null, localCover: false };
let scrubTimer = null;

function updateButton() {
  $("assemble-go").disabled = !state.video || state.photo === "uploading" || state.video === "uploading";
}

function clearPhotoSlot() {
  $("photo-thumb").hidden = true;
  $("photo-thumb").removeAttribute("src");
  objectURL("photo", null);
  $("photo-placeholder").hidden = false;
  $("photo-placeholder").textContent = "No photo (optional)";
}

// A slot shows the name of its file under the thumbnail, and its border says whether it holds one.
function nameSlot(kind, file) {
  $(`${kind}-slot`).dataset.state = file ? "chosen" : "empty";
  $(`${kind}-name`).textContent = file ? file.name : "";
  $(`${kind}-name`).title = file ? file.name : "";
  $(`${kind}-name`).hidden = !file;
}

async function photoChosen(e) {
  const file = e.target.files[0];
  showError("assemble-error", "");
  state.photoFile = file || null;
  nameSlot("photo", file);
  if (!file) { state.photo = null; clearPhotoSlot(); updateButton(); return; }
  $("photo-thumb").alt = `The photo, ${file.name}`;
  const shown = showImage($("photo-thumb"), $("photo-placeholder"), objectURL("photo", file), file.name);
  state.photo = "uploading"; updateButton();
  try {
    const uploaded = await upload(file, "assemble-upload");
    if (state.photoFile !== file) return; // another photo was chosen meanwhile
    state.photo = uploaded;
    // Where the browser could not show the photo, the server's display copy, while the job can already start.
    shown.then(async (ok) => {
      if (ok || state.photoFile !== file) return;
      const copy = await showImage($("photo-thumb"), $("photo-placeholder"), `/api/uploads/${uploaded.id}/photo`, file.name, "(preparing a preview)");
      if (!copy && state.photoFile === file) placeholderText($("photo-placeholder"), file.name, "(no preview in this browser)");
    });
  } catch (err) {
    if (state.photoFile !== file) return;
    state.photo = null; showError("assemble-error", err.message);
  }
  updateButton();
}

// The cover frame: the browser's own decoder shows the chosen time at once where it can play the video; where it
// cannot (HEVC in Chromium), the server renders the frame once the video is uploaded.
function showCover() {
  const t = Number($("cover").value);
  $("cover-label").textContent = `${t.toFixed(2)} s`;
  if (state.localCover) { $("video-thumb").currentTime = t; return; }
  clearTimeout(scrubTimer);
  if (!state.video || !state.video.id) return;
  const id = state.video.id;
  scrubTimer = setTimeout(() => {
    const frame = $("scrub-frame");
    frame.onload = () => { if (!state.localCover) { frame.hidden = false; $("video-placeholder").hidden = true; } };
    frame.onerror = () => { frame.hidden = true; $("video-placeholder").hidden = false; };
    frame.src = `/api/uploads/${id}/frame?t=${t.toFixed(3)}`;
  }, 150);
}

function showVideoThumbnail(file) {
  const video = $("video-thumb"), frame = $("scrub-frame"), placeholder = $("video-placeholder");
  state.localCover = false;
  video.hidden = true; frame.hidden = true; placeholder.hidden = false;
  frame.removeAttribute("src");
  if (!file) {
    video.removeAttribute("src"); video.load(); objectURL("video", null);
    placeholder.textContent = "No video";
    return;
  }
  placeholderText(placeholder, file.name);
  video.onloadeddata = () => {
    // A video whose picture the browser cannot decode may still load its sound: it has no width then.
    if (state.videoFile !== file || !video.videoWidth) return;
    state.localCover = true;
    video.hidden = false; frame.hidden = true; placeholder.hidden = true;
    // A recording from a browser may not know its duration (Infinity) until it has been played through.
    const middle = Number.isFinite(video.duration) ? video.duration / 2 : 0;
    video.currentTime = $("scrubber").hidden ? middle : Number($("cover").value);
  };
  video.onerror = () => { if (state.videoFile === file && frame.hidden) placeholderText(placeholder, file.name, "(no preview until it is uploaded)"); };
  video.src = objectURL("video", file);
}

async function videoChosen(e) {
  const file = e.target.files[0];
  showError("assemble-error", "");
  $("scrubber").hidden = true;
  state.videoFile = file || null;
  nameSlot("video", file);
  showVideoThumbnail(file);
  if (!file) { state.video = null; updateButton(); return; }
  state.video = "uploading"; updateButton();
  try {
    const uploaded = await upload(file, "assemble-upload");
    if (state.videoFile !== file) return; // another video was chosen meanwhile
    state.video = uploaded;
    const duration = uploaded.durationSeconds;
    if (duration) {
      $("cover").max = String(duration);
      $("cover").value = String(uploaded.coverTimeSeconds ?? duration / 2);
      $("scrubber").hidden = false;
    }
    showCover();
  } catch (err) {
    if (state.videoFile !== file) return;
    state.video = null; showError("assemble-error", err.message);
  }
  updateButton();
}

async function make() {
  showError("assemble-error", "");
  $("assemble-result").hidden = true;
  $("assemble-go").disabled = true;
  try {
    const body = { video: state.video.id };
    if (state.photo && state.photo.id) body.photo = state.photo.id;
    if (!$("scrubber").hidden) body.cover = Number($("cover").value);
    const id = await startJob("assemble", body);
    const status = await follow(id, "assemble-progress");
    const result = status.result;
    const slot = $("assemble-result").querySelector(".viewer-slot");
    const made = liveViewer(`/api/jobs/${id}/preview/photo`, `/api/jobs/${id}/preview/video`, "The result");
    slot.replaceChildren(made);
    playBriefly(made);
    $("assemble-result").querySelector(".summary").textContent = result.summary;
    downloads($("assemble-result").querySelector(".downloads"), id, result.files);
    $("assemble-result").hidden = false;
    $("assemble-result").dataset.job = id;
  } catch (err) { showError("assemble-error", err.message); }
  updateButton();
}

export function setUpAssemble() {
  $("assemble-photo").addEventListener("change", photoChosen);
  $("cover").addEventListener("input", showCover);
  $("assemble-video").addEventListener("change", videoChosen);
  $("assemble-go").addEventListener("click", make);
}
