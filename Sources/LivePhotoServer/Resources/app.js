"use strict";
const $ = (id) => document.getElementById(id);

// Errors arrive as {"error": "..."}; anything else is said plainly.
async function errorText(response) {
  try { const body = await response.json(); if (body && body.error) return body.error; } catch (e) {}
  return `The server answered ${response.status} ${response.statusText}.`;
}

function showError(id, text) { const el = $(id); el.textContent = text; el.hidden = !text; }

function setProgress(id, fraction, label) {
  const el = $(id);
  el.hidden = false;
  el.querySelector(".bar").style.width = `${Math.round(Math.max(0, Math.min(1, fraction)) * 100)}%`;
  el.querySelector(".label").textContent = label;
  el.dataset.fraction = String(fraction);
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

// A Live Photo as Photos shows it: the still at rest with a LIVE badge; press and hold (or hover) plays the
// movie with sound, which settles back on the still.
function liveViewer(photoURL, videoURL) {
  const box = document.createElement("div");
  box.className = "live-viewer";
  box.dataset.state = "still";
  const img = document.createElement("img");
  img.src = photoURL; img.alt = "Live Photo"; img.draggable = false;
  const video = document.createElement("video");
  video.playsInline = true; video.preload = "none"; video.dataset.src = videoURL;
  const badge = document.createElement("span");
  badge.className = "badge"; badge.textContent = "LIVE";
  box.append(img, video, badge);
  const play = () => {
    if (!video.src) video.src = video.dataset.src;
    box.dataset.state = "playing";
    video.currentTime = 0; video.muted = false;
    video.play().catch(() => { video.muted = true; video.play().catch(() => settle()); });
  };
  const settle = () => { video.pause(); box.dataset.state = "still"; };
  box.addEventListener("pointerdown", (e) => { e.preventDefault(); play(); });
  box.addEventListener("pointerup", settle);
  box.addEventListener("pointercancel", settle);
  box.addEventListener("mouseenter", play);
  box.addEventListener("mouseleave", settle);
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

// Modes.
function showMode(mode) {
  for (const tab of document.querySelectorAll(".segmented button")) tab.setAttribute("aria-selected", String(tab.dataset.mode === mode));
  for (const section of document.querySelectorAll(".mode")) section.hidden = section.id !== mode;
  if (mode === "gallery") loadGallery();
  if (mode === "camera" && !camera.timer) openCamera();
  if (mode !== "camera") closeCamera();
}
for (const tab of document.querySelectorAll(".segmented button")) tab.addEventListener("click", () => showMode(tab.dataset.mode));

// Assemble.
const assemble = { photo: null, video: null };
function updateAssembleButton() {
  $("assemble-go").disabled = !assemble.video || assemble.photo === "uploading" || assemble.video === "uploading";
}
$("assemble-photo").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  showError("assemble-error", "");
  if (!file) { assemble.photo = null; updateAssembleButton(); return; }
  assemble.photo = "uploading"; updateAssembleButton();
  try { assemble.photo = await upload(file, "assemble-upload"); } catch (err) { assemble.photo = null; showError("assemble-error", err.message); }
  updateAssembleButton();
});
let scrubTimer = null;
function showCover() {
  const t = Number($("cover").value);
  $("cover-label").textContent = `${t.toFixed(2)} s`;
  clearTimeout(scrubTimer);
  scrubTimer = setTimeout(() => { $("scrub-frame").src = `/api/uploads/${assemble.video.id}/frame?t=${t.toFixed(3)}`; }, 150);
}
$("cover").addEventListener("input", showCover);
$("assemble-video").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  showError("assemble-error", "");
  $("scrubber").hidden = true;
  if (!file) { assemble.video = null; updateAssembleButton(); return; }
  assemble.video = "uploading"; updateAssembleButton();
  try {
    assemble.video = await upload(file, "assemble-upload");
    const duration = assemble.video.durationSeconds;
    if (duration) {
      $("cover").max = String(duration);
      $("cover").value = String(assemble.video.coverTimeSeconds ?? duration / 2);
      $("scrubber").hidden = false;
      showCover();
    }
  } catch (err) { assemble.video = null; showError("assemble-error", err.message); }
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
    slot.replaceChildren(liveViewer(`/api/jobs/${id}/preview/photo`, `/api/jobs/${id}/preview/video`));
    $("assemble-result").querySelector(".summary").textContent = result.summary;
    downloads($("assemble-result").querySelector(".downloads"), id, result.files);
    $("assemble-result").hidden = false;
    $("assemble-result").dataset.job = id;
  } catch (err) { showError("assemble-error", err.message); }
  updateAssembleButton();
});

