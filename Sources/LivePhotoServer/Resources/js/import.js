// Import: an export of a photo library (a Google Takeout, Apple's data copy, an icloudpd or osxphotos folder) on
// the server's machine read into the gallery's folder. The paths are typed, or picked from a listing of the machine's folders (the server lists folders and .zip/.tgz/.tar files, never hidden ones);
// the import's progress is followed through server-sent events; its summary ends with a button that opens the
// gallery, scanned again so the new items show.
import { getJSON, postJSON } from "./api.js";
import { $, announce, setProgress } from "./dom.js";
import { showMode } from "./modes.js";
import { size } from "./outputs.js";

let current = null; // the folder listed
let following = false; // an import is followed
let listed = false; // the first listing was asked for

const stageLabels = { reading: "Reading the parts", copying: "Copying from the parts", writing: "Writing the library" };
const outcomeLabels = {
  written: "Written", "paired-live-photo": "Paired into Live Photos", "merged-into-motion-photo": "Merged into Motion Photos",
  duplicate: "Duplicates (written once)", "already-written": "Already written (an earlier import)", skipped: "Skipped (trashed, deleted, hidden or empty)",
  failed: "Failed",
};

// An error in the view's alert region: shown, and read out since it is role="alert" (no live-region echo).
function showAlert(id, text) {
  const el = $(id);
  el.textContent = text;
  el.hidden = !text;
}

// The paths typed, one a line.
const typedPaths = () => $("import-paths").value.split("\n").map((line) => line.trim()).filter(Boolean);
function setTypedPaths(paths) { $("import-paths").value = paths.join("\n"); }
function togglePath(path, on) {
  const paths = typedPaths().filter((p) => p !== path);
  if (on) paths.push(path);
  setTypedPaths(paths);
}

const join = (folder, name) => (folder === "/" ? `/${name}` : `${folder}/${name}`);

// Lists `path` (the home folder when empty); focus goes to the list's first entry when `focusList`.
async function browse(path, focusList = false) {
  showAlert("import-browse-error", "");
  try {
    const listing = await getJSON(`/api/import/browse?path=${encodeURIComponent(path || "")}`);
    current = listing;
    $("import-where").textContent = listing.path;
    $("import-up").disabled = !listing.parent;
    const chosen = new Set(typedPaths());
    const items = listing.entries.map((entry, index) => {
      const li = document.createElement("li");
      const full = join(listing.path, entry.name);
      if (entry.kind === "folder") {
        const button = document.createElement("button");
        button.type = "button"; button.className = "entry folder"; button.textContent = `${entry.name}/`;
        button.setAttribute("aria-label", `Open folder ${entry.name}`);
        button.addEventListener("click", () => browse(full, true));
        li.append(button);
      } else {
        const label = document.createElement("label");
        label.className = "entry part";
        const box = document.createElement("input");
        box.type = "checkbox"; box.checked = chosen.has(full); box.dataset.path = full; box.id = `import-part-${index}`;
        label.htmlFor = box.id;
        box.addEventListener("change", () => togglePath(full, box.checked));
        const name = document.createElement("span");
        name.className = "name"; name.textContent = entry.name;
        const bytes = document.createElement("span");
        bytes.className = "size"; bytes.textContent = size(entry.size || 0);
        label.append(box, name, bytes);
        li.append(label);
      }
      return li;
    });
    if (!items.length) {
      const li = document.createElement("li");
      li.className = "empty"; li.textContent = "No folders or export parts here.";
      items.push(li);
    }
    if (listing.truncated) {
      const li = document.createElement("li");
      li.className = "empty"; li.textContent = "Only the first entries are listed; type the path instead.";
      items.push(li);
    }
    $("import-entries").replaceChildren(...items);
    if (focusList) ($("import-entries").querySelector("button, input") || $("import-up")).focus();
  } catch (err) { showAlert("import-browse-error", err.message); }
}

