// Assemble's making: in this browser by the engine where it can (the outputs are Blobs, offered for download and
// shown in the viewer); by the server's job where the engine cannot (ffmpeg: a WebM, a GIF, a PNG; a video alone
// whose frame the browser cannot draw) or where there is no engine. On a static host, what needs ffmpeg is said.
import { isAppleMobile, offerPvtZip } from "./apple-mobile.js";
import { $, announce, setProgress, showError } from "./dom.js";
import { openEditor } from "./editor.js";
import { needsTool, runEngine } from "./engine.js";
import { host } from "./host.js";
import { downloads, follow, startJob } from "./jobs.js";
import { asFile, blobDownloads, blobViewer, heldURL, megabytes, releaseURLs } from "./outputs.js";
import { liveViewer, playBriefly } from "./viewer.js";

const result = () => $("assemble-result");

// What the page's choice changes, in its words: the engine words a refusal in the command's flags.
const pageAdvice = (message) =>
  message.replace("; without --refuse-foreign-maker-note it is replaced by Apple's",
    ". Untick “Refuse a photo whose MakerNote is another maker's” to have it replaced by Apple's.");

// The result's summary: how it was made, then each note (a MakerNote replaced, a track left out) on a line of its own.
function showSummary(text, notes) {
  const summary = result().querySelector(".summary");
  summary.replaceChildren(text);
  for (const note of notes ?? []) {
    const line = document.createElement("span");
    line.className = "note";
    line.textContent = `Note: ${note}.`;
    summary.append(document.createElement("br"), line);
  }
}

function showViewer(viewer) {
  result().querySelector(".viewer-slot").replaceChildren(viewer);
  playBriefly(viewer);
}

// On an iPhone or an iPad, the same Live Photo as a `.pvt.zip` (its identifier and cover kept, so its members are the
// pair's bytes), offered first: the one way into Photos there without a Mac.
async function offerBundle(files, options, report) {
  if (!isAppleMobile()) return;
  try {
    const zipped = await runEngine("make", files, { ...options, id: report.identifier, cover: report.coverTime, pvtZip: true });
    const zip = zipped.files[0];
    const a = document.createElement("a");
    a.href = heldURL("assemble", zip.blob);
    a.download = zip.name;
    a.textContent = `For Photos on this ${/iPad/.test(navigator.userAgent) ? "iPad" : "iPhone"}: ${zip.name} (${megabytes(zip.blob.size)})`;
    offerPvtZip(result().querySelector(".downloads"), a);
  } catch (err) {
    announce(`The .pvt.zip could not be made here: ${err.message}`);
  }
}

// The Live Photo made here: the viewer and the downloads from the Blobs, an Edit button that edits them.
function showMadeHere(made, photoUpload) {
  const { report, files } = made;
  releaseURLs("assemble");
  const fallback = photoUpload && photoUpload.then((u) => `/api/uploads/${u.id}/photo`, () => null);
  showViewer(blobViewer("assemble", files, "The result", fallback));
  showSummary(
    `Photo: ${report.photoSource}; video: ${report.videoSource}; cover at ${report.coverTime.toFixed(3)} s. Made in this browser.`,
    [...(report.wallpaperWarnings ?? []).map((w) => `the lock-screen wallpaper will not animate: ${w}`), ...(report.notes ?? [])]);
  blobDownloads(result().querySelector(".downloads"), "assemble", files);
  const movie = files.find((f) => f.type.startsWith("video/"));
  const edit = $("assemble-edit");
  edit.hidden = false;
  edit.onclick = () => openEditor({ blobs: files.map(asFile) }, heldURL("assemble", movie.blob), "the Live Photo", report.coverTime);
  result().dataset.made = "browser";
  delete result().dataset.job;
}

// The Live Photo made by the server's job from the uploads.
async function makeOnServer(choice) {
  const video = await choice.upload("video");
  const photo = choice.photo ? await choice.upload("photo") : null;
  const body = { video: video.id };
  if (photo) body.photo = photo.id;
  if (choice.cover !== null) body.cover = choice.cover;
  if (choice.refuseForeignMakerNote) body.refuseForeignMakerNote = true;
  const id = await startJob("assemble", body);
  const status = await follow(id, "assemble-progress");
  showViewer(liveViewer(`/api/jobs/${id}/preview/photo`, `/api/jobs/${id}/preview/video`, "The result"));
  showSummary(status.result.summary, status.result.notes);
  downloads(result().querySelector(".downloads"), id, status.result.files);
  const bundle = result().querySelector('.downloads a[data-role="bundle"]');
  if (bundle && isAppleMobile()) offerPvtZip(result().querySelector(".downloads"), bundle);
  $("assemble-edit").hidden = true;
  result().dataset.made = "server";
  result().dataset.job = id;
}

// Makes the Live Photo of `choice` ({photo, video, cover, upload(kind), photoUpload: the promise of the photo's upload
// for its display copy, or null}) and shows it.
export async function makeLivePhoto(choice) {
  showError("assemble-error", "");
  result().hidden = true;
  try {
    if (host.engine) {
      setProgress("assemble-progress", 0.1, "Making the Live Photo in this browser…");
      try {
        const files = choice.photo ? [choice.photo, choice.video] : [choice.video];
        const options = choice.cover === null ? {} : { cover: choice.cover };
        if (choice.refuseForeignMakerNote) options.refuseForeignMakerNote = true;
        const made = await runEngine("make", files, options);
        showMadeHere(made, choice.photoUpload);
        await offerBundle(files, options, made.report);
        setProgress("assemble-progress", 1, "Done");
        result().hidden = false;
        return;
      } catch (err) {
        if (!(host.server && needsTool(err))) throw err;
        // ffmpeg's work: the server's.
        announce("This needs ffmpeg: the files go to the server.");
      }
    }
    await makeOnServer(choice);
    result().hidden = false;
  } catch (err) {
    $("assemble-progress").hidden = true;
    showError("assemble-error", pageAdvice(err.message));
  }
}
