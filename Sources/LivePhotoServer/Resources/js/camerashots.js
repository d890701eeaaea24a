// Camera mode's shots: each press's card in the roll, and a recording delivered to the server once it is complete
// (the video uploaded once, each press's still with it, each press a job whose Live Photo fills its card).
import { $, announce } from "./dom.js";
import { downloads, follow, startJob } from "./jobs.js";
import { upload } from "./upload.js";
import { liveViewer } from "./viewer.js";

export function shotCard(id) {
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

// One recording and its presses: the video is uploaded once, each still with it, and each press becomes a job.
export async function deliver(blobPromise, shots) {
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