function list(id, items, title) {
  const box = $(id);
  box.hidden = !items.length;
  if (title !== undefined) box.querySelector("summary").textContent = title;
  box.querySelector("ul").replaceChildren(...items.map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
}

// The summary at the end of import `id`: counts that add up to the media files read, then what went wrong. The result
// carries the import's id (`data-run`), so that what waits for it knows whose summary it is.
function showSummary(summary, id) {
  const result = $("import-result");
  result.dataset.run = id;
  $("import-result-title").textContent = summary.hasFailures ? "Imported, with failures" : "Imported";
  const kept = Object.entries(summary.outcomes).filter(([k]) => !["failed", "skipped", "duplicate"].includes(k)).reduce((n, [, v]) => n + v, 0);
  $("import-sentence").textContent =
    `${summary.mediaFiles} media files read; ${kept} are in the library now.` +
    (summary.otherFiles ? ` ${summary.otherFiles} other files (HTML, album JSON…) were not copied.` : "");
  const rows = Object.entries(outcomeLabels).filter(([key]) => summary.outcomes[key]).map(([key, label]) => {
    const tr = document.createElement("tr");
    tr.dataset.outcome = key;
    const th = document.createElement("th"); th.scope = "row"; th.textContent = label;
    const td = document.createElement("td"); td.textContent = String(summary.outcomes[key]);
    tr.append(th, td);
    return tr;
  });
  $("import-counts").querySelector("tbody").replaceChildren(...rows);
  const failures = summary.failures.map((f) => `${f.part}: ${f.member}: ${f.reason}`);
  const more = (summary.outcomes.failed || 0) - failures.length;
  list("import-failures", more > 0 ? [...failures, `and ${more} more`] : failures);
  list("import-sidecars", summary.unusedSidecars, `${summary.unusedSidecarCount} JSON sidecars matched no file`);
  list("import-problems", summary.problems, `${summary.problemCount} problems`);
  list("import-notes", summary.notes, `${summary.notes.length} notes`);
  result.hidden = false;
  $("import-result-title").focus();
  announce(`${$("import-result-title").textContent}: ${$("import-sentence").textContent}`);
}

function showProgress(status) {
  const p = status.progress;
  let label = status.state === "queued" ? `Waiting (${(status.position ?? 0) + 1} in line)…` : "Starting…";
  let detail = "";
  if (status.state === "running" && p) {
    label = `${stageLabels[p.stage] || p.stage}…`;
    detail = p.stage === "writing"
      ? `${p.files} of ${p.totalFiles} items written`
      : `Parts read: ${p.parts} of ${p.totalParts} · ${p.files} files · ${size(p.bytes)}${p.totalBytes ? ` of ${size(p.totalBytes)}` : ""}`;
  }
  if (status.state === "done") label = "Done";
  setProgress("import-progress", status.fraction, label);
  $("import-detail").textContent = detail;
  $("import-detail").hidden = !detail;
}

// Follows import `id` to its end.
function follow(id) {
  following = true;
  $("import-go").disabled = true;
  $("import-result").hidden = true;
  showAlert("import-error", "");
  const source = new EventSource(`/api/import/${id}/events`);
  const end = () => { source.close(); following = false; $("import-go").disabled = false; };
  source.onmessage = (event) => {
    const status = JSON.parse(event.data);
    showProgress(status);
    if (status.state === "done") { end(); $("import-detail").hidden = true; if (status.summary) showSummary(status.summary, id); }
    if (status.state === "failed") { end(); showAlert("import-error", status.error || "The import failed."); }
  };
  source.onerror = () => { end(); showAlert("import-error", "Lost contact with the server."); };
}

async function start() {
  showAlert("import-error", "");
  // The last import's summary goes the moment another starts: it is not this one's.
  $("import-result").hidden = true;
  const inputs = typedPaths();
  if (!inputs.length) {
    showAlert("import-error", "Type or pick the export's parts (.zip, .tgz) or the folders they were extracted to.");
    $("import-paths").focus();
    return;
  }
  $("import-go").disabled = true;
  try {
    const { id } = await postJSON("/api/import", {
      inputs, destination: $("import-destination").value, albums: $("import-albums").value,
      includeTrashed: $("import-trashed").checked, skipHidden: $("import-skip-hidden").checked,
      memories: $("import-memories").checked,
    });
    follow(id);
  } catch (err) {
    showAlert("import-error", err.message);
    $("import-go").disabled = following;
  }
}

// Whether this server can import decides what the view offers; an import under way (the page was reloaded) is
// followed again.
export async function configureImport(config) {
  const available = !!(config && config.gallery);
  $("import-unavailable").hidden = available;
  $("import-form").hidden = !available;
  if (!available) return;
  try {
    const state = await getJSON("/api/import");
    if (state.running) follow(state.running);
  } catch (err) { showAlert("import-error", err.message); }
}

// Shown the first time: the home folder is listed.
export function importModeShown(mode) {
  if (mode !== "import" || listed || $("import-form").hidden) return;
  listed = true;
  browse("");
}

export function setUpImport() {
  $("import-up").addEventListener("click", () => current && current.parent && browse(current.parent, true));
  $("import-home").addEventListener("click", () => browse(""));
  $("import-add-folder").addEventListener("click", () => { if (current) togglePath(current.path, true); });
  $("import-paths").addEventListener("input", () => {
    const chosen = new Set(typedPaths());
    for (const box of $("import-entries").querySelectorAll("input[type=checkbox]")) box.checked = chosen.has(box.dataset.path);
  });
  $("import-go").addEventListener("click", start);
  $("import-open").addEventListener("click", () => { showMode("gallery"); $("tab-gallery").focus(); });
}
