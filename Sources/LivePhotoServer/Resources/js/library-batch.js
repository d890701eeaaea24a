// A library batch's result in words (convert --to motion, convert --to live, split, run by the engine): a sentence as
// the command line ends a batch with, and a table that accounts for every item and every file (done, skipped because
// their outputs are there, failed, not reached when cancelled, damaged, of other kinds left alone); then the failed
// items with their reasons and the damaged files with theirs. The report saved is the command line's --json lines.
import { $ } from "./dom.js";
import { showList } from "./library-report.js";

const count = (n) => n.toLocaleString("en");
const plural = (n, one, many) => `${count(n)} ${n === 1 ? one : many}`;
const filesOf = (lines) => lines.reduce((sum, line) => sum + line.inputs.length, 0);

// The lists under the table: the lines the command line prints its reason for.
const lists = [
  { id: "library-failed", status: "failed", one: "failed item", many: "failed items" },
  { id: "library-damaged", status: "damaged", one: "damaged file", many: "damaged files" },
];

// The sentence, in the command line's words: "12 items: 10 done, 1 skipped (their outputs are there), 1 failed; 5 of
// other kinds left alone (1 of them damaged). 31 files read."
function batchSentence(job, summary, filesFound) {
  const finished = summary.done + summary.skipped + summary.failed;
  const parts = [`${count(summary.done)} done`];
  if (summary.skipped) parts.push(`${count(summary.skipped)} skipped (their outputs are there)`);
  if (summary.failed) parts.push(`${count(summary.failed)} failed`);
  let sentence = summary.items ? `${plural(summary.items, "item", "items")}: ${parts.join(", ")}` : job.nothing;
  if (summary.interrupted) sentence += `; ${count(summary.items - finished)} not reached (cancelled)`;
  if (summary.leftAlone) {
    sentence += `; ${count(summary.leftAlone)} of other kinds left alone`
      + (summary.damaged ? ` (${count(summary.damaged)} of them damaged)` : "");
  }
  return `${sentence}. ${plural(filesFound, "file", "files")} read.`;
}

// The table: each outcome, its items and their files; the last row, every item and every file found. The files of
// the items left alone are the files no line names; when a batch was cancelled, so are those of the items never
// reached, and no line says which is which: the two are one row then.
function showOutcomes(report, summary, filesFound) {
  const by = (status) => report.filter((line) => line.status === status);
  const notReached = summary.items - summary.done - summary.skipped - summary.failed;
  const others = summary.leftAlone - summary.damaged;
  const rest = Math.max(0, filesFound - filesOf(report));
  const rows = [
    ["done", "Done", summary.done, filesOf(by("done"))],
    ["skipped", "Skipped: their outputs are there", summary.skipped, filesOf(by("skipped"))],
    ["failed", "Failed", summary.failed, filesOf(by("failed"))],
    ["damaged", "Damaged files", summary.damaged, filesOf(by("damaged"))],
    summary.interrupted ? ["not-reached", "Not reached (cancelled), or of other kinds left alone", notReached + others, rest]
      : ["left-alone", "Of other kinds, left alone", others, rest],
  ].filter(([, , items, files]) => items || files);
  const row = (outcome, label, items, files) => {
    const tr = document.createElement("tr");
    tr.dataset.outcome = outcome;
    const th = Object.assign(document.createElement("th"), { scope: "row", textContent: label });
    tr.append(th, ...[items, files].map((n) => Object.assign(document.createElement("td"), { textContent: count(n) })));
    return tr;
  };
  const total = row("total", "All", summary.items + summary.leftAlone, filesFound);
  total.className = "total";
  $("library-counts").tBodies[0].replaceChildren(...rows.map((cells) => row(...cells)), total);
}

// The batch's result in the view: the sentence, the table, the failed items and the damaged files.
export function showBatch(job, report, summary, filesFound) {
  $("library-sentence").textContent = batchSentence(job, summary, filesFound);
  $("library-counts-what").textContent = "Outcome";
  $("library-counts").caption.textContent = "What was done with each item";
  showOutcomes(report, summary, filesFound);
  for (const { id, status, one, many } of lists) {
    const lines = report.filter((line) => line.status === status).sort((a, b) => (a.item < b.item ? -1 : a.item > b.item ? 1 : 0))
      .map((line) => `${line.inputs.join(", ") || line.item}${line.reason ? ` — ${line.reason}` : ""}`);
    showList(id, lines, one, many);
  }
}
