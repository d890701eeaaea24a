// Where a library batch's or an import's outputs go (docs/guide/web-app.md#library), chosen by what the browser and
// the page have:
//   folder    a folder the user chooses (showDirectoryPicker, read and write: Chrome, Edge and the other Chromium
//             browsers on a computer); each output written at its item's place below it, and a second run into it
//             skips what is there and holds;
//   download  one zip the browser downloads as it is written, streamed through the static app's service worker
//             (download-stream.js): where there is no folder picker (Firefox, Safari, phones);
//   file      one zip written into a file the user chooses (showSaveFilePicker): `livephoto serve`'s page, which has
//             no service worker, in a browser with that picker and no folder picker;
//   none      neither: the view says so, and where else the job can be done.
// Nothing is ever held whole in memory: the engine's worker writes each output, or each zip member, as it is made.
import { $, showError } from "./dom.js";
import { canStreamDownloads, openStreamedDownload } from "./download-stream.js";
import { host } from "./host.js";

const query = new URLSearchParams(location.search);
// `?folder-input`: the page behaves as a browser without the file system's pickers (Firefox, Safari): the library is
// chosen with the folder input, and the outputs go into a zip. The browser tests take that path in Chromium this way.
const withoutPickers = query.has("folder-input");
// `?save-into-opfs`: "Choose where to save" gives a folder (or a file) of the origin's private file system, named
// after the job, instead of showing the picker, which headless Chromium cannot drive; the tests read the files back.
const intoPrivateFolder = query.has("save-into-opfs");

let folder = null; // the folder chosen (a FileSystemDirectoryHandle)
let file = null; // the zip file chosen (a FileSystemFileHandle)

const zipName = (job) => `library-${job.to}.zip`;

// Where the outputs go in this browser, on this page: asked each time the view is drawn, since the page learns late
// whether a server answers.
export function destinationKind() {
  if (!withoutPickers && typeof window.showDirectoryPicker === "function") return "folder";
  if (!host.server && canStreamDownloads()) return "download";
  if (!withoutPickers && typeof window.showSaveFilePicker === "function") return "file";
  return "none";
}

async function privateEntry(name, kind) {
  const root = await navigator.storage.getDirectory();
  return kind === "folder" ? root.getDirectoryHandle(name, { create: true }) : root.getFileHandle(name, { create: true });
}

// "Choose where to save": the folder, or the zip's file. Resolves to whether something was chosen.
export async function chooseDestination(job) {
  const kind = destinationKind();
  try {
    if (kind === "folder") {
      folder = intoPrivateFolder ? await privateEntry(`library-${job.to}${job.flavor ? `-${job.flavor}` : ""}`, "folder")
        : await window.showDirectoryPicker({ mode: "readwrite", id: "library-out" });
    } else if (kind === "file") {
      file = intoPrivateFolder ? await privateEntry(zipName(job), "file")
        : await window.showSaveFilePicker({ suggestedName: zipName(job), types: [{ description: "Zip archive", accept: { "application/zip": [".zip"] } }] });
    }
    return true;
  } catch (error) {
    if (error?.name !== "AbortError") showError("library-error", `That place cannot be written to: ${error.message}`);
    return false;
  }
}

// Whether a batch can start: what it writes into is there.
export function destinationReady() {
  const kind = destinationKind();
  return kind === "download" || (kind === "folder" && Boolean(folder)) || (kind === "file" && Boolean(file));
}

// Where the outputs go, in words for the end of a batch ("into the folder “Android”").
export function destinationName(job) {
  const kind = destinationKind();
  return kind === "folder" ? `the folder “${folder?.name}”` : kind === "file" ? `“${file?.name}”` : zipName(job);
}

// The command that does the job where this browser cannot.
function command(job) {
  if (job.to === "split") return "livephoto split DIR --out OUT";
  if (job.to === "import") return `livephoto import DIR --out OUT${job.layout && job.layout !== "year-month" ? ` --layout ${job.layout}` : ""}`;
  return `livephoto convert --to ${job.to} DIR --out OUT${job.flavor && job.flavor !== "samsung" ? ` --flavor ${job.flavor}` : ""}`;
}