// Disassemble.
let disassembleUploads = null;
$("disassemble-files").addEventListener("change", async (e) => {
  const files = [...e.target.files];
  showError("disassemble-error", "");
  disassembleUploads = null;
  $("disassemble-go").disabled = true;
  if (files.length === 0) return;
  if (files.length > 2) { showError("disassemble-error", "Choose one Motion Photo or .pvt.zip, or a Live Photo's two files."); return; }
  try {
    const done = [];
    for (const file of files) done.push(await upload(file, "disassemble-upload"));
    disassembleUploads = done;
    $("disassemble-go").disabled = false;
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
  } catch (err) { showError("disassemble-error", err.message); }
  $("disassemble-go").disabled = !disassembleUploads;
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
  card.innerHTML = `<div class="progress" id="shot-${id}-progress"><div class="bar"></div><span class="label">Recording…</span></div>`
    + `<p class="error" role="alert" hidden></p><div class="viewer-slot"></div><div class="downloads"></div>`;
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
  shot.card.querySelector(".viewer-slot").replaceChildren(liveViewer(`/api/jobs/${id}/preview/photo`, `/api/jobs/${id}/preview/video`));
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
  shot.card.dataset.state = "failed";
}

$("camera-start").addEventListener("click", () => (camera.timer && !camera.closing ? closeCamera() : openCamera()));
$("camera-shutter").addEventListener("click", shutter);
$("camera-switch").addEventListener("click", () => { camera.facing = camera.facing === "environment" ? "user" : "environment"; openCamera(); });
$("camera-audio").addEventListener("change", () => { if (camera.timer && !camera.closing) openCamera(); });
document.addEventListener("keydown", (e) => {
  if ($("camera").hidden || e.repeat || !(e.key === " " || e.key === "Enter")) return;
  if (e.target.closest && e.target.closest("input, select, textarea, a, button:not(.shutter)")) return;
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
  const caption = document.createElement("span");
  const label = kindLabels[item.kind];
  caption.textContent = item.name + (label ? ` (${label})` : "") + (item.pairedBy === "name" ? " (paired by name)" : "");
  if (item.note) caption.title = item.note;
  if (item.kind === "orphan-still" || item.kind === "orphan-movie") {
    // An orphan shows what there is, marked, without pretending to be live.
    const img = document.createElement("img");
    img.src = `/api/gallery/${item.id}/photo`; img.alt = label; img.className = "orphan";
    const box = document.createElement("div");
    box.className = "live-viewer orphan";
    const badge = document.createElement("span");
    badge.className = "badge"; badge.textContent = item.kind === "orphan-still" ? "NO MOVIE" : "NO PHOTO";
    box.append(img, badge);
    cell.append(box, caption);
  } else {
    cell.append(liveViewer(`/api/gallery/${item.id}/photo`, `/api/gallery/${item.id}/video`), caption);
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

fetch("/api/config").then((r) => r.json()).then((config) => {
  if (config.gallery) { $("tab-gallery").hidden = false; }
  camera.before = config.captureBefore ?? camera.before;
  camera.after = config.captureAfter ?? camera.after;
  $("camera-window").textContent = camera.before === camera.after
    ? `${camera.before} s before and after` : `${camera.before} s before and ${camera.after} s after`;
  document.body.dataset.ready = "yes";
}).catch(() => { document.body.dataset.ready = "yes"; });
