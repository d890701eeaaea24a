// Library: a whole folder of photos and videos, read in this browser by the engine's worker (nothing is uploaded,
// on `livephoto serve`'s page too). The library is chosen (a folder, files, or what is dropped on the view), then a
// job runs on it, with a progress bar and Cancel; its result shows at the end. The jobs are the radio buttons named
// `library-job`, each an entry of `jobs` below: the check (`livephoto scan`'s report), a camera's folder made into a
// clean library (`livephoto import`, library-import.js), and the command line's batches over a folder (`convert --to
// motion`, `convert --to live`, `split`); what the last four write goes where library-destination.js says (a folder,
// or one zip).
import { $, announce, setProgress, showError } from "./dom.js";
import { convertLibraryInEngine, scanLibraryInEngine } from "./engine.js";
import { showBatch } from "./library-batch.js";
import { chooseDestination, destinationName, destinationKind, destinationReady, openDestination, showDestination } from "./library-destination.js";
import { importJob } from "./library-import.js";
import { chosenFiles, droppedLibrary, folderInputFiles, pickedFolder } from "./library-inputs.js";
import { count, endLine, progressFraction, progressLine } from "./library-progress.js";
import { reportLines, showScan, showUnreadable } from "./library-report.js";
import { heldURL, releaseURLs } from "./outputs.js";

// The browser's folder picker where it has one (Chromium's showDirectoryPicker); elsewhere (Firefox, Safari), and with
// `?folder-input` in the page's address (the browser tests: no picker can be driven headless), the folder input.
const folderPicker = typeof window.showDirectoryPicker === "function" && !new URLSearchParams(location.search).has("folder-input");

let chosen = null; // what was chosen: { inputs, what, unreadable } (library-inputs.js)
let running = null; // the AbortController of the job under way
let last = null; // the last progress of the job under way (or of the last job)
let report = null; // the last job's report and the name it is saved under, for "Save the report"

// A batch of the command line's over the library: reading each file's headers, then each item made and written.
// The reading takes the bar's first tenth (it reads headers only); the writing, which reads every byte, the rest.
function batch(to, words) {
  return {
    to,
    writes: true,
    readingShare: 0.1,
    saved: `library-${to}.jsonl`,
    ...words,
    run: (given, options, out) => convertLibraryInEngine(given.inputs, { to, ...(to === "motion" ? { flavor: $("library-flavor").value } : {}) }, out, options),
    label: (progress) => (progress.phase === "writing" ? `${words.writing}…`
      : progress.files < progress.totalFiles ? "Reading the files…" : "Pairing and planning…"),
    // The result accounts for every file read (`filesRead`, from the reading's progress).
    show(result, filesRead) {
      showBatch(this, result.report, result.summary, filesRead);
      return $("library-sentence").textContent;
    },
  };
}

// The jobs: what the start button and the progress bar say, what runs, and what shows at the end.
const jobs = {
  check: {
    start: "Check the library",
    working: "Checking the library",
    done: (what) => `Checked ${what}`,
    readingShare: 1,
    saved: "library-scan.jsonl",
    run: (given, options) => scanLibraryInEngine(given.inputs, options),
    // scanLibrary reads the files a batch at a time, then pairs them: its progress ends when every file is read.
    label: (progress) => (progress.files < progress.totalFiles ? "Reading the files…" : "Pairing…"),
    show(result) {
      showScan(result.report, result.summary);
      return $("library-sentence").textContent;
    },
  },
  import: importJob,
  motion: batch("motion", {
    start: "Convert every Live Photo",
    working: "Converting every Live Photo to a Motion Photo",
    writing: "Converting",
    done: (what, partly) => `Converted the Live Photos of ${partly ? "part of " : ""}${what}`,
    nothing: "No Live Photo to convert",
  }),
  live: batch("live", {
    start: "Convert every Motion Photo",
    working: "Converting every Motion Photo to a Live Photo",
    writing: "Converting",
    done: (what, partly) => `Converted the Motion Photos of ${partly ? "part of " : ""}${what}`,
    nothing: "No Motion Photo to convert",
  }),
  split: batch("split", {
    start: "Split every Live Photo and Motion Photo",
    working: "Splitting every Live Photo and Motion Photo",
    writing: "Splitting",
    done: (what, partly) => `Split the Live Photos and Motion Photos of ${partly ? "part of " : ""}${what}`,
    nothing: "No Live Photo or Motion Photo to split",
  }),
};

