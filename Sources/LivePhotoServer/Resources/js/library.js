// Library: a whole folder of photos and videos, read in this browser by the engine's worker (nothing is uploaded,
// on `livephoto serve`'s page too). The library is chosen (a folder, files, or what is dropped on the view), then a
// job runs on it, with a progress bar and Cancel; its result shows at the end. The jobs are the radio buttons named
// `library-job`, each an entry of `jobs` below; today's one is the check, `livephoto scan`'s report.
import { $, announce, setProgress, showError } from "./dom.js";
import { scanLibraryInEngine } from "./engine.js";
import { chosenFiles, droppedLibrary, folderInputFiles, pickedFolder } from "./library-inputs.js";
import { reportLines, showScan } from "./library-report.js";
import { heldURL, releaseURLs, size } from "./outputs.js";

// The browser's folder picker where it has one (Chromium's showDirectoryPicker); elsewhere (Firefox, Safari), and with
// `?folder-input` in the page's address (the browser tests: no picker can be driven headless), the folder input.
const folderPicker = typeof window.showDirectoryPicker === "function" && !new URLSearchParams(location.search).has("folder-input");

let chosen = null; // what was chosen: { inputs, what, unreadable } (library-inputs.js)
let running = null; // the AbortController of the job under way
let report = null; // the last check's report, for "Save the report"

const count = (n) => n.toLocaleString("en");

