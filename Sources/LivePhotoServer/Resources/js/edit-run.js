// The Edit view's making: a trim, the sound off and a new key photo of Files the page holds are made in this browser
// by the engine (the movie's samples copied, never re-encoded; the key photo a frame the browser draws); an effect
// (Loop, Bounce, Long Exposure: ffmpeg), an edit the engine cannot make, and any edit of the gallery's files are the
// server's job, the page's Files uploaded first when the server does not have them.
import { $, announce, setProgress } from "./dom.js";
import { needsTool, runEngine } from "./engine.js";
import { host } from "./host.js";
import { downloads, follow, startJob } from "./jobs.js";
import { blobDownloads, blobViewer, releaseURLs } from "./outputs.js";
import { upload } from "./upload.js";
import { liveViewer, playBriefly } from "./viewer.js";

const result = () => $("edit-result");

// The summary of an edit, in the server's words.
function editSummary(report) {
  const changes = [];
  if (report.trimmed) changes.push(`kept ${report.trimmed.start.toFixed(2)} s to ${report.trimmed.end.toFixed(2)} s`);
  if (report.muted) changes.push("sound off");
  if (report.keyPhotoChanged) changes.push(`a new key photo at ${report.keyPhotoTimeInInput.toFixed(2)} s`);
  if (report.gainMapDropped) changes.push("its HDR gain map dropped");
  return `Edited, without re-encoding the movie: ${changes.length ? changes.join(", ") : "nothing changed"}.`;
}

// The engine's options for `choice` ({keyPhoto, trimStart, trimEnd, mute}).
function engineOptions(choice) {
  const options = {};
  if (choice.trimStart !== undefined || choice.trimEnd !== undefined) options.trim = `${choice.trimStart ?? ""}..${choice.trimEnd ?? ""}`;
  if (choice.mute) options.mute = true;
  if (choice.keyPhoto !== undefined) options.keyPhoto = choice.keyPhoto;
  return options;
}

async function editHere(files, choice) {
  setProgress("edit-progress", 0.1, "Editing in this browser…");
  const { report, files: outputs } = await runEngine("edit", files, engineOptions(choice));
  releaseURLs("edit");
  const viewer = blobViewer("edit", outputs, "The edited Live Photo");
  result().querySelector(".viewer-slot").replaceChildren(viewer);
  playBriefly(viewer);
  result().querySelector(".summary").textContent = `${editSummary(report)} Made in this browser.`;
  blobDownloads(result().querySelector(".downloads"), "edit", outputs);
  setProgress("edit-progress", 1, "Done");
  delete result().dataset.job;
}

// The server's job on `source` ({gallery: id} or {files: [upload ids]}).
async function editOnServer(source, choice) {
  const id = await startJob("edit", { ...source, ...choice });
  const status = await follow(id, "edit-progress");
  const slot = result().querySelector(".viewer-slot");
  if (!choice.effect) {
    const viewer = liveViewer(`/api/jobs/${id}/preview/photo`, `/api/jobs/${id}/preview/video`, "The edited Live Photo");
    slot.replaceChildren(viewer);
    playBriefly(viewer);
  } else if (choice.effect === "long-exposure") {
    const img = document.createElement("img");
    img.src = `/api/jobs/${id}/preview/photo`; img.alt = "The Long Exposure";
    slot.replaceChildren(img);
  } else {
    const video = document.createElement("video");
    video.src = `/api/jobs/${id}/preview/video`; video.loop = true; video.muted = true; video.autoplay = true; video.playsInline = true;
    video.setAttribute("aria-label", choice.effect === "loop" ? "The Loop" : "The Bounce");
    slot.replaceChildren(video);
  }
  result().querySelector(".summary").textContent = status.result.summary;
  downloads(result().querySelector(".downloads"), id, status.result.files);
  result().dataset.job = id;
}

// Makes the edit `choice` ({keyPhoto, trimStart, trimEnd, mute, effect}) of `source`: {gallery: id}, {files: [upload
// ids]} or {blobs: [File, File]}. Throws with the engine's or the server's words.
export async function runEdit(source, choice) {
  if (source.blobs && !choice.effect && host.engine) {
    try {
      await editHere(source.blobs, choice);
      return;
    } catch (err) {
      if (!(host.server && needsTool(err))) throw err;
      announce("This needs ffmpeg: the files go to the server.");
    }
  }
  if (source.blobs) {
    if (!host.server) throw new Error("Loop, Bounce and Long Exposure need ffmpeg: use livephoto serve or the livephoto command.");
    // Uploaded once for every effect asked of the same Files.
    if (!source.uploaded) {
      const ids = [];
      for (const file of source.blobs) ids.push((await upload(file, "edit-progress")).id);
      source.uploaded = ids;
    }
    await editOnServer({ files: source.uploaded }, choice);
    return;
  }
  await editOnServer(source, choice);
}
