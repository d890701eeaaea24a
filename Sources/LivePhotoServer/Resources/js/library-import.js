// The Library view's import: a camera's folder (an iPhone's DCIM copied to a computer, an Android phone's Camera), a
// Google Takeout, Apple's data copy of iCloud Photos or a folder icloudpd or osxphotos wrote, made into a clean library, as `livephoto import FOLDER --out OUT` makes it, by the engine's importLibrary in its
// worker: the job as library.js runs it, and its result in words. The sentence and the table account for every file
// of the folder (each photo's and video's outcome, and the other files, not copied); the failures, the notes and the
// problems are listed under them; the report saved is the lines `import --json` prints.
import { $ } from "./dom.js";
import { importLibraryInEngine } from "./engine.js";
import { count } from "./library-progress.js";
import { showList } from "./library-report.js";

const plural = (n, one, many) => `${count(n)} ${n === 1 ? one : many}`;

// A media file's outcomes, in the order the sentence says them: the table's row, the sentence's words, and whether
// the file was copied into the library by this run.
const outcomes = [
  { outcome: "paired-live-photo", row: "Live Photo halves, paired", copied: true,
    words: (n) => plural(n, "paired Live Photo half", "paired Live Photo halves") },
  { outcome: "written", row: "Photos and videos written", copied: true, words: (n) => `${count(n)} written` },
  { outcome: "merged-into-motion-photo", row: "Movies merged into a Motion Photo", words: (n) => `${count(n)} merged into a Motion Photo` },
  { outcome: "duplicate", row: "Duplicates: the same bytes, written once",
    words: (n) => plural(n, "duplicate of a file written once", "duplicates of files written once") },
  { outcome: "already-written", row: "Already written by an earlier run", words: (n) => `${count(n)} already written by an earlier run` },
  { outcome: "skipped", row: "Skipped", words: (n) => `${count(n)} skipped` },
  { outcome: "failed", row: "Failed", words: (n) => `${count(n)} failed` },
];

// What the bar says in each of the import's stages.
const labels = {
  inflating: "Inflating the .tgz parts…", checking: "Checking the zips' files…", comparing: "Comparing the files of one size…", reading: "Reading the files…",
  dating: "Reading the dates the files keep…", writing: "Copying…",
};

// What the other files are, by their extension: "2 .AAE edits, 1 .txt".
function otherKinds(lines) {
  const byExtension = new Map();
  for (const { member } of lines) {
    const name = member.split("/").pop(), dot = name.lastIndexOf(".");
    const extension = dot > 0 ? name.slice(dot).toUpperCase() : "";
    byExtension.set(extension, (byExtension.get(extension) ?? 0) + 1);
  }
  const words = ([extension, n]) => (extension === ".AAE" ? plural(n, ".AAE edit", ".AAE edits")
    : extension ? `${count(n)} ${extension.toLowerCase()}` : `${count(n)} without an extension`);
  return [...byExtension].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(words).join(", ");
}

// "4 media files: 2 paired Live Photo halves, 1 written, 1 duplicate of a file written once; 1 other file not copied
// (1 .AAE edit)."
function importSentence(summary, others) {
  const parts = outcomes.filter(({ outcome }) => summary.outcomes[outcome]).map(({ outcome, words }) => words(summary.outcomes[outcome]));
  let sentence = summary.mediaFiles ? `${plural(summary.mediaFiles, "media file", "media files")}: ${parts.join(", ")}` : "No photo or video found";
  if (summary.nonMediaFiles) sentence += `; ${plural(summary.nonMediaFiles, "other file", "other files")} not copied (${otherKinds(others)})`;
  return `${sentence}.`;
}

// The table: each outcome's files and how many of them this run copied into the library; the other files; the last
// row, every file of the folder.
function showOutcomes(entries, summary) {
  const row = (outcome, label, files, copied) => {
    const tr = document.createElement("tr");
    tr.dataset.outcome = outcome;
    const th = Object.assign(document.createElement("th"), { scope: "row", textContent: label });
    tr.append(th, ...[files, copied].map((n) => Object.assign(document.createElement("td"), { textContent: count(n) })));
    return tr;
  };
  const copiedOf = (outcome) => entries.filter((line) => line.outcome === outcome && line.output).length;
  const rows = outcomes.filter(({ outcome }) => summary.outcomes[outcome])
    .map(({ outcome, row: label, copied }) => row(outcome, label, summary.outcomes[outcome], copied ? copiedOf(outcome) : 0));
  if (summary.nonMediaFiles) rows.push(row("not-copied", "Other files, not copied", summary.nonMediaFiles, 0));
  const copied = outcomes.filter((o) => o.copied).reduce((sum, { outcome }) => sum + copiedOf(outcome), 0);
  const total = row("total", "All", summary.mediaFiles + summary.nonMediaFiles, copied);
  total.className = "total";
  $("library-counts").tBodies[0].replaceChildren(...rows, total);
}

// The import's result in the view, from its report (`import --json`'s lines): the sentence, the table, the lists.
function showImport(report) {
  const entries = report.filter((line) => line.outcome), others = report.filter((line) => line.type === "non-media");
  const summary = report.find((line) => line.type === "summary");
  $("library-sentence").textContent = importSentence(summary, others);
  $("library-counts-what").textContent = "Outcome";
  [$("library-counts-items").textContent, $("library-counts-files").textContent] = ["Files", "Copied now"];
  $("library-counts").caption.textContent = "What became of each file";
  showOutcomes(entries, summary);
  showList("library-failed", entries.filter((line) => line.outcome === "failed").map((line) => `${line.member} — ${line.reason ?? ""}`),
    "failed file", "failed files");
  showList("library-notes", entries.flatMap((line) => line.notes.map((note) => `${line.member} — ${note}`)), "note", "notes");
  showList("library-problems", summary.problems, "problem", "problems");
}

// What a cancelled import says: how far it got, and what became of what it wrote (its record is written first).
function cancelled(last, kind) {
  if (last.stage !== "writing") {
    return `Cancelled after ${count(last.done)} of ${count(last.total)} files were ${last.stage === "comparing" ? "compared" : "read"}, `
      + `before any file was copied${kind === "folder" ? "" : " (the zip holds nothing)"}.`;
  }
  const after = `Cancelled after ${count(last.done)} of ${count(last.total)} files were copied.`;
  return kind === "folder" ? `${after} Running the job again into the same folder goes on from there.`
    : `${after} The zip is closed whole, with what was done.`;
}

// The job, as library.js's `jobs` has them. A folder input's Files go as they were given (importLibrary names the
// folder by the first step of their paths); a folder dropped and walked in the page is named by `partName`.
export const importJob = {
  to: "import",
  writes: true,
  start: "Make the library",
  working: "Making a clean library",
  done: (what) => `Made a clean library of ${what}`,
  saved: "library-import.jsonl",
  run(given, options, out) {
    // Files chosen or dropped by themselves that are zips are an export's parts (the bar gives their checking its share).
    const named = (pattern) => given.inputs.some((input) => typeof input.name === "string" && !input.webkitRelativePath && pattern.test(input.name));
    this.zipped = named(/\.zip$/i);
    // A Takeout's .tgz parts are inflated first (the bar gives it its share).
    this.inflated = named(/\.(tgz|gz)$/i);
    return importLibraryInEngine(given.files ?? given.inputs,
      { layout: $("library-layout").value, ...(given.folder ? { partName: given.folder } : {}) }, out, options);
  },
  label: (progress) => labels[progress.stage] ?? "Reading the files…",
  cancelled,
  show(result) {
    showImport(result.report);
    return $("library-sentence").textContent;
  },
};