// "about 2 min left": from the bytes read so far a second, once a few seconds have gone by (before that, a rate
// says more about the engine starting than about the library).
function timeLeft(progress) {
  if (progress.seconds < 3 || !progress.bytes || progress.bytes >= progress.totalBytes) return "";
  const seconds = (progress.totalBytes - progress.bytes) * progress.seconds / progress.bytes;
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `about ${minutes} min left` : `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

// The jobs: what the start button and the progress bar say, what runs, and what shows at the end.
const jobs = {
  check: {
    start: "Check the library",
    working: "Checking the library",
    done: (what) => `Checked ${what}`,
    run: (inputs, options) => scanLibraryInEngine(inputs, options),
    // scanLibrary reads the files a batch at a time, then pairs them: its progress ends when every file is read.
    label: (progress) => (progress.files < progress.totalFiles ? "Reading the files…" : "Pairing…"),
    show(result, given) {
      report = result.report;
      showScan(result.report, result.summary, given.unreadable);
      return $("library-sentence").textContent;
    },
  },
};

const chosenJob = () => jobs[document.querySelector("input[name=library-job]:checked")?.value] ?? jobs.check;

// The bar by bytes (the time left is reckoned by them too), by files when they are all empty; the line under it says
// both, and the time left.
function showProgress(job, progress) {
  const fraction = progress.totalBytes ? progress.bytes / progress.totalBytes
    : progress.totalFiles ? progress.files / progress.totalFiles : 1;
  setProgress("library-progress", fraction, job.label(progress));
  const parts = [`${count(progress.files)} of ${count(progress.totalFiles)} files`,
    `${size(progress.bytes)} of ${size(progress.totalBytes)}`];
  const left = timeLeft(progress);
  if (left) parts.push(left);
  $("library-detail").textContent = parts.join(" · ");
}

// While a job runs, the library and the job cannot change, and Cancel takes the start button's place in the focus.
function setRunning(controller) {
  running = controller;
  $("library-choose").disabled = Boolean(controller);
  $("library-jobs").disabled = Boolean(controller);
  $("library-go").disabled = Boolean(controller) || !chosen;
  $("library-cancel").hidden = !controller;
  (controller ? $("library-cancel") : $("library-go")).focus();
}

async function start() {
  if (!chosen || running) return;
  const job = chosenJob(), given = chosen, controller = new AbortController();
  showError("library-error", "");
  $("library-result").hidden = true;
  $("library-cancelled").hidden = true;
  releaseURLs("library");
  report = null;
  setRunning(controller);
  $("library-progress").setAttribute("aria-label", job.working);
  setProgress("library-progress", 0, `${job.working}…`);
  $("library-detail").textContent = "Listing the files…";
  $("library-detail").hidden = false;
  let last = null;
  try {
    const onProgress = (progress) => { last = progress; showProgress(job, progress); };
    const result = await job.run(given.inputs, { signal: controller.signal, onProgress });
    setProgress("library-progress", 1, "Done");
    if (last) $("library-detail").textContent = `${count(last.totalFiles)} files read · ${size(last.totalBytes)}`;
    else $("library-detail").hidden = true;
    $("library-result-title").textContent = job.done(given.what);
    const said = job.show(result, given);
    $("library-result").hidden = false;
    setRunning(null);
    $("library-result-title").focus();
    announce(`${$("library-result-title").textContent}. ${said}`);
  } catch (error) {
    setRunning(null);
    if (error?.name === "AbortError") {
      setProgress("library-progress", last ? Number($("library-progress").dataset.fraction) : 0, "Cancelled");
      $("library-cancelled").textContent = last
        ? `Cancelled after ${count(last.files)} of ${count(last.totalFiles)} files were read.`
        : "Cancelled before any file was read.";
      $("library-cancelled").hidden = false;
      announce($("library-cancelled").textContent);
    } else {
      $("library-progress").hidden = true;
      $("library-detail").hidden = true;
      showError("library-error", error?.message ?? String(error));
    }
  }
}

// A library chosen: named in the drop zone, ready to run; the last result, of another library, goes.
function choose(given) {
  chosen = given;
  $("library-chosen").textContent = `Chosen: ${given.what}.`;
  $("library-drop").dataset.state = "chosen";
  $("library-go").disabled = Boolean(running);
  $("library-result").hidden = true;
  $("library-cancelled").hidden = true;
  $("library-progress").hidden = true;
  $("library-detail").hidden = true;
  showError("library-error", "");
  announce(`Chosen: ${given.what}.`);
}

async function pickFolder() {
  try {
    choose(pickedFolder(await window.showDirectoryPicker({ mode: "read", id: "library" })));
  } catch (error) {
    if (error?.name !== "AbortError") showError("library-error", `The folder could not be opened: ${error.message}`);
  }
}

// What a file input gave, taken as the library; the input is emptied so that the same choice made again counts.
function takeInput(input, given) {
  const files = [...input.files];
  input.value = "";
  if (!files.length) {
    showError("library-error", "That folder holds no files.");
    return;
  }
  choose(given(files));
}

// Files or a folder dropped while the view is shown (drop.js hands them here, from its drop handler: the items of a
// drop are read while the event lasts).
export function dropOnLibrary(transfer) {
  if (running) {
    showError("library-error", "A job is under way: cancel it before choosing another library.");
    return;
  }
  droppedLibrary(transfer).then((given) => {
    if (!given.inputs.length && !given.unreadable.length) showError("library-error", "Nothing was dropped that this browser can read.");
    else choose(given);
  }, (error) => showError("library-error", error.message));
}

function save() {
  if (!report) return;
  const link = document.createElement("a");
  link.href = heldURL("library", reportLines(report));
  link.download = "library-scan.jsonl";
  link.click();
}

export function setUpLibrary() {
  $("library-pick").hidden = !folderPicker;
  $("library-folder-choice").hidden = folderPicker;
  $("library-pick").addEventListener("click", pickFolder);
  $("library-folder").addEventListener("change", (e) => takeInput(e.target, folderInputFiles));
  $("library-files").addEventListener("change", (e) => takeInput(e.target, chosenFiles));
  for (const radio of document.querySelectorAll("input[name=library-job]")) {
    radio.addEventListener("change", () => { $("library-go").textContent = chosenJob().start; });
  }
  $("library-go").textContent = chosenJob().start;
  $("library-go").addEventListener("click", start);
  $("library-cancel").addEventListener("click", () => running?.abort());
  $("library-save").addEventListener("click", save);
}
