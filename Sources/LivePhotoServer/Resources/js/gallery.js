// The gallery: the folder `serve` was given, a page at a time; "Show more" fetches the next page of the same scan.
// Live Photos and Motion Photos play in the viewer; photos and movies without their other half are shown marked.
// "With problems" checks the folder as `livephoto repair --dry-run` does and shows the items that need repair, each
// marked with its problems in words; Repair mends one item, "Repair all shown" every item shown, in place.
import { getJSON, postJSON } from "./api.js";
import { $, announce, showError } from "./dom.js";
import { openEditor } from "./editor.js";
import { liveViewer } from "./viewer.js";

const galleryPage = 200;
const kindLabels = {
  "motion-photo": "Motion Photo",
  "orphan-still": "photo without its movie",
  "orphan-movie": "movie without its photo",
};

const countLabels = {
  "live-photo": ["Live Photo", "Live Photos"],
  "motion-photo": ["Motion Photo", "Motion Photos"],
  "orphan-still": ["photo without its movie", "photos without their movies"],
  "orphan-movie": ["movie without its photo", "movies without their photos"],
};

// Each problem's `kind` in words.
const problemWords = {
  "missing-identifier": "identifier missing",
  "identifier-mismatch": "identifiers differ",
  "pairing-conflict": "may not be one Live Photo",
  "thumbnail-shape": "thumbnail of the wrong shape",
  "orientation-contradiction": "orientations disagree",
  "motion-photo-directory": "Motion Photo directory wrong",
  "motion-photo-layout": "video not at the end",
  "wallpaper": "no lock-screen animation",
  "rotation": "movie shown turned",
  "verify": "Photos would not pair it",
  "damaged": "damaged",
};

// The items with problems by id, once the folder has been checked: their cells are marked in either view.
let problemsByID = new Map();
let filter = "all";

const mendable = (found) => found.problems.some((problem) => problem.repair);
const kindsInWords = (found) => [...new Set(found.problems.map((p) => problemWords[p.kind] || p.kind))].join(", ");

// Marks `cell` when its item has problems: a NEEDS REPAIR badge on the picture, the problems in words under it (what a
// screen reader hears), and a Repair button when some problem can be mended.
function markProblems(cell, item) {
  const found = problemsByID.get(item.id);
  if (!found) return;
  cell.dataset.problems = found.problems.map((p) => p.kind).join(" ");
  const box = cell.querySelector(".live-viewer");
  if (box) {
    const badge = document.createElement("span");
    badge.className = "badge repair"; badge.textContent = "NEEDS REPAIR"; badge.setAttribute("aria-hidden", "true");
    box.append(badge);
  }
  const caption = cell.querySelector(".caption");
  const words = document.createElement("span");
  words.className = "problems";
  words.textContent = `${mendable(found) ? "Needs repair" : "Problem"}: ${kindsInWords(found)}`;
  words.title = found.problems.map((p) => `${p.file}: ${p.detail}`).join("\n");
  caption.append(words);
  if (mendable(found)) {
    const button = document.createElement("button");
    button.type = "button"; button.className = "repair-button"; button.textContent = "Repair";
    button.setAttribute("aria-label", `Repair ${item.name}`);
    button.addEventListener("click", () => repair([item.id]));
    caption.append(button);
  }
}

function galleryCell(item) {
  const cell = document.createElement("div");
  cell.className = "item";
  cell.dataset.kind = item.kind;
  cell.dataset.name = item.name;
  // The name on one line (whole in its tooltip), then what it is when that is not a Live Photo paired by identifier.
  const label = kindLabels[item.kind];
  const name = document.createElement("span");
  name.className = "name"; name.textContent = item.name; name.title = item.note ? `${item.name}: ${item.note}` : item.name;
  const caption = document.createElement("span");
  caption.className = "caption";
  caption.append(name);
  const about = [label, item.pairedBy === "name" ? "paired by name" : ""].filter(Boolean).join(", ");
  if (about) {
    const kind = document.createElement("span");
    kind.className = "kind"; kind.textContent = about;
    caption.append(kind);
  }
  if (item.kind === "orphan-still" || item.kind === "orphan-movie") {
    // An orphan shows what there is, marked, without pretending to be live.
    const img = document.createElement("img");
    img.src = `/api/gallery/${item.id}/photo`; img.alt = `${item.name} (${label})`; img.className = "orphan"; img.loading = "lazy";
    const box = document.createElement("div");
    box.className = "live-viewer orphan";
    const badge = document.createElement("span");
    badge.className = "badge"; badge.textContent = item.kind === "orphan-still" ? "NO MOVIE" : "NO PHOTO"; badge.setAttribute("aria-hidden", "true");
    box.append(img, badge);
    cell.append(box, caption);
  } else {
    const viewer = liveViewer(`/api/gallery/${item.id}/photo`, `/api/gallery/${item.id}/video`, item.name, label);
    // A folder of thousands: thumbnails below the fold load as they scroll into view.
    viewer.querySelector("img").loading = "lazy";
    cell.append(viewer, caption);
    if (item.kind === "live-photo") {
      const edit = document.createElement("button");
      edit.type = "button"; edit.className = "edit-button"; edit.textContent = "Edit";
      edit.setAttribute("aria-label", `Edit ${item.name}`);
      edit.addEventListener("click", () => openEditor({ gallery: item.id }, `/api/gallery/${item.id}/video`, item.name));
      caption.append(edit);
    }
  }
  markProblems(cell, item);
  return cell;
}

