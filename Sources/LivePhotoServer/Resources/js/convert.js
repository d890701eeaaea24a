// Convert, in this browser by the engine: a Live Photo's photo and movie into a Motion Photo of the chosen maker's
// flavor, or a Motion Photo into a Live Photo; the picture and the samples copied, the outputs Blobs to download. What
// needs ffmpeg (a movie HUAWEI's gallery cannot play, re-encoded to H.264) is said, with where it can be done.
import { showChosen } from "./chosen.js";
import { $, setProgress, showError } from "./dom.js";
import { runEngine } from "./engine.js";
import { asFile, blobDownloads, blobViewer, heldURL, releaseURLs } from "./outputs.js";
import { openEditor } from "./editor.js";
import { playBriefly } from "./viewer.js";

let chosen = [];

const families = {
  samsung: "Samsung", google: "Google", oppo: "OPPO", vivo: "vivo", "vivo-pair": "vivo", xiaomi: "Xiaomi", huawei: "HUAWEI",
  honor: "Honor",
};

function updateControls() {
  $("convert-flavor").disabled = $("convert-to").value !== "motion";
  $("convert-go").disabled = chosen.length === 0;
}

// Two files are a Live Photo's halves, one file a Motion Photo: the direction follows what was chosen.
function filesChosen(e) {
  chosen = [...e.target.files];
  showError("convert-error", "");
  $("convert-result").hidden = true;
  showChosen("convert", chosen);
  if (chosen.length) $("convert-to").value = chosen.length === 1 ? "live" : "motion";
  updateControls();
}

function showNotes(notes) {
  const list = $("convert-result").querySelector(".notes");
  list.replaceChildren(...(notes ?? []).map((note) => {
    const li = document.createElement("li");
    li.textContent = note;
    return li;
  }));
  list.hidden = list.children.length === 0;
}

// A Motion Photo made: the photo as the browser shows it (the movie is inside), and the file (or vivo's two).
function showMotionPhoto(report, files) {
  const [photo, ...rest] = files;
  const outputs = [{ ...photo, role: report.flavor === "vivo-pair" ? "photo" : "motion-photo" }, ...rest];
  const img = document.createElement("img");
  img.alt = `The Motion Photo, ${photo.name}`;
  img.className = "motion-photo";
  img.src = heldURL("convert", photo.blob);
  img.addEventListener("error", () => {
    img.replaceWith(Object.assign(document.createElement("p"), { className: "placeholder", textContent: `${photo.name} (no preview in this browser)` }));
  });
  $("convert-result").querySelector(".viewer-slot").replaceChildren(img);
  const where = report.companion ? "beside it" : `at byte ${report.videoOffset}, ${(report.videoLength / 1e6).toFixed(1)} MB`;
  $("convert-result").querySelector(".summary").textContent =
    `A ${families[report.flavor] ?? report.flavor} Motion Photo (${report.format.toUpperCase()}): the movie ${where}, `
    + `${report.reencoded ? "re-encoded" : "copied as it was"}; the cover at ${(report.presentationTimestampUs / 1e6).toFixed(3)} s. Made in this browser.`;
  blobDownloads($("convert-result").querySelector(".downloads"), "convert", outputs);
  $("convert-edit").hidden = true;
}

// A Live Photo made: the viewer, and its photo and movie.
function showLivePhoto(report, files) {
  const viewer = blobViewer("convert", files, "The Live Photo");
  $("convert-result").querySelector(".viewer-slot").replaceChildren(viewer);
  playBriefly(viewer);
  $("convert-result").querySelector(".summary").textContent =
    `A Live Photo: photo ${report.photoSource}, video ${report.videoSource}; cover at ${report.coverTime.toFixed(3)} s. Made in this browser.`;
  blobDownloads($("convert-result").querySelector(".downloads"), "convert", files);
  const movie = files.find((f) => f.type.startsWith("video/"));
  $("convert-edit").hidden = false;
  $("convert-edit").onclick = () => openEditor({ blobs: files.map(asFile) }, heldURL("convert", movie.blob), "the Live Photo");
}

async function convert() {
  const to = $("convert-to").value;
  showError("convert-error", "");
  $("convert-result").hidden = true;
  $("convert-go").disabled = true;
  const options = to === "motion" ? { to, flavor: $("convert-flavor").value } : { to };
  try {
    setProgress("convert-progress", 0.1, "Converting in this browser…");
    const { report, files } = await runEngine("convert", chosen, options);
    releaseURLs("convert");
    if (to === "motion") showMotionPhoto(report, files);
    else showLivePhoto(report, files);
    showNotes(report.notes);
    setProgress("convert-progress", 1, "Done");
    $("convert-result").hidden = false;
    $("convert-result").dataset.to = to;
  } catch (err) {
    $("convert-progress").hidden = true;
    showError("convert-error", err.message);
  }
  updateControls();
}

export function setUpConvert() {
  $("convert-files").addEventListener("change", filesChosen);
  $("convert-to").addEventListener("change", updateControls);
  $("convert-go").addEventListener("click", convert);
}
