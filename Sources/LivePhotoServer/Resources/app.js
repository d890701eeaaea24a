"use strict";
const $ = (id) => document.getElementById(id);

// Errors arrive as {"error": "..."}; anything else is said plainly.
async function errorText(response) {
  try { const body = await response.json(); if (body && body.error) return body.error; } catch (e) {}
  return `The server answered ${response.status} ${response.statusText}.`;
}

// Screen readers hear progress and errors through one polite live region that is always in the page: a region that
// appears together with its text (as the visible error paragraphs do) is not reliably read out. The same text twice
// in a row is said again, since the region is emptied first.
function announce(text) {
  const region = $("announcer");
  if (!text) return;
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 30);
}

function showError(id, text) {
  const el = $(id);
  el.textContent = text;
  el.hidden = !text;
  announce(text);
}

// A progress bar says its value to assistive technology (aria-valuenow, in percent) and announces its label when
// that changes: a phase, not every percent.
function setProgress(id, fraction, label) {
  const el = $(id);
  const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  el.hidden = false;
  el.querySelector(".bar").style.width = `${percent}%`;
  el.querySelector(".label").textContent = label;
  el.dataset.fraction = String(fraction);
  el.setAttribute("aria-valuenow", String(percent));
  el.setAttribute("aria-valuetext", `${label} ${percent}%`);
  if (el.dataset.said !== label) { el.dataset.said = label; announce(label); }
}

