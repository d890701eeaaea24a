// Disassemble: a .pvt.zip, a Motion Photo, or a Live Photo's two files, taken apart on the server; a Live Photo so
// taken apart can be opened in the Edit view.
import { $, objectURL, revokeObjectURLs, showError, showImage } from "./dom.js";
import { dropKind } from "./drop.js";
import { openEditor } from "./editor.js";
import { downloads, follow, startJob } from "./jobs.js";
import { upload } from "./upload.js";

// The uploads of the files chosen last, once all are made; null until then.
let uploads = null;

// What was chosen, as thumbnails: photos the browser can show, else a placeholder with the file's type, its name
// beneath. Returns, for each file, a promise of whether its thumbnail could be shown (null for what is no photo).
function showChosen(files) {
  const list = $("disassemble-chosen");
  revokeObjectURLs("chosen-");
  $("disassemble-drop").dataset.state = files.length ? "chosen" : "empty";
  if (!files.length) {
    const none = document.createElement("p");
    none.className = "placeholder"; none.textContent = "Nothing chosen";
    list.replaceChildren(none);
    return [];
  }
  const shown = [];
  list.replaceChildren(...files.map((file, index) => {
    const figure = document.createElement("figure");
    const thumb = document.createElement("div");
    thumb.className = "thumb";
    const placeholder = document.createElement("p");
    placeholder.className = "placeholder";
    const type = file.name.toLowerCase().endsWith(".pvt.zip") ? ".pvt.zip" : (file.name.split(".").pop() || "file").toUpperCase();
    const caption = document.createElement("figcaption");
    caption.textContent = file.name;
    if (dropKind(file) === "photo") {
      const img = document.createElement("img");
      img.alt = "";
      thumb.append(img, placeholder);
      shown.push({ img, placeholder, type, shown: showImage(img, placeholder, objectURL(`chosen-${index}`, file), type) });
    } else {
      placeholder.textContent = type;
      thumb.append(placeholder);
      shown.push(null);
    }
    figure.append(thumb, caption);
    return figure;
  }));
  return shown;
}

async function filesChosen(e) {
  const files = [...e.target.files];
  showError("disassemble-error", "");
  uploads = null;
  $("disassemble-go").disabled = true;
  const thumbnails = showChosen(files);
  if (files.length === 0) return;
  if (files.length > 2) { showError("disassemble-error", "Choose one Motion Photo or .pvt.zip, or a Live Photo's two files."); return; }
  try {
    const done = [];
    for (const file of files) done.push(await upload(file, "disassemble-upload"));
    if ($("disassemble-files").files[0] !== files[0]) return; // another choice was made meanwhile
    uploads = done;
    $("disassemble-go").disabled = false;
    // A photo the browser could not show (a Samsung HEIC), shown from the server's display copy.
    thumbnails.forEach(async (thumbnail, index) => {
      if (thumbnail && !(await thumbnail.shown)) {
        showImage(thumbnail.img, thumbnail.placeholder, `/api/uploads/${done[index].id}/photo`, thumbnail.type);
      }
    });
  } catch (err) { showError("disassemble-error", err.message); }
}

async function takeApart() {
  showError("disassemble-error", "");
  $("disassemble-result").hidden = true;
  $("disassemble-go").disabled = true;
  try {
    const id = await startJob("disassemble", { files: uploads.map((u) => u.id) });
    const status = await follow(id, "disassemble-progress");
    $("disassemble-photo").src = `/api/jobs/${id}/preview/photo`;
    $("disassemble-video").src = `/api/jobs/${id}/preview/video`;
    $("disassemble-result").querySelector(".summary").textContent = status.result.summary;
    downloads($("disassemble-result").querySelector(".downloads"), id, status.result.files);
    $("disassemble-result").hidden = false;
    $("disassemble-result").dataset.job = id;
    // A Live Photo taken apart can be edited from the same uploads (a Motion Photo must become one first).
    const live = /^This was a (Live Photo|\.pvt)/.test(status.result.summary);
    const ids = uploads.map((u) => u.id);
    $("disassemble-edit").hidden = !live;
    $("disassemble-edit").onclick = () => openEditor({ files: ids }, `/api/jobs/${id}/preview/video`, "the Live Photo");
  } catch (err) { showError("disassemble-error", err.message); }
  $("disassemble-go").disabled = !uploads;
}

export function setUpDisassemble() {
  $("disassemble-files").addEventListener("change", filesChosen);
  $("disassemble-go").addEventListener("click", takeApart);
}
