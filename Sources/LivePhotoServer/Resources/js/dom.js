// Small DOM helpers every mode uses: finding elements, the live region, errors, progress bars, thumbnails.

export const $ = (id) => document.getElementById(id);

// Screen readers hear progress and errors through one polite live region that is always in the page: a region that
// appears together with its text (as the visible error paragraphs do) is not reliably read out. The same text twice
// in a row is said again, since the region is emptied first.
export function announce(text) {
  const region = $("announcer");
  if (!text) return;
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 30);
}

// An error interrupts: its element is a role="alert", read out as it appears. Progress and results go to the polite
// live region (announce), which waits for the reader to finish.
export function showError(id, text) {
  const el = $(id);
  el.textContent = text;
  el.hidden = !text;
}

// A progress bar says its value to assistive technology (aria-valuenow, in percent) and announces its label when
// that changes: a phase, not every percent.
export function setProgress(id, fraction, label) {
  const el = $(id);
  const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  el.hidden = false;
  el.querySelector(".bar").style.width = `${percent}%`;
  el.querySelector(".label").textContent = label;
  el.dataset.fraction = String(fraction);
  el.setAttribute("aria-valuenow", String(percent));
  el.setAttribute("aria-valuetext", `${label} ${percent}%`);
  if (el.dataset.said !== label) { el.dataset.said = label; announce(label); }
}

// Thumbnails of what was chosen, shown from the file itself before anything is uploaded. Each owner (a slot, a
// chosen file) holds at most one object URL: a new one revokes the old, so a long session does not keep every
// file it was shown in memory.
const objectURLs = new Map();
export function objectURL(owner, file) {
  if (objectURLs.has(owner)) URL.revokeObjectURL(objectURLs.get(owner));
  if (!file) { objectURLs.delete(owner); return ""; }
  const url = URL.createObjectURL(file);
  objectURLs.set(owner, url);
  return url;
}

// Revokes the object URLs of every owner whose name starts with `prefix` (Disassemble's list, chosen again).
export function revokeObjectURLs(prefix) {
  for (const key of [...objectURLs.keys()]) if (key.startsWith(prefix)) objectURL(key, null);
}

export function placeholderText(el, name, note) {
  const strong = document.createElement("strong");
  strong.textContent = name;
  el.replaceChildren(strong, ...(note ? [document.createElement("br"), note] : []));
}

// Shows `source` in `img` once it has decoded; until then, and if it cannot be, `placeholder` names the file (a
// photo the browser cannot show, HEIC outside Safari, never appears as a broken image). Returns a promise of whether
// it could be shown.
export function showImage(img, placeholder, source, name, note) {
  img.hidden = true;
  placeholder.hidden = false;
  placeholderText(placeholder, name, note);
  return new Promise((resolve) => {
    img.onload = () => { img.hidden = false; placeholder.hidden = true; resolve(true); };
    img.onerror = () => { img.hidden = true; placeholder.hidden = false; resolve(false); };
    img.src = source;
  });
}

// Hands `files` to a file input as if they had been chosen in its dialog, so a drop and a choice are one path.
export function chooseFiles(input, files) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}