// Uploads stream the file as the request body, with upload progress.
function upload(file, progressID) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `/api/uploads?name=${encodeURIComponent(file.name)}`);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) setProgress(progressID, e.loaded / e.total, `Uploading ${file.name}…`); };
    xhr.onload = () => {
      let body = null; try { body = JSON.parse(xhr.responseText); } catch (e) {}
      if (xhr.status === 201 && body) { setProgress(progressID, 1, `Uploaded ${file.name}`); resolve(body); }
      else reject(new Error((body && body.error) || `The upload of ${file.name} failed (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error(`The upload of ${file.name} failed: the server could not be reached.`));
    xhr.send(file);
  });
}

// Follows a job's server-sent progress to its end.
function follow(jobID, progressID) {
  return new Promise((resolve, reject) => {
    const source = new EventSource(`/api/jobs/${jobID}/events`);
    source.onmessage = (event) => {
      const status = JSON.parse(event.data);
      const label = status.state === "queued" ? `Waiting (${(status.position ?? 0) + 1} in line)…` : `${status.phase}…`;
      setProgress(progressID, status.fraction, status.state === "done" ? "Done" : label);
      if (status.state === "done") { source.close(); resolve(status); }
      if (status.state === "failed") { source.close(); reject(new Error(status.error || "The job failed.")); }
    };
    source.onerror = () => { source.close(); reject(new Error("Lost contact with the server.")); };
  });
}

async function startJob(kind, body) {
  const response = await fetch(`/api/jobs/${kind}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(await errorText(response));
  return (await response.json()).id;
}

// A Live Photo as Photos shows it: the still at rest with a LIVE badge; press and hold plays the movie with sound,
// which settles back on the still when let go or at its end. A mouse also plays it by hovering. It takes the
// keyboard's focus, and holding Space or Enter plays it. A touch that turns into a vertical swipe scrolls the page:
// the browser then cancels the pointer, which settles the viewer.
function liveViewer(photoURL, videoURL, name, kind = "Live Photo") {
  const box = document.createElement("div");
  box.className = "live-viewer";
  box.dataset.state = "still";
  box.tabIndex = 0;
  box.setAttribute("role", "button");
  box.setAttribute("aria-label", `${name ? `${name}: ` : ""}${kind}, press and hold to play`);
  const img = document.createElement("img");
  img.src = photoURL; img.alt = ""; img.draggable = false; img.decoding = "async";
  const video = document.createElement("video");
  video.playsInline = true; video.preload = "none"; video.dataset.src = videoURL;
  const badge = document.createElement("span");
  badge.className = "badge"; badge.textContent = "LIVE"; badge.setAttribute("aria-hidden", "true");
  box.append(img, video, badge);
  const play = () => {
    if (box.dataset.state === "playing") return;
    if (!video.src) video.src = video.dataset.src;
    box.dataset.state = "playing";
    video.currentTime = 0; video.muted = false;
    video.play().catch(() => { video.muted = true; video.play().catch(() => settle()); });
  };
  const settle = () => { video.pause(); box.dataset.state = "still"; };
  const isHoldKey = (e) => e.key === " " || e.key === "Enter";
  box.addEventListener("pointerdown", (e) => {
    if (e.button > 0) return;
    e.preventDefault();
    // Held on the viewer even when the finger or the mouse drifts off it.
    try { box.setPointerCapture(e.pointerId); } catch (err) {}
    play();
  });
  box.addEventListener("pointerup", settle);
  box.addEventListener("pointercancel", settle);
  box.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") play(); });
  box.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") settle(); });
  // A long press would open the image's menu on a phone.
  box.addEventListener("contextmenu", (e) => e.preventDefault());
  box.addEventListener("keydown", (e) => {
    if (!isHoldKey(e)) return;
    e.preventDefault(); // Space would scroll the page.
    play();
  });
  box.addEventListener("keyup", (e) => { if (isHoldKey(e)) settle(); });
  box.addEventListener("blur", settle);
  video.addEventListener("ended", settle);
  video.addEventListener("playing", () => { box.dataset.played = "yes"; });
  return box;
}

function downloads(container, jobID, files) {
  container.replaceChildren(...files.map((file, index) => {
    const a = document.createElement("a");
    a.href = `/api/jobs/${jobID}/files/${index}`;
    a.download = file.name;
    a.dataset.role = file.role;
    const what = { photo: "Photo", video: "Video", bundle: "Both (.pvt.zip)" }[file.role] || file.role;
    a.textContent = `${what}: ${file.name} (${(file.size / 1e6).toFixed(1)} MB)`;
    return a;
  }));
}

// Modes, as ARIA tabs: the chosen tab is the one in the Tab order, and the arrow keys (Home, End) move between them.
const tabs = () => [...document.querySelectorAll(".segmented [role=tab]")].filter((tab) => !tab.hidden);
function showMode(mode) {
  // Showing the gallery scans the folder again; choosing it while it is shown keeps what is there (and the focus).
  if (mode === "gallery" && $("gallery").hidden) loadGallery();
  for (const tab of document.querySelectorAll(".segmented [role=tab]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.mode === mode));
    tab.tabIndex = tab.dataset.mode === mode ? 0 : -1;
  }
  for (const section of document.querySelectorAll(".mode")) section.hidden = section.id !== mode;
  if (mode === "camera" && !camera.timer) openCamera();
  if (mode !== "camera") closeCamera();
}
const shownMode = () => document.querySelector(".mode:not([hidden])").id;
for (const tab of document.querySelectorAll(".segmented [role=tab]")) {
  tab.addEventListener("click", () => showMode(tab.dataset.mode));
  tab.addEventListener("keydown", (e) => {
    const all = tabs(), at = all.indexOf(tab);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = all[(next + all.length) % all.length];
    showMode(target.dataset.mode);
    target.focus();
  });
}

// Thumbnails of what was chosen, shown from the file itself before anything is uploaded. A photo the browser cannot
// show (HEIC outside Safari) keeps a placeholder that names the file, never a broken image; once it is uploaded,
// the server's display copy takes the placeholder's place where the server can make one.
const objectURLs = new Map();
function objectURL(owner, file) {
  if (objectURLs.has(owner)) URL.revokeObjectURL(objectURLs.get(owner));
  if (!file) { objectURLs.delete(owner); return ""; }
  const url = URL.createObjectURL(file);
  objectURLs.set(owner, url);
  return url;
}

function placeholderText(el, name, note) {
  const strong = document.createElement("strong");
  strong.textContent = name;
  el.replaceChildren(strong, ...(note ? [document.createElement("br"), note] : []));
}

// Shows `source` in `img` once it has decoded; until then, and if it cannot be, `placeholder` names the file.
// Returns a promise of whether it could be shown.
function showImage(img, placeholder, source, name, note) {
  img.hidden = true;
  placeholder.hidden = false;
  placeholderText(placeholder, name, note);
  return new Promise((resolve) => {
    img.onload = () => { img.hidden = false; placeholder.hidden = true; resolve(true); };
    img.onerror = () => { img.hidden = true; placeholder.hidden = false; resolve(false); };
    img.src = source;
  });
}

// Assemble.
const assemble = { photo: null, video: null, photoFile: null, videoFile: null, localCover: false };
function updateAssembleButton() {
  $("assemble-go").disabled = !assemble.video || assemble.photo === "uploading" || assemble.video === "uploading";
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

$("assemble-photo").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  showError("assemble-error", "");
  assemble.photoFile = file || null;
  nameSlot("photo", file);
  if (!file) { assemble.photo = null; clearPhotoSlot(); updateAssembleButton(); return; }
  $("photo-thumb").alt = `The photo, ${file.name}`;
  const shown = showImage($("photo-thumb"), $("photo-placeholder"), objectURL("photo", file), file.name);
  assemble.photo = "uploading"; updateAssembleButton();
  try {
    const uploaded = await upload(file, "assemble-upload");
    if (assemble.photoFile !== file) return; // another photo was chosen meanwhile
    assemble.photo = uploaded;
    // Where the browser could not show the photo, the server's display copy, while the job can already start.
    shown.then(async (ok) => {
      if (ok || assemble.photoFile !== file) return;
      const copy = await showImage($("photo-thumb"), $("photo-placeholder"), `/api/uploads/${uploaded.id}/photo`, file.name, "(preparing a preview)");
      if (!copy && assemble.photoFile === file) placeholderText($("photo-placeholder"), file.name, "(no preview in this browser)");
    });
  } catch (err) {
    if (assemble.photoFile !== file) return;
    assemble.photo = null; showError("assemble-error", err.message);
  }
  updateAssembleButton();
});

// The cover frame: the browser's own decoder shows the chosen time at once where it can play the video; where it
// cannot (HEVC in Chromium), the server renders the frame once the video is uploaded.
let scrubTimer = null;
function showCover() {
  const t = Number($("cover").value);
  $("cover-label").textContent = `${t.toFixed(2)} s`;
  if (assemble.localCover) { $("video-thumb").currentTime = t; return; }
  clearTimeout(scrubTimer);
  if (!assemble.video || !assemble.video.id) return;
  const id = assemble.video.id;
  scrubTimer = setTimeout(() => {
    const frame = $("scrub-frame");
    frame.onload = () => { if (!assemble.localCover) { frame.hidden = false; $("video-placeholder").hidden = true; } };
    frame.onerror = () => { frame.hidden = true; $("video-placeholder").hidden = false; };
    frame.src = `/api/uploads/${id}/frame?t=${t.toFixed(3)}`;
  }, 150);
}
$("cover").addEventListener("input", showCover);

function showVideoThumbnail(file) {
  const video = $("video-thumb"), frame = $("scrub-frame"), placeholder = $("video-placeholder");
  assemble.localCover = false;
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
    if (assemble.videoFile !== file || !video.videoWidth) return;
    assemble.localCover = true;
    video.hidden = false; frame.hidden = true; placeholder.hidden = true;
    // A recording from a browser may not know its duration (Infinity) until it has been played through.
    const middle = Number.isFinite(video.duration) ? video.duration / 2 : 0;
    video.currentTime = $("scrubber").hidden ? middle : Number($("cover").value);
  };
  video.onerror = () => { if (assemble.videoFile === file && frame.hidden) placeholderText(placeholder, file.name, "(no preview until it is uploaded)"); };
  video.src = objectURL("video", file);
}

$("assemble-video").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  showError("assemble-error", "");
  $("scrubber").hidden = true;
  assemble.videoFile = file || null;
  nameSlot("video", file);
  showVideoThumbnail(file);
  if (!file) { assemble.video = null; updateAssembleButton(); return; }
  assemble.video = "uploading"; updateAssembleButton();
  try {
    const uploaded = await upload(file, "assemble-upload");
    if (assemble.videoFile !== file) return; // another video was chosen meanwhile
    assemble.video = uploaded;
    const duration = uploaded.durationSeconds;
    if (duration) {
      $("cover").max = String(duration);
      $("cover").value = String(uploaded.coverTimeSeconds ?? duration / 2);
      $("scrubber").hidden = false;
    }
    showCover();
  } catch (err) {
    if (assemble.videoFile !== file) return;
    assemble.video = null; showError("assemble-error", err.message);
  }
  updateAssembleButton();
});