const chosenJob = () => jobs[document.querySelector("input[name=library-job]:checked")?.value] ?? jobs.check;

// The job as where its outputs go is chosen by: its `to`, the gallery a Motion Photo is for, an import's folders.
const destinationJob = (job) => ({
  to: job.to,
  flavor: job.to === "motion" ? $("library-flavor").value : undefined,
  layout: job.to === "import" ? $("library-layout").value : undefined,
});

// The bar, and the line under it (library-progress.js), for the job under way.
function showProgress(job, progress) {
  setProgress("library-progress", progressFraction(job, progress), running?.signal.aborted ? stoppingWords() : job.label(progress));
  $("library-detail").textContent = progressLine(progress);
}

// What the start button, the flavor, the choice of where it goes and the notes say for the job chosen.
function updateControls() {
  const job = chosenJob();
  $("library-go").textContent = job.start;
  $("library-flavor").disabled = Boolean(running) || job.to !== "motion";
  $("library-layout").disabled = Boolean(running) || job.to !== "import";
  $("library-where").hidden = !job.writes;
  if (job.writes) showDestination(destinationJob(job));
  $("library-go").disabled = Boolean(running) || !chosen || (job.writes && !destinationReady());
}

// While a job runs, the library, the job and where it goes cannot change, and Cancel takes the start button's
// place in the focus.
function setRunning(controller) {
  running = controller;
  $("library-choose").disabled = Boolean(controller);
  $("library-jobs").disabled = Boolean(controller);
  $("library-where").disabled = Boolean(controller);
  $("library-cancel").hidden = !controller;
  updateControls();
  (controller ? $("library-cancel") : $("library-go")).focus();
}

// What the bar says between Cancel and the job's end: a batch or an import finishes the item it is making, a reading
// the files it is reading.
const writingNow = () => last?.phase === "writing" || last?.stage === "writing";
const stoppingWords = () => (writingNow() ? "Stopping after the item under way…" : "Stopping after the files being read…");

// What a cancelled job says: how far it got, and what became of what it wrote.
function cancelledWords(job, kind) {
  if (!last) return "Cancelled before any file was read.";
  if (job.cancelled) return job.cancelled(last, kind);
  if (last.phase !== "writing") {
    const read = `Cancelled after ${count(last.files)} of ${count(last.totalFiles)} files were read`;
    if (!job.writes) return `${read}.`;
    return `${read}, before any item was written${kind === "folder" ? "" : " (the zip holds nothing)"}.`;
  }
  const after = `Cancelled after ${count(last.items)} of ${count(last.totalItems)} items.`;
  return kind === "folder" ? `${after} Running the job again into the same folder goes on from there.`
    : `${after} The zip is closed whole, with what was done.`;
}

