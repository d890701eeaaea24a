// The Edit view: the movie's frames as a filmstrip, a handle for the key photo (its frame drawn large as it moves),
// handles for the start and the end, the sound, and an effect; edit-run.js makes the edited copy (in this browser
// for Files the page holds, else on the server: the movie's samples copied, never re-encoded) and offers it for
// download. Frames are drawn from the movie the page is given: the Files' own, or the server's display copy.
import { $, showError } from "./dom.js";
import { runEngine } from "./engine.js";
import { host } from "./host.js";
import { runEdit } from "./edit-run.js";

// What is being edited ({gallery: id}, {files: [ids]} or {blobs: [File, File]}), the movie's length, whether the key
// photo was moved, the chain of seeks, and which filmstrip is being drawn (a newer one stops an older).
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

function updateLabels() {
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
  updateLabels();
  strip.dataset.ready = "yes";
}

// The handles over a movie of `duration` seconds, the key photo's frame and the filmstrip drawn from it.
function setDuration(duration) {
  editor.duration = duration || 0;
  for (const id of ["edit-key", "edit-start", "edit-end"]) {
    const range = $(id);
    range.max = String(editor.duration); range.step = String(frameStep);
  }
  $("edit-start").value = "0"; $("edit-end").value = String(editor.duration); $("edit-key").value = String(editor.duration / 2);
  updateLabels();
  drawFrameAt(editor.duration / 2, $("edit-frame"));
  buildFilmstrip(editor.stripJob);
}

// Effects need ffmpeg: a static host offers none, and says where they are.
function offerEffects() {
  const effects = host.server;
  for (const id of ["edit-effect", "edit-effect-label", "edit-effect-gap"]) $(id).hidden = !effects;
  $("edit-effect-note").hidden = effects;
}

// Opens the Edit view on `source` (what the edit is made from), drawing frames from `videoURL`.
export function openEditor(source, videoURL, name) {
  editor.source = source;
  editor.keyMoved = false;
  editor.stripJob += 1;
  $("edit-title").textContent = `Edit ${name}`;
  $("edit-result").hidden = true;
  $("edit-progress").hidden = true;
  $("edit-strip").dataset.ready = "no";
  $("edit-effect").value = "";
  $("edit-sound").checked = true;
  offerEffects();
  showError("edit-error", "");
  const video = $("edit-video");
  video.onloadedmetadata = () => setDuration(video.duration);
  // A movie the browser cannot decode (HEVC in Chromium): its length from the engine; the handles work, unseen.
  video.onerror = async () => {
    const movie = source.blobs && source.blobs.find((file) => file.type.startsWith("video/"));
    if (!movie || !host.engine) return;
    try { setDuration((await runEngine("inspect", [movie])).report.files[0].movie.durationSeconds); } catch (err) { /* left as it is */ }
  };
  video.src = videoURL;
  if (!$("edit-dialog").open) $("edit-dialog").showModal();
}

// What the edit changes: only what differs from the original (a handle within half a frame of its end trims nothing).
function editChoice() {
  const start = Number($("edit-start").value), end = Number($("edit-end").value), effect = $("edit-effect").value;
  const choice = {};
  if (effect) choice.effect = effect;
  if (effect !== "long-exposure") {
    if (start > frameStep / 2) choice.trimStart = start;
    if (end < editor.duration - frameStep / 2) choice.trimEnd = end;
  }
  if (!effect) {
    if (editor.keyMoved) choice.keyPhoto = Number($("edit-key").value);
    if (!$("edit-sound").checked) choice.mute = true;
  }
  return choice;
}

async function makeEdit() {
  showError("edit-error", "");
  $("edit-result").hidden = true;
  $("edit-go").disabled = true;
  try {
    await runEdit(editor.source, editChoice());
    $("edit-result").hidden = false;
  } catch (err) {
    $("edit-progress").hidden = true;
    showError("edit-error", err.message);
  }
  $("edit-go").disabled = false;
}

export function setUpEditor() {
  $("edit-key").addEventListener("input", () => {
    editor.keyMoved = true;
    updateLabels();
    drawFrameAt(Number($("edit-key").value), $("edit-frame"));
  });
  for (const [id, other, later] of [["edit-start", "edit-end", false], ["edit-end", "edit-start", true]]) {
    $(id).addEventListener("input", () => {
      // The range never empties: the handle stops a frame short of the other.
      const value = Number($(id).value), bound = Number($(other).value);
      if (later ? value <= bound + frameStep : value >= bound - frameStep) $(id).value = String(later ? bound + frameStep : bound - frameStep);
      updateLabels();
      drawFrameAt(Number($(id).value), $("edit-frame"));
    });
  }
  $("edit-effect").addEventListener("change", updateLabels);
  $("edit-close").addEventListener("click", () => { $("edit-video").removeAttribute("src"); $("edit-dialog").close(); });
  $("edit-go").addEventListener("click", makeEdit);
}
