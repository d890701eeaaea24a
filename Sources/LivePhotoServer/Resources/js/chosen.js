// What a mode was given (Disassemble, Convert, Verify), shown in its drop zone as thumbnails with their names: a
// photo from the file itself where the browser can show it, else a placeholder with the file's type.
import { $, objectURL, revokeObjectURLs, showImage } from "./dom.js";
import { dropKind } from "./drop.js";

// The files `mode` was given, as thumbnails, each name beneath. Returns, for each file, a promise of whether its
// thumbnail could be shown (null for what is no photo).
export function showChosen(mode, files) {
  const list = $(`${mode}-chosen`);
  revokeObjectURLs(`${mode}-chosen-`);
  $(`${mode}-drop`).dataset.state = files.length ? "chosen" : "empty";
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
      shown.push({ img, placeholder, type, shown: showImage(img, placeholder, objectURL(`${mode}-chosen-${index}`, file), type) });
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