async function start() {
  if (!chosen || running) return;
  const job = chosenJob(), given = chosen, controller = new AbortController();
  const kind = job.writes ? destinationKind() : null;
  showError("library-error", "");
  $("library-result").hidden = true;
  $("library-cancelled").hidden = true;
  releaseURLs("library");
  report = null;
  last = null;
  setRunning(controller);
  $("library-progress").setAttribute("aria-label", job.working);
  setProgress("library-progress", 0, `${job.working}…`);
  $("library-detail").textContent = "Listing the files…";
  $("library-detail").hidden = false;
  let destination = null, filesRead = 0;
  try {
    const onProgress = (progress) => {
      last = progress;
      if (progress.phase !== "writing") filesRead = progress.totalFiles;
      showProgress(job, progress);
    };
    if (job.writes) destination = await openDestination(destinationJob(job));
    const result = await job.run(given, { signal: controller.signal, onProgress }, destination?.out);
    destination?.done();
    const partly = Boolean(result.summary?.interrupted);
    if (partly) {
      setProgress("library-progress", Number($("library-progress").dataset.fraction), "Cancelled");
      $("library-cancelled").textContent = cancelledWords(job, kind);
      $("library-cancelled").hidden = false;
    } else {
      setProgress("library-progress", 1, "Done");
    }
    if (last) $("library-detail").textContent = endLine(last);
    else $("library-detail").hidden = true;
    $("library-result-title").textContent = job.done(given.what, partly) + (job.writes ? ` into ${destinationName(destinationJob(job))}` : "");
    for (const list of $("library-result").querySelectorAll(".listing")) list.hidden = true;
    [$("library-counts-items").textContent, $("library-counts-files").textContent] = ["Items", "Files"];
    const said = job.show(result, filesRead);
    showUnreadable(given.unreadable);
    report = { lines: result.report, name: job.saved };
    $("library-result").hidden = false;
    setRunning(null);
    $("library-result-title").focus();
    announce(`${partly ? `${$("library-cancelled").textContent} ` : ""}${$("library-result-title").textContent}. ${said}`);
  } catch (error) {
    destination?.done();
    setRunning(null);
    if (error?.name === "AbortError") {
      setProgress("library-progress", last ? Number($("library-progress").dataset.fraction) : 0, "Cancelled");
      $("library-cancelled").textContent = cancelledWords(job, kind);
      $("library-cancelled").hidden = false;
      announce($("library-cancelled").textContent);
    } else {
      $("library-progress").hidden = true;
      $("library-detail").hidden = true;
      showError("library-error", error?.message ?? String(error));
    }
  }
}

// Cancel: a check stops at once; a batch after the files it is reading or the item it is making, which the bar says
// until it ends.
function cancel() {
  if (!running || running.signal.aborted) return;
  running.abort();
  if (chosenJob().writes) setProgress("library-progress", Number($("library-progress").dataset.fraction), stoppingWords());
}

// A library chosen: named in the drop zone, ready to run; the last result, of another library, goes.
function choose(given) {
  chosen = given;
  $("library-chosen").textContent = `Chosen: ${given.what}.`;
  $("library-drop").dataset.state = "chosen";
  updateControls();
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

// "Choose where to save": the view then says where, and the job can start.
async function pickDestination() {
  showError("library-error", "");
  if (await chooseDestination(destinationJob(chosenJob()))) {
    updateControls();
    announce($("library-destination-chosen").textContent);
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

// The report as the command line prints it with --json, one line per item.
function save() {
  if (!report) return;
  const link = document.createElement("a");
  link.href = heldURL("library", reportLines(report.lines));
  link.download = report.name;
  link.click();
}

export function setUpLibrary() {
  $("library-pick").hidden = !folderPicker;
  $("library-folder-choice").hidden = folderPicker;
  // The galleries a Motion Photo can be made for: the Convert view's list, as it names them.
  $("library-flavor").replaceChildren(...[...$("convert-flavor").options].map((option) => option.cloneNode(true)));
  $("library-pick").addEventListener("click", pickFolder);
  $("library-folder").addEventListener("change", (e) => takeInput(e.target, folderInputFiles));
  $("library-files").addEventListener("change", (e) => takeInput(e.target, chosenFiles));
  for (const radio of document.querySelectorAll("input[name=library-job]")) radio.addEventListener("change", updateControls);
  $("library-flavor").addEventListener("change", updateControls);
  $("library-layout").addEventListener("change", updateControls);
  $("library-destination").addEventListener("click", pickDestination);
  updateControls();
  $("library-go").addEventListener("click", start);
  $("library-cancel").addEventListener("click", cancel);
  $("library-save").addEventListener("click", save);
}
