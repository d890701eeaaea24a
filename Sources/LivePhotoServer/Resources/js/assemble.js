// Assemble: a photo (optional) and a video in their slots, thumbnails shown from the files at once, and a
// cover-frame scrubber; assemble-make.js makes the Live Photo. With the engine, nothing is uploaded to choose: the
// engine reads the movie's length and cover, the browser draws the frames. Without it (or for a preview the browser
// cannot draw, on `livephoto serve`) the files are uploaded as they are chosen and the server answers those.
import { $, objectURL, placeholderText, showError, showImage } from "./dom.js";
import { runEngine } from "./engine.js";
import { host } from "./host.js";
import { makeLivePhoto } from "./assemble-make.js";
import { upload } from "./upload.js";

// What each slot holds: the File chosen last (which tells a late answer for an earlier choice from the one awaited),
// and its upload: null, "uploading", or the server's description of the file. `inspecting` while the engine reads
// the movie; `localCover` when the browser draws the cover frames itself.
const state = { photo: null, video: null, photoFile: null, videoFile: null, localCover: false, inspecting: false };
const uploads = { photo: null, video: null };
let scrubTimer = null;

// The upload of `file` in slot `kind`, made once however many ask (a preview, then the server's job).
function uploadOf(kind, file) {
  if (uploads[kind]?.file !== file) uploads[kind] = { file, promise: upload(file, "assemble-upload") };
  return uploads[kind].promise;
}

function updateButton() {
  $("assemble-go").disabled = host.engine
    ? !state.videoFile || state.inspecting
    : !state.video || state.photo === "uploading" || state.video === "uploading";
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

// Where the browser could not show the photo: the server's display copy (a photo is small to send), else its name.
async function showDisplayCopy(file, uploaded) {
  if (state.photoFile !== file) return;
  const copy = uploaded && await showImage($("photo-thumb"), $("photo-placeholder"), `/api/uploads/${uploaded.id}/photo`, file.name, "(preparing a preview)");
  if (!copy && state.photoFile === file) placeholderText($("photo-placeholder"), file.name, "(no preview in this browser)");
}

async function photoChosen(e) {
  const file = e.target.files[0];
  showError("assemble-error", "");
  state.photoFile = file || null;
  nameSlot("photo", file);
  if (!file) { state.photo = null; clearPhotoSlot(); updateButton(); return; }
  $("photo-thumb").alt = `The photo, ${file.name}`;
  const shown = showImage($("photo-thumb"), $("photo-placeholder"), objectURL("photo", file), file.name);
  if (host.engine) {
    state.photo = null;
    updateButton();
    if (await shown || state.photoFile !== file) return;
    let uploaded = null;
    try {
      if (host.server) uploaded = state.photo = await uploadOf("photo", file);
    } catch (err) { /* no preview; the photo is still used */ }
    showDisplayCopy(file, uploaded);
    return;
  }
  state.photo = "uploading"; updateButton();
  try {
    const uploaded = await uploadOf("photo", file);
    if (state.photoFile !== file) return; // another photo was chosen meanwhile
    state.photo = uploaded;
    // The job can already start while the display copy is made.
    shown.then((ok) => { if (!ok) showDisplayCopy(file, uploaded); });
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

// Shows `file`'s cover in the video slot; resolves to whether the browser decodes its picture.
function showVideoThumbnail(file) {
  const video = $("video-thumb"), frame = $("scrub-frame"), placeholder = $("video-placeholder");
  state.localCover = false;
  video.hidden = true; frame.hidden = true; placeholder.hidden = false;
  frame.removeAttribute("src");
  if (!file) {
    video.removeAttribute("src"); video.load(); objectURL("video", null);
    placeholder.textContent = "No video";
    return Promise.resolve(false);
  }
  placeholderText(placeholder, file.name);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 15000);
    video.onloadeddata = () => {
      // A video whose picture the browser cannot decode may still load its sound: it has no width then.
      if (state.videoFile !== file) return;
      clearTimeout(timer);
      resolve(Boolean(video.videoWidth));
      if (!video.videoWidth) return;
      state.localCover = true;
      video.hidden = false; frame.hidden = true; placeholder.hidden = true;
      // A recording from a browser may not know its duration (Infinity) until it has been played through.
      const middle = Number.isFinite(video.duration) ? video.duration / 2 : 0;
      video.currentTime = $("scrubber").hidden ? middle : Number($("cover").value);
    };
    video.onerror = () => {
      if (state.videoFile !== file) return;
      clearTimeout(timer);
      resolve(false);
      if (frame.hidden) placeholderText(placeholder, file.name, host.server ? "(no preview until it is uploaded)" : "(no preview in this browser)");
    };
    video.src = objectURL("video", file);
  });
}

function showScrubber(duration, cover) {
  if (!duration || !Number.isFinite(duration)) return;
  $("cover").max = String(duration);
  $("cover").value = String(cover ?? duration / 2);
  $("scrubber").hidden = false;
}

// With the engine: the movie's length and cover from its header, read here; the frames from the browser's decoder,
// or, where it has none for this movie, from the server (which the movie is sent to for that alone).
async function videoForEngine(file, decodes) {
  state.inspecting = true; updateButton();
  let movie = null;
  try { movie = (await runEngine("inspect", [file])).report.files[0].movie ?? null; } catch (err) { /* not a movie the engine reads */ }
  const decoded = movie ? null : await decodes;
  if (state.videoFile !== file) return;
  state.inspecting = false;
  showScrubber(movie ? movie.durationSeconds : decoded && $("video-thumb").duration, movie?.coverTimeSeconds);
  showCover();
  updateButton();
  if ((await decodes) || !host.server || state.videoFile !== file) return;
  try {
    const uploaded = await uploadOf("video", file);
    if (state.videoFile === file) { state.video = uploaded; showCover(); }
  } catch (err) { /* no frames: the cover is still chosen by time */ }
}

async function videoChosen(e) {
  const file = e.target.files[0];
  showError("assemble-error", "");
  $("scrubber").hidden = true;
  state.videoFile = file || null;
  state.video = null;
  nameSlot("video", file);
  const decodes = showVideoThumbnail(file);
  if (!file) { updateButton(); return; }
  if (host.engine) { videoForEngine(file, decodes); return; }
  state.video = "uploading"; updateButton();
  try {
    const uploaded = await uploadOf("video", file);
    if (state.videoFile !== file) return; // another video was chosen meanwhile
    state.video = uploaded;
    showScrubber(uploaded.durationSeconds, uploaded.coverTimeSeconds);
    showCover();
  } catch (err) {
    if (state.videoFile !== file) return;
    state.video = null; showError("assemble-error", err.message);
  }
  updateButton();
}

async function make() {
  $("assemble-go").disabled = true;
  await makeLivePhoto({
    photo: state.photoFile, video: state.videoFile, cover: $("scrubber").hidden ? null : Number($("cover").value),
    refuseForeignMakerNote: $("assemble-refuse-maker-note").checked,
    upload: (kind) => uploadOf(kind, kind === "photo" ? state.photoFile : state.videoFile),
    photoUpload: uploads.photo && uploads.photo.file === state.photoFile ? uploads.photo.promise : null,
  });
  updateButton();
}

export function setUpAssemble() {
  $("assemble-photo").addEventListener("change", photoChosen);
  $("cover").addEventListener("input", showCover);
  $("assemble-video").addEventListener("change", videoChosen);
  $("assemble-go").addEventListener("click", make);
}
