// A library's check in words: what `livephoto scan` prints, for the page. The sentence and the table account for every
// file found (a Live Photo is two files or more, its edited copies among them); the lists under them are scan's own,
// the orphans, the conflicts and the damaged files, each with its note; the report saved is `scan --json`'s lines.
import { $ } from "./dom.js";

const count = (n) => n.toLocaleString("en");
const plural = (n, one, many) => `${count(n)} ${n === 1 ? one : many}`;

// Each kind scan tells apart, in the order the summary says them: its name in the table, and in the sentence (the
// orphans, both ways, are said together there).
const kinds = [
  { kind: "live-photo", row: "Live Photos", one: "Live Photo", many: "Live Photos" },
  { kind: "motion-photo", row: "Motion Photos", one: "Motion Photo", many: "Motion Photos" },
  { kind: "plain-photo", row: "Photos", one: "photo", many: "photos" },
  { kind: "plain-movie", row: "Videos", one: "video", many: "videos" },
  { kind: "other", row: "Sidecars and other files", one: "sidecar or other file", many: "sidecars and other files" },
  { kind: "damaged", row: "Damaged files", one: "damaged file", many: "damaged files" },
  { kind: "orphan-still", row: "Photos whose movie is missing" },
  { kind: "orphan-movie", row: "Movies whose photo is missing" },
  { kind: "conflict", row: "Conflicts", one: "conflict", many: "conflicts" },
];

// The lists under the summary, as scan prints them: the items it cannot leave as they are.
const lists = [
  { id: "library-orphans", kinds: ["orphan-still", "orphan-movie"], one: "orphan", many: "orphans" },
  { id: "library-conflicts", kinds: ["conflict"], one: "conflict", many: "conflicts" },
  { id: "library-damaged", kinds: ["damaged"], one: "damaged file", many: "damaged files" },
];

// How many lines a list shows: the saved report has them all.
const shownLines = 500;

const filesOf = (item) => item.files.length + item.variants.length;

// The Live Photos' part of the sentence: how they were paired.
function livePhotos(n, byName) {
  const what = plural(n, "Live Photo", "Live Photos");
  if (!byName) return `${what}, paired by identifier`;
  if (byName === n) return `${what}, paired by name only (their files lack a content identifier)`;
  return `${what} (${count(n - byName)} paired by identifier, ${count(byName)} by name only)`;
}

// "N files: X Live Photos, …; Y photos; …": every kind found, from scan's counts, the orphans said together.
function scanSentence(summary) {
  if (!summary.filesFound) return "No files found.";
  const parts = [];
  for (const { kind, one, many } of kinds) {
    const n = summary.counts[kind] ?? 0;
    if (kind === "orphan-still") parts.push(...orphans(summary.counts));
    if (!n || kind.startsWith("orphan-")) continue;
    parts.push(kind === "live-photo" ? livePhotos(n, summary.pairedByName) : plural(n, one, many));
  }
  return `${plural(summary.filesFound, "file", "files")}: ${parts.join("; ")}.`;
}

function orphans(counts) {
  const stills = counts["orphan-still"] ?? 0, movies = counts["orphan-movie"] ?? 0;
  if (!stills && !movies) return [];
  const which = [stills && plural(stills, "photo without its movie", "photos without their movie"),
    movies && plural(movies, "movie without its photo", "movies without their photo")].filter(Boolean);
  return [`${plural(stills + movies, "orphan", "orphans")} (${which.join(", ")})`];
}

// The table: each kind found, its items and their files; the last row, every item and every file found.
function showCounts(report, summary) {
  const files = new Map();
  for (const item of report) files.set(item.kind, (files.get(item.kind) ?? 0) + filesOf(item));
  const row = (label, items, fileCount, kind) => {
    const tr = document.createElement("tr");
    if (kind) tr.dataset.kind = kind;
    const th = document.createElement("th");
    th.scope = "row"; th.textContent = label;
    const cells = [items, fileCount].map((n) => Object.assign(document.createElement("td"), { textContent: count(n) }));
    tr.append(th, ...cells);
    return tr;
  };
  const rows = kinds.filter(({ kind }) => summary.counts[kind])
    .map(({ kind, row: label }) => row(label, summary.counts[kind], files.get(kind) ?? 0, kind));
  const total = row("All", report.length, summary.filesFound);
  total.className = "total";
  $("library-counts").tBodies[0].replaceChildren(...rows, total);
}

// One list of the result (its box `id`, hidden when there is nothing to list): its heading says how many; each line
// one item's files and what is said of them. The batch's result (library-batch.js) lists its own this way too.
export function showList(id, lines, one, many) {
  const box = $(id);
  box.hidden = !lines.length;
  box.querySelector("h3").textContent = plural(lines.length, one, many);
  const shown = lines.slice(0, shownLines).map((text) => Object.assign(document.createElement("li"), { textContent: text }));
  if (lines.length > shownLines) {
    const li = document.createElement("li");
    li.textContent = `and ${count(lines.length - shownLines)} more: the saved report lists them all`;
    shown.push(li);
  }
  box.querySelector("ul").replaceChildren(...shown);
}

// scan's list of the items of `kinds`, each line its files and note, as scan prints it.
function showScanList({ id, kinds: listed, one, many }, report) {
  const lines = report.filter((item) => listed.includes(item.kind))
    .sort((a, b) => (a.files[0] < b.files[0] ? -1 : a.files[0] > b.files[0] ? 1 : 0))
    .map((item) => `${item.files.join(", ")}${item.note ? ` — ${item.note}` : ""}`);
  showList(id, lines, one, many);
}

// What a drop held that the browser would not hand over (a folder picked or chosen has none: the engine reports
// such a folder as a damaged item).
export function showUnreadable(unreadable) {
  const box = $("library-unreadable");
  box.hidden = !unreadable.length;
  box.querySelector("h3").textContent = `${plural(unreadable.length, "folder or file", "folders or files")} this browser would not read`;
  box.querySelector("ul").replaceChildren(...unreadable.map(({ path, reason }) =>
    Object.assign(document.createElement("li"), { textContent: `${path} — ${reason}` })));
}

// The check's result in the view: the sentence, the table, the lists.
export function showScan(report, summary) {
  $("library-sentence").textContent = scanSentence(summary);
  $("library-counts-what").textContent = "Found";
  $("library-counts").caption.textContent = "What the files are";
  showCounts(report, summary);
  for (const list of lists) showScanList(list, report);
}

// The report as the command line prints it with --json (`scan`, or a batch): one item a line, paths relative to the
// folder (and a batch's outputs to where they went).
export function reportLines(report) {
  return new Blob(report.map((item) => `${JSON.stringify(item)}\n`), { type: "application/jsonl" });
}