$("assemble-go").addEventListener("click", async () => {
  showError("assemble-error", "");
  $("assemble-result").hidden = true;
  $("assemble-go").disabled = true;
  try {
    const body = { video: assemble.video.id };
    if (assemble.photo && assemble.photo.id) body.photo = assemble.photo.id;
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
  updateAssembleButton();
});

// Disassemble.
let disassembleUploads = null;

// What was chosen, as thumbnails: photos the browser can show, else a placeholder with the file's type, its name
// beneath. Returns, for each file, a promise of whether its thumbnail could be shown (null for what is no photo).
function showChosen(files) {
  const list = $("disassemble-chosen");
  for (const key of [...objectURLs.keys()]) if (key.startsWith("chosen-")) objectURL(key, null);
  $("disassemble-drop").dataset.state = files.length ? "chosen" : "empty";
  if (!files.length) {
    const none = document.createElement("p");
    none.className = "placeholder"; none.textContent = "Nothing chosen";
    list.replaceChildren(none);
    return [];
  }
  const shown = [];
  list.replaceChildren(...files.map((file, index) => {
    const figure = document.createElement("figure");
    const thumb = document.createElement("div");
    thumb.className = "thumb";
    const placeholder = document.createElement("p");
    placeholder.className = "placeholder";
    const type = file.name.toLowerCase().endsWith(".pvt.zip") ? ".pvt.zip" : (file.name.split(".").pop() || "file").toUpperCase();
    const caption = document.createElement("figcaption");
    caption.textContent = file.name;
    if (dropKind(file) === "photo") {
      const img = document.createElement("img");
      img.alt = "";
      thumb.append(img, placeholder);
      shown.push({ img, placeholder, type, shown: showImage(img, placeholder, objectURL(`chosen-${index}`, file), type) });
    } else {
      placeholder.textContent = type;
      thumb.append(placeholder);
      shown.push(null);
    }
    figure.append(thumb, caption);
    return figure;
  }));
  return shown;
}

$("disassemble-files").addEventListener("change", async (e) => {
  const files = [...e.target.files];
  showError("disassemble-error", "");
  disassembleUploads = null;
  $("disassemble-go").disabled = true;
  const thumbnails = showChosen(files);
  if (files.length === 0) return;
  if (files.length > 2) { showError("disassemble-error", "Choose one Motion Photo or .pvt.zip, or a Live Photo's two files."); return; }
  try {
    const done = [];
    for (const file of files) done.push(await upload(file, "disassemble-upload"));
    if ($("disassemble-files").files[0] !== files[0]) return; // another choice was made meanwhile
    disassembleUploads = done;
    $("disassemble-go").disabled = false;
    // A photo the browser could not show (a Samsung HEIC), shown from the server's display copy.
    thumbnails.forEach(async (thumbnail, index) => {
      if (thumbnail && !(await thumbnail.shown)) {
        showImage(thumbnail.img, thumbnail.placeholder, `/api/uploads/${done[index].id}/photo`, thumbnail.type);
      }
    });
  } catch (err) { showError("disassemble-error", err.message); }
});
$("disassemble-go").addEventListener("click", async () => {
  showError("disassemble-error", "");
  $("disassemble-result").hidden = true;
  $("disassemble-go").disabled = true;
  try {
    const id = await startJob("disassemble", { files: disassembleUploads.map((u) => u.id) });
    const status = await follow(id, "disassemble-progress");
    $("disassemble-photo").src = `/api/jobs/${id}/preview/photo`;
    $("disassemble-video").src = `/api/jobs/${id}/preview/video`;
    $("disassemble-result").querySelector(".summary").textContent = status.result.summary;
    downloads($("disassemble-result").querySelector(".downloads"), id, status.result.files);
    $("disassemble-result").hidden = false;
    $("disassemble-result").dataset.job = id;
    // A Live Photo taken apart can be edited from the same uploads (a Motion Photo must become one first).
    const live = /^This was a (Live Photo|\.pvt)/.test(status.result.summary);
    const uploads = disassembleUploads.map((u) => u.id);
    $("disassemble-edit").hidden = !live;
    $("disassemble-edit").onclick = () => openEditor({ files: uploads }, `/api/jobs/${id}/preview/video`, "the Live Photo");
  } catch (err) { showError("disassemble-error", err.message); }
  $("disassemble-go").disabled = !disassembleUploads;
});

// Files dropped anywhere on the page go where they belong: a photo and a video to Assemble's slots, a .pvt.zip or
// a Motion Photo to Disassemble (as does anything dropped on Disassemble's own drop zone, such as a Live Photo's
// two files). The choice is made by handing the files to the mode's file input, so a drop and a choice in the
// file dialog are one path.
const photoExtensions = ["jpg", "jpeg", "heic", "heif", "png", "webp", "avif", "tif", "tiff", "dng"];
const videoExtensions = ["mov", "mp4", "m4v", "webm", "mkv", "gif", "avi", "3gp"];
function dropKind(file) {
  const name = file.name.toLowerCase(), extension = name.includes(".") ? name.split(".").pop() : "";
  if (extension === "zip" || extension === "pvt") return "bundle";
  if (videoExtensions.includes(extension) || file.type.startsWith("video/")) return "video";
  if (photoExtensions.includes(extension) || file.type.startsWith("image/")) return "photo";
  return "other";
}

// True when a photo holds its video (Google's Motion Photo and MicroVideo, Samsung's; docs/formats/motion-photo.md#finding-the-video, docs/formats/samsung.md#sef-trailer), from the
// marks the server reads, without reading the whole file: the XMP flag near the start, Samsung's trailer near the
// end, or a HEIF's top-level `mpvd` box.
async function holdsVideo(file) {
  const text = async (start, end) => new TextDecoder("latin1").decode(await file.slice(start, end).arrayBuffer());
  if (/(MotionPhoto|MicroVideo)\s*(=\s*["']1["']|>\s*1\s*<)/.test(await text(0, 256 * 1024))) return true;
  if ((await text(Math.max(0, file.size - 64 * 1024), file.size)).includes("MotionPhoto_Data")) return true;
  const view = async (offset) => new DataView(await file.slice(offset, offset + 16).arrayBuffer());
  let offset = 0;
  for (let boxes = 0; boxes < 64 && offset + 8 <= file.size; boxes++) {
    const header = await view(offset);
    if (header.byteLength < 8) break;
    const type = String.fromCharCode(header.getUint8(4), header.getUint8(5), header.getUint8(6), header.getUint8(7));
    if (boxes === 0 && type !== "ftyp") break; // not a HEIF file
    if (type === "mpvd") return true;
    let size = header.getUint32(0);
    if (size === 1 && header.byteLength >= 16) size = Number(header.getBigUint64(8));
    if (size < 8) break; // 0: the last box runs to the end of the file
    offset += size;
  }
  return false;
}

function chooseFiles(input, files) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

async function routeDrop(files, target) {
  if (!files.length) return;
  if (target && target.closest && target.closest("#disassemble-drop") && shownMode() === "disassemble") {
    chooseFiles($("disassemble-files"), files);
    return;
  }
  const kinds = files.map(dropKind);
  const photos = files.filter((_, i) => kinds[i] === "photo"), videos = files.filter((_, i) => kinds[i] === "video");
  if (files.length === 1 && (kinds[0] === "bundle" || (kinds[0] === "photo" && (await holdsVideo(files[0]))))) {
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
const setDragging = (on) => { document.body.dataset.dragging = on ? "yes" : "no"; };
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
  routeDrop([...e.dataTransfer.files], e.target).catch((err) => showError(`${shownMode()}-error`, err.message));
});

// Camera: a Live Photo at each press, as an iPhone takes them. The camera records all the time in staggered
// MediaRecorders: a new one starts every `before` seconds, so at any moment one has been recording for at least
// `before` seconds (and at most twice that). A press keeps the newest such recorder running until `after` seconds
// past the press (an unclaimed recorder is dropped once no press can need it), takes the still at the press, and
// hands the recording, the still and the press's time in the recording to the server, which cuts the window and
// makes the Live Photo. Presses in quick succession may share a recording; each is one Live Photo.
const camera = {
  before: 1.5, after: 1.5, facing: "environment", stream: null, type: "", imageCapture: null,
  recorders: [], timer: null, closing: false, shots: 0, deliveries: Promise.resolve(),
};

// What this browser records: H.264 where it can (the server then copies the frames as they are), else VP8/VP9.
function recordingType(audio) {
  const types = audio
    ? ["video/mp4;codecs=avc1,mp4a.40.2", "video/webm;codecs=h264,opus", "video/mp4", "video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"]
    : ["video/mp4;codecs=avc1", "video/webm;codecs=h264", "video/mp4", "video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"];
  return types.find((type) => MediaRecorder.isTypeSupported(type)) || "";
}

function cameraErrorText(err) {
  if (!window.isSecureContext) return "The camera needs a secure page: open the app on this computer, or start serve with --tls.";
  if (err && err.name === "NotAllowedError") return "The browser was not allowed to use the camera.";
  if (err && err.name === "NotFoundError") return "No camera was found.";
  return `The camera could not be started: ${err && err.message ? err.message : err}`;
}

function startRecorder() {
  const entry = { chunks: [], presses: [], keepUntil: 0, anchor: 0, recorder: null, blob: null };
  entry.recorder = new MediaRecorder(camera.stream, camera.type ? { mimeType: camera.type } : {});
  entry.recorder.ondataavailable = (e) => { if (e.data.size) entry.chunks.push(e.data); };
  entry.blob = new Promise((resolve) => {
    entry.recorder.onstop = () => resolve(new Blob(entry.chunks, { type: entry.recorder.mimeType || camera.type || "video/webm" }));
  });
  // The recording's time 0 is the first frame after start(): its time on the page's clock is taken as the moment of
  // the call (the server then finds the frame the still shows near the press).
  entry.anchor = performance.now();
  entry.recorder.start(1000);
  camera.recorders.push(entry);
}

function stopRecorder(entry) {
  camera.recorders = camera.recorders.filter((r) => r !== entry);
  if (entry.recorder.state !== "inactive") entry.recorder.stop();
  if (entry.presses.length) {
    const shots = entry.presses;
    camera.deliveries = camera.deliveries.then(() => deliver(entry.blob, shots));
  }
}

function cameraTick() {
  const now = performance.now(), stagger = camera.before * 1000;
  const newest = camera.recorders[camera.recorders.length - 1];
  if (!camera.closing && (!newest || now - newest.anchor >= stagger)) {
    try {
      startRecorder();
    } catch (err) {
      showError("camera-error", `This browser cannot record the camera: ${err.message || err}`);
      closeCamera();
      return;
    }
  }
  for (const entry of [...camera.recorders]) {
    // A recorder is the one a press claims while it is the newest that started `before` seconds ago or more.
    const unneeded = entry.presses.length === 0 && (camera.closing || now - entry.anchor >= camera.before * 1000 + stagger + 200);
    const complete = entry.presses.length > 0 && (now >= entry.keepUntil || entry.recorder.state === "inactive");
    if (unneeded || complete) stopRecorder(entry);
  }
  $("camera-state").textContent = camera.recorders.some((r) => r.presses.length) ? "LIVE" : "READY";
  $("camera-state").dataset.live = camera.recorders.some((r) => r.presses.length) ? "yes" : "no";
  if (camera.closing && camera.recorders.length === 0) {
    clearInterval(camera.timer);
    camera.timer = null;
    if (camera.stream) for (const track of camera.stream.getTracks()) track.stop();
    camera.stream = null;
    $("camera-state").textContent = "OFF";
    $("camera-state").dataset.live = "no";
  }
}

async function openCamera() {
  showError("camera-error", "");
  closeCamera();
  while (camera.timer) await new Promise((resolve) => setTimeout(resolve, 50));
  const audio = $("camera-audio").checked;
  try {
    if (!navigator.mediaDevices || !window.MediaRecorder) throw new Error("this browser cannot record video");
    camera.stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: camera.facing }, width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 30 } },
      audio,
    });
  } catch (err) {
    showError("camera-error", cameraErrorText(err));
    return;
  }
  camera.type = recordingType(audio);
  const track = camera.stream.getVideoTracks()[0];
  camera.imageCapture = window.ImageCapture ? new ImageCapture(track) : null;
  $("camera-preview").srcObject = camera.stream;
  camera.closing = false;
  camera.timer = setInterval(cameraTick, 50);
  cameraTick();
  $("camera-shutter").disabled = false;
  $("camera-switch").disabled = false;
  $("camera-start").textContent = "Stop camera";
  $("camera").dataset.recording = camera.type || "default";
}

