// The engine's outputs in the page: a download link per output Blob, and the Live Photo viewer from a photo Blob and
// a movie Blob. Each holder (a mode's result) keeps its object URLs and revokes them when it shows the next result.
import { liveViewer } from "./viewer.js";

const held = new Map();

// An object URL for `blob`, revoked with the others of `holder` by `releaseURLs(holder)`.
export function heldURL(holder, blob) {
  const url = URL.createObjectURL(blob);
  if (!held.has(holder)) held.set(holder, []);
  held.get(holder).push(url);
  return url;
}

export function releaseURLs(holder) {
  for (const url of held.get(holder) ?? []) URL.revokeObjectURL(url);
  held.delete(holder);
}

// What an output is: the role its mode gave it (a Motion Photo), else the photo or the video, by its type.
export const roleOf = (file) => file.role ?? (file.type.startsWith("video/") ? "video" : "photo");

export const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

// A size in the unit that suits it (bytes, KB, MB, GB, TB; decimal, as file managers say them).
export function size(bytes) {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes, unit = 0;
  while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit += 1; }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

// A File of an output, for the engine's next operation (an edit of what was just made): its name and type kept.
export const asFile = (output) => new File([output.blob], output.name, { type: output.type });

// A link per output into `container`, each downloading the Blob under the output's name.
export function blobDownloads(container, holder, files) {
  container.replaceChildren(...files.map((file) => {
    const a = document.createElement("a");
    a.href = heldURL(holder, file.blob);
    a.download = file.name;
    const role = roleOf(file);
    a.dataset.role = role;
    const what = { photo: "Photo", video: "Video", "motion-photo": "Motion Photo" }[role];
    a.textContent = `${what}: ${file.name} (${megabytes(file.blob.size)})`;
    return a;
  }));
}

// The viewer of a Live Photo's outputs; `fallbackPhoto` (a promise of a URL, or of null) is shown instead of a photo
// the browser cannot decode: the server's display copy of the same picture, on `livephoto serve`.
export function blobViewer(holder, files, name, fallbackPhoto = null) {
  const photo = files.find((f) => roleOf(f) === "photo"), video = files.find((f) => roleOf(f) === "video");
  const viewer = liveViewer(heldURL(holder, photo.blob), heldURL(holder, video.blob), name);
  const img = viewer.querySelector("img");
  img.addEventListener("error", async () => {
    const url = await fallbackPhoto;
    if (url && img.src !== new URL(url, location.href).href) img.src = url;
    else viewer.dataset.noPicture = "yes";
  });
  return viewer;
}