// Shows the page of the scan starting at `offset` (0: the grid starts again); with the "With problems" filter, the
// items that need repair instead.
export async function loadGallery(offset = 0) {
  if (filter === "problems") return loadProblems();
  showError("gallery-error", "");
  const grid = $("gallery-grid"), more = $("gallery-more");
  $("gallery-repair-all").hidden = true;
  more.disabled = true;
  try {
    const page = await getJSON(`/api/gallery?offset=${offset}&limit=${galleryPage}`);
    if (filter !== "all") return;
    if (offset === 0) grid.replaceChildren();
    if (page.total === 0) { grid.textContent = "No Live Photos or Motion Photos in this folder."; }
    grid.append(...page.items.map(galleryCell));
    const shown = page.offset + page.items.length;
    const counts = Object.entries(page.counts).map(([kind, n]) => `${n} ${(countLabels[kind] || [kind, kind])[n === 1 ? 0 : 1]}`);
    $("gallery-summary").textContent = page.total === 0 ? "" : `${shown} of ${page.total} shown: ${counts.join(", ")}`;
    more.hidden = shown >= page.total;
    more.onclick = () => loadGallery(shown);
  } catch (err) { showError("gallery-error", err.message); }
  more.disabled = false;
}

// The items with problems, all at once (the server checks the whole folder each time); `quiet` after a repair,
// whose outcome is what is read out.
async function loadProblems(quiet = false) {
  showError("gallery-error", "");
  const grid = $("gallery-grid"), all = $("gallery-repair-all");
  $("gallery-more").hidden = true;
  all.hidden = true;
  $("gallery-summary").textContent = "Checking the folder for problems…";
  if (!quiet) announce("Checking the folder for problems");
  try {
    const found = await getJSON("/api/gallery/problems");
    problemsByID = new Map(found.items.map((item) => [item.id, item]));
    if (filter !== "problems") return;
    grid.replaceChildren(...found.items.map(galleryCell));
    const n = found.items.length;
    if (n === 0) grid.textContent = "Nothing in this folder needs repair.";
    const elsewhere = found.notShown ? `; ${found.notShown} more that the gallery does not show (use livephoto repair)` : "";
    const summary = `${n} of ${found.checked} ${found.checked === 1 ? "item has" : "items have"} problems${elsewhere}`;
    $("gallery-summary").textContent = summary;
    if (!quiet) announce(summary);
    const ids = found.items.filter(mendable).map((item) => item.id);
    all.hidden = ids.length === 0;
    all.onclick = () => repair(ids);
  } catch (err) {
    $("gallery-summary").textContent = "";
    showError("gallery-error", err.message);
  }
}

// One line of the report for an item the repair was asked to mend.
function reportLine(item) {
  const li = document.createElement("li");
  const kinds = kindsInWords(item);
  if (item.status === "mended") li.textContent = `${item.name}: mended (${kinds}); wrote ${(item.written || []).join(", ")}`;
  else if (item.status === "failed") li.textContent = `${item.name}: not mended: ${item.reason || "the repair failed"}`;
  else li.textContent = `${item.name}: left as it is: ${item.problems.map((p) => p.detail).join("; ")}`;
  return li;
}

// Mends the items `ids` in place, then shows the gallery again (scanned anew, so the cells show what was written) and
// the report: the outcome through the polite live region, what failed as an alert.
async function repair(ids) {
  const buttons = [$("gallery-repair-all"), ...document.querySelectorAll("#gallery-grid .repair-button")];
  for (const button of buttons) button.disabled = true;
  const status = $("gallery-repair-status"), list = $("gallery-repair-report");
  showError("gallery-error", "");
  status.hidden = false; list.hidden = true;
  status.textContent = `Repairing ${ids.length === 1 ? "1 item" : `${ids.length} items`}…`;
  announce(status.textContent);
  let report = null, failure = "";
  try { report = await postJSON("/api/gallery/repair", { ids }); } catch (err) { failure = err.message; }
  for (const item of report ? report.items : []) if (item.status === "mended") problemsByID.delete(item.id);
  await (filter === "problems" ? loadProblems(true) : loadGallery(0));
  for (const button of buttons) button.disabled = false;
  if (!report) {
    status.textContent = "Nothing was repaired.";
    showError("gallery-error", failure);
    return;
  }
  const parts = [`${report.mended} mended`];
  if (report.failed) parts.push(`${report.failed} failed`);
  if (report.unchanged.length) parts.push(`${report.unchanged.length} had nothing to mend`);
  status.textContent = `Repair done: ${parts.join(", ")}.`;
  list.replaceChildren(...report.items.map(reportLine));
  list.hidden = report.items.length === 0;
  announce(status.textContent);
  const failed = report.items.filter((item) => item.status === "failed");
  if (failed.length) showError("gallery-error", failed.map((item) => `${item.name}: ${item.reason || "the repair failed"}`).join("; "));
}

// The filter: All (the gallery's pages) or With problems.
for (const input of document.querySelectorAll('input[name="gallery-filter"]')) {
  input.addEventListener("change", () => {
    if (!input.checked) return;
    filter = input.value;
    $("gallery-grid").replaceChildren();
    loadGallery(0);
  });
}