// Stops the camera once every press under way has its video; recorders nobody needs stop at once.
function closeCamera() {
  if (!camera.timer) return;
  camera.closing = true;
  $("camera-shutter").disabled = true;
  $("camera-switch").disabled = true;
  $("camera-start").textContent = "Start camera";
  cameraTick();
}

// The still: the camera's own photo at full resolution where the browser can take one, else the frame on screen
// at the press, at the video's own size.
function takeStill() {
  const video = $("camera-preview");
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d").drawImage(video, 0, 0);
  const frame = () => new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.95));
  if (!camera.imageCapture) return frame();
  return camera.imageCapture.takePhoto().catch(frame);
}

function shotCard(id) {
  const card = document.createElement("div");
  card.className = "shot";
  card.id = `shot-${id}`;
  card.dataset.state = "recording";
  card.innerHTML = `<div class="progress" id="shot-${id}-progress" role="progressbar" aria-label="Live Photo ${id}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0">`
    + `<div class="bar"></div><span class="label">Recording…</span></div>`
    + `<p class="error" hidden></p><div class="viewer-slot"></div><div class="downloads"></div>`;
  $("camera-roll").prepend(card);
  return card;
}

function shutter() {
  if (!camera.timer || camera.closing) return;
  const now = performance.now();
  const recording = camera.recorders.filter((r) => r.recorder.state === "recording");
  // The newest recorder with `before` seconds behind the press; just after the camera starts, the oldest there is.
  const entry = recording.filter((r) => r.anchor <= now - camera.before * 1000).pop() || recording[0];
  if (!entry) return;
  const id = ++camera.shots;
  const shot = { id, press: (now - entry.anchor) / 1000, still: takeStill(), card: shotCard(id) };
  entry.presses.push(shot);
  entry.keepUntil = Math.max(entry.keepUntil, now + camera.after * 1000);
  cameraTick();
}

