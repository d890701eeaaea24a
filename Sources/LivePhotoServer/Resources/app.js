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
  document.body.dataset.ready = "yes";
}).catch(() => { document.body.dataset.ready = "yes"; });