// What the view says of each place a batch's outputs go: how they are placed, resuming, and their dates.
const batchNotes = (job) => ({
  folder: ["Each item's outputs are written at its place below the folder, as the command line writes them into its output folder. "
    + "Running the job again into the same folder goes on where it stopped: what is there and holds is skipped, and nothing is rewritten.",
  "A browser cannot set a file's modification time: the files are dated when they are written, not like their inputs as the command line dates them."],
  download: [`This browser has no folder picker: the outputs are saved as one zip, ${zipName(job)}, which the browser downloads `
    + "as it is written (it is never held in memory). Cancel closes it whole, with what was done.",
  "A browser cannot set a file's modification time, but a zip carries one: each file in it is dated as the command line dates "
    + "it (like its input), and unzip gives it that date."],
  file: ["This browser has no folder picker: the outputs go into one zip, written as the items are done. Cancel closes it whole, with what was done.",
    "Each file in the zip is dated as the command line dates it (like its input), and unzip gives it that date."],
});

// The same for an import: the command line dates each file by its capture time, which a browser cannot do.
const importNotes = (job) => ({
  folder: ["Each photo and video is copied whole into the folder, filed by its capture date as chosen above, as livephoto import "
    + "writes it; what was written is recorded there (.livephoto-takeout). Running the job again into the same folder goes on "
    + "where it stopped: nothing written before is written again.",
  "A browser cannot set a file's modification time: the files are dated when they are written, not by their capture time as the "
    + "command line dates them. The capture dates stay in the files' own metadata."],
  download: [`This browser has no folder picker: the library is saved as one zip, ${zipName(job)}, which the browser downloads `
    + "as it is written (it is never held in memory). Cancel closes it whole, with what was done.",
  "A browser cannot set a file's modification time, but a zip carries one: each file in it is dated with its capture time, as the "
    + "command line dates the files it writes (a file without one, when it is written). The capture dates stay in the files' own metadata."],
  file: ["This browser has no folder picker: the library goes into one zip, written as the files are copied. "
    + "Cancel closes it whole, with what was done.",
    "Each file in the zip is dated with its capture time, as the command line dates the files it writes (a file without one, when "
    + "it is written). The capture dates stay in the files' own metadata."],
});

// The view's "Where it goes" part for `job` (a batch or an import): the button, what was chosen, and what a browser
// can and cannot do there (resuming, the files' dates).
export function showDestination(job) {
  const kind = destinationKind();
  $("library-destination").hidden = kind !== "folder" && kind !== "file";
  const chosen = kind === "folder" ? folder && `Saving into the folder “${folder.name}”.`
    : kind === "file" ? file && `Saving into “${file.name}”.` : "";
  $("library-destination-chosen").textContent = chosen || "";
  $("library-destination-chosen").hidden = !chosen;
  const notes = (job.to === "import" ? importNotes : batchNotes)(job)[kind];
  $("library-destination-note").hidden = !notes;
  $("library-dates").hidden = !notes;
  $("library-destination-none").hidden = kind !== "none";
  if (notes) [$("library-destination-note").textContent, $("library-dates").textContent] = notes;
  else {
    $("library-destination-why").textContent = host.server
      ? "This browser cannot save a library from livephoto serve's page: it has no folder picker (Chrome and Edge on a computer have one), "
        + "and this page has no service worker to stream a zip through. Open the web app as a static site (scripts/site.sh) in this browser, "
        + "or use the command line:"
      : "This browser cannot save a library from this page: it has no folder picker, and a page not served over HTTPS (or from this "
        + "machine) has no service worker to stream a zip through. Open it over HTTPS, or use the command line:";
    $("library-destination-command").textContent = command(job);
  }
}

// Opens where the outputs go, as the engine's worker takes it (engine.js's convertLibraryInEngine): the folder or
// the file, or a download started now. `done()` is called once the batch has ended.
export async function openDestination(job) {
  const kind = destinationKind();
  if (kind === "folder") return { out: { folder }, done() {} };
  if (kind === "file") return { out: { file }, done() {} };
  if (kind === "download") {
    const download = await openStreamedDownload(zipName(job), "application/zip");
    return { out: { port: download.port }, done: download.done };
  }
  throw new Error("this browser cannot save a library from this page");
}