// One recording and its presses: the video is uploaded once, each still with it, and each press becomes a job.
async function deliver(blobPromise, shots) {
  let video;
  try {
    const blob = await blobPromise;
    const extension = blob.type.includes("mp4") ? "mp4" : "webm";
    video = await upload(new File([blob], `capture.${extension}`, { type: blob.type }), `shot-${shots[0].id}-progress`);
  } catch (err) {
    for (const shot of shots) failShot(shot, err);
    return;
  }
  for (const shot of shots) {
    try {
      const still = await shot.still;
      const extension = still.type === "image/png" ? "png" : "jpg";
      const photo = await upload(new File([still], `capture.${extension}`, { type: still.type }), `shot-${shot.id}-progress`);
      const id = await startJob("capture", { photo: photo.id, video: video.id, press: shot.press });
      shot.card.dataset.state = "making";
      // The job runs while the next press uploads.
      follow(id, `shot-${shot.id}-progress`).then((status) => showShot(shot, id, status), (err) => failShot(shot, err));
    } catch (err) {
      failShot(shot, err);
    }
  }
}

function showShot(shot, id, status) {
  shot.card.querySelector(".viewer-slot").replaceChildren(liveViewer(`/api/jobs/${id}/preview/photo`, `/api/jobs/${id}/preview/video`, `Shot ${shot.id}`));
  downloads(shot.card.querySelector(".downloads"), id, status.result.files);
  shot.card.querySelector(".progress").hidden = true;
  shot.card.dataset.job = id;
  shot.card.dataset.state = "done";
  shot.card.title = status.result.summary;
}

