// The gallery: the folder `serve` was given, a page at a time; "Show more" fetches the next page of the same scan.
// Live Photos and Motion Photos play in the viewer; photos and movies without their other half are shown marked.
import { getJSON } from "./api.js";
import { $, showError } from "./dom.js";
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
  return cell;
}

// Shows the page of the scan starting at `offset` (0: the grid starts again).
export async function loadGallery(offset = 0) {
  showError("gallery-error", "");
  const grid = $("gallery-grid"), more = $("gallery-more");
  more.disabled = true;
  try {
    const page = await getJSON(`/api/gallery?offset=${offset}&limit=${galleryPage}`);
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