function failShot(shot, err) {
  const el = shot.card.querySelector(".error");
  el.textContent = err.message || String(err);
  el.hidden = false;
  announce(el.textContent);
  shot.card.dataset.state = "failed";
}

$("camera-start").addEventListener("click", () => (camera.timer && !camera.closing ? closeCamera() : openCamera()));
$("camera-shutter").addEventListener("click", shutter);
$("camera-switch").addEventListener("click", () => { camera.facing = camera.facing === "environment" ? "user" : "environment"; openCamera(); });
$("camera-audio").addEventListener("change", () => { if (camera.timer && !camera.closing) openCamera(); });
document.addEventListener("keydown", (e) => {
  if ($("camera").hidden || e.repeat || !(e.key === " " || e.key === "Enter")) return;
  // Keys meant for another control, or for a Live Photo in the roll (held to play it), are left to it.
  if (e.target.closest && e.target.closest("input, select, textarea, a, button:not(.shutter), .live-viewer")) return;
  e.preventDefault();
  shutter();
});

// Gallery: a page at a time; "More" fetches the next page of the same scan.
const galleryPage = 200;
const kindLabels = {
  "motion-photo": "Motion Photo",
  "orphan-still": "photo without its movie",
  "orphan-movie": "movie without its photo",
};

const countLabels = {
  "live-photo": ["Live Photo", "Live Photos"],
  "motion-photo": ["Motion Photo", "Motion Photos"],
  "orphan-still": ["photo without its movie", "photos without their movies"],
  "orphan-movie": ["movie without its photo", "movies without their photos"],
};

function galleryCell(item) {
  const cell = document.createElement("div");
  cell.className = "item";
  cell.dataset.kind = item.kind;
  cell.dataset.name = item.name;
  // The name on one line (whole in its tooltip), then what it is when that is not a Live Photo paired by identifier.
  const label = kindLabels[item.kind];
  const name = document.createElement("span");
  name.className = "name"; name.textContent = item.name; name.title = item.note ? `${item.name}: ${item.note}` : item.name;
  const caption = document.createElement("span");
  caption.className = "caption";
  caption.append(name);
  const about = [label, item.pairedBy === "name" ? "paired by name" : ""].filter(Boolean).join(", ");
  if (about) {
    const kind = document.createElement("span");
    kind.className = "kind"; kind.textContent = about;
    caption.append(kind);
  }
  if (item.kind === "orphan-still" || item.kind === "orphan-movie") {
    // An orphan shows what there is, marked, without pretending to be live.
    const img = document.createElement("img");
    img.src = `/api/gallery/${item.id}/photo`; img.alt = `${item.name} (${label})`; img.className = "orphan"; img.loading = "lazy";
    const box = document.createElement("div");
    box.className = "live-viewer orphan";
    const badge = document.createElement("span");
    badge.className = "badge"; badge.textContent = item.kind === "orphan-still" ? "NO MOVIE" : "NO PHOTO"; badge.setAttribute("aria-hidden", "true");
    box.append(img, badge);
    cell.append(box, caption);
  } else {
    const viewer = liveViewer(`/api/gallery/${item.id}/photo`, `/api/gallery/${item.id}/video`, item.name, label);
    // A folder of thousands: thumbnails below the fold load as they scroll into view.
    viewer.querySelector("img").loading = "lazy";
    cell.append(viewer, caption);
    if (item.kind === "live-photo") {
      const edit = document.createElement("button");
      edit.type = "button"; edit.className = "edit-button"; edit.textContent = "Edit";
      edit.setAttribute("aria-label", `Edit ${item.name}`);
      edit.addEventListener("click", () => openEditor({ gallery: item.id }, `/api/gallery/${item.id}/video`, item.name));
      caption.append(edit);
    }
  }
  return cell;
}

async function loadGallery(offset = 0) {
  showError("gallery-error", "");
  const grid = $("gallery-grid"), more = $("gallery-more");
  more.disabled = true;
  try {
    const response = await fetch(`/api/gallery?offset=${offset}&limit=${galleryPage}`);
    if (!response.ok) throw new Error(await errorText(response));
    const page = await response.json();
    if (offset === 0) grid.replaceChildren();
    if (page.total === 0) { grid.textContent = "No Live Photos or Motion Photos in this folder."; }
    grid.append(...page.items.map(galleryCell));
    const shown = page.offset + page.items.length;
    const counts = Object.entries(page.counts).map(([kind, n]) => `${n} ${(countLabels[kind] || [kind, kind])[n === 1 ? 0 : 1]}`);
    $("gallery-summary").textContent = page.total === 0 ? "" : `${shown} of ${page.total} shown: ${counts.join(", ")}`;
    more.hidden = shown >= page.total;
    more.onclick = () => loadGallery(shown);
  } catch (err) { showError("gallery-error", err.message); }
  more.disabled = false;
}

// The Edit view: the movie's frames as a filmstrip, a handle for the key photo (its frame drawn large as it moves),
// handles for the start and the end, the sound, and an effect; the edited copy is made on the server (the movie's
// samples copied, never re-encoded) and offered for download. Frames are drawn from the display copy of the movie.
const editor = { source: null, duration: 0, keyMoved: false, seeking: Promise.resolve(), stripJob: 0 };
const frameStep = 1 / 30;

function seekTo(video, time) {
  return new Promise((resolve) => {
    if (Math.abs(video.currentTime - time) < 1e-4 && video.readyState >= 2) { resolve(); return; }
    const done = () => { video.removeEventListener("seeked", done); resolve(); };
    video.addEventListener("seeked", done);
    video.currentTime = time;
  });
}

// Seeks one after another (a seek asked for during another waits for it): the frame drawn is the one asked for last.
function drawFrameAt(time, canvas) {
  const video = $("edit-video");
  editor.seeking = editor.seeking.then(async () => {
    await seekTo(video, Math.min(Math.max(0, time), Math.max(0, editor.duration - 0.001)));
    const ctx = canvas.getContext("2d");
    if (video.videoWidth) {
      if (canvas.dataset.fixed !== "yes") { canvas.width = video.videoWidth; canvas.height = video.videoHeight; }
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    }
  });
  return editor.seeking;
}

function secondsText(t) { return `${t.toFixed(2)} s`; }

function updateEditLabels() {
  const key = Number($("edit-key").value), start = Number($("edit-start").value), end = Number($("edit-end").value);
  $("edit-key-label").textContent = editor.keyMoved ? secondsText(key) : "unchanged";
  $("edit-start-label").textContent = secondsText(start);
  $("edit-end-label").textContent = secondsText(end);
  for (const frame of $("edit-strip").children) {
    const t = Number(frame.dataset.time);
    frame.classList.toggle("outside", t < start || t > end);
  }
  const still = $("edit-effect").value === "long-exposure", effect = $("edit-effect").value !== "";
  $("edit-key").disabled = effect; $("edit-start").disabled = still; $("edit-end").disabled = still;
  $("edit-sound").disabled = effect;
}

async function buildFilmstrip(job) {
  const strip = $("edit-strip");
  const count = 10;
  strip.replaceChildren(...Array.from({ length: count }, (_, i) => {
    const c = document.createElement("canvas");
    c.width = 96; c.height = 54; c.dataset.fixed = "yes";
    c.dataset.time = String((editor.duration * (i + 0.5)) / count);
    return c;
  }));
  for (const frame of strip.children) {
    if (job !== editor.stripJob) return;
    await drawFrameAt(Number(frame.dataset.time), frame);
  }
  updateEditLabels();
  strip.dataset.ready = "yes";
}

function openEditor(source, videoURL, name) {
  editor.source = source;
  editor.keyMoved = false;
  editor.stripJob += 1;
  $("edit-title").textContent = `Edit ${name}`;
  $("edit-result").hidden = true;
  $("edit-progress").hidden = true;
  $("edit-strip").dataset.ready = "no";
  $("edit-effect").value = "";
  $("edit-sound").checked = true;
  showError("edit-error", "");
  const video = $("edit-video");
  video.onloadedmetadata = () => {
    editor.duration = video.duration || 0;
    for (const id of ["edit-key", "edit-start", "edit-end"]) {
      const range = $(id);
      range.max = String(editor.duration); range.step = String(frameStep);
    }
    $("edit-start").value = "0"; $("edit-end").value = String(editor.duration); $("edit-key").value = String(editor.duration / 2);
    updateEditLabels();
    drawFrameAt(editor.duration / 2, $("edit-frame"));
    buildFilmstrip(editor.stripJob);
  };
  video.src = videoURL;
  if (!$("edit-dialog").open) $("edit-dialog").showModal();
}

$("edit-key").addEventListener("input", () => {
  editor.keyMoved = true;
  updateEditLabels();
  drawFrameAt(Number($("edit-key").value), $("edit-frame"));
});
for (const [id, other, later] of [["edit-start", "edit-end", false], ["edit-end", "edit-start", true]]) {
  $(id).addEventListener("input", () => {
    // The range never empties: the handle stops a frame short of the other.
    const value = Number($(id).value), bound = Number($(other).value);
    if (later ? value <= bound + frameStep : value >= bound - frameStep) $(id).value = String(later ? bound + frameStep : bound - frameStep);
    updateEditLabels();
    drawFrameAt(Number($(id).value), $("edit-frame"));
  });
}
$("edit-effect").addEventListener("change", updateEditLabels);
$("edit-close").addEventListener("click", () => { $("edit-video").removeAttribute("src"); $("edit-dialog").close(); });

$("edit-go").addEventListener("click", async () => {
  showError("edit-error", "");
  $("edit-result").hidden = true;
  $("edit-go").disabled = true;
  const start = Number($("edit-start").value), end = Number($("edit-end").value), effect = $("edit-effect").value;
  const body = { ...editor.source };
  if (effect) body.effect = effect;
  if (effect !== "long-exposure") {
    if (start > frameStep / 2) body.trimStart = start;
    if (end < editor.duration - frameStep / 2) body.trimEnd = end;
  }
  if (!effect) {
    if (editor.keyMoved) body.keyPhoto = Number($("edit-key").value);
    if (!$("edit-sound").checked) body.mute = true;
  }
  try {
    const id = await startJob("edit", body);
    const status = await follow(id, "edit-progress");
    const slot = $("edit-result").querySelector(".viewer-slot");
    if (!effect) {
      const viewer = liveViewer(`/api/jobs/${id}/preview/photo`, `/api/jobs/${id}/preview/video`, "The edited Live Photo");
      slot.replaceChildren(viewer);
      playBriefly(viewer);
    } else if (effect === "long-exposure") {
      const img = document.createElement("img");
      img.src = `/api/jobs/${id}/preview/photo`; img.alt = "The Long Exposure";
      slot.replaceChildren(img);
    } else {
      const video = document.createElement("video");
      video.src = `/api/jobs/${id}/preview/video`; video.loop = true; video.muted = true; video.autoplay = true; video.playsInline = true;
      video.setAttribute("aria-label", effect === "loop" ? "The Loop" : "The Bounce");
      slot.replaceChildren(video);
    }
    $("edit-result").querySelector(".summary").textContent = status.result.summary;
    downloads($("edit-result").querySelector(".downloads"), id, status.result.files);
    $("edit-result").hidden = false;
    $("edit-result").dataset.job = id;
  } catch (err) { showError("edit-error", err.message); }
  $("edit-go").disabled = false;
});

// As Photos shows a Live Photo it opens: the movie once, silent and brief, then it settles on the key photo (a
// press and hold plays it again, with sound).
function playBriefly(viewer) {
  const video = viewer.querySelector("video");
  if (!video.src) video.src = video.dataset.src;
  video.muted = true;
  viewer.dataset.state = "playing";
  const settle = () => { if (video.muted) { video.pause(); viewer.dataset.state = "still"; } };
  video.addEventListener("playing", () => setTimeout(settle, 1500), { once: true });
  video.play().catch(() => { viewer.dataset.state = "still"; });
}

fetch("/api/config").then((r) => r.json()).then((config) => {
  if (config.gallery) { $("tab-gallery").hidden = false; }
  camera.before = config.captureBefore ?? camera.before;
  camera.after = config.captureAfter ?? camera.after;
  $("camera-window").textContent = camera.before === camera.after
    ? `${camera.before} s before and after` : `${camera.before} s before and ${camera.after} s after`;
  document.body.dataset.ready = "yes";
}).catch(() => { document.body.dataset.ready = "yes"; });
