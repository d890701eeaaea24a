// Uploads: the file streamed as the request body, with its progress in a progress bar. The server answers with what
// the file is (its format, its role: "motion-photo" for a photo that holds its video, read by LivePhotoKit).
import { setProgress } from "./dom.js";

// Uploads already made for a file the page is about to hand to a mode (a photo dropped alone is uploaded first, to
// learn from the server whether it is a Motion Photo): that mode's own upload of the same file takes the answer
// instead of sending the file again. A file handed on through a DataTransfer is a new File object, so files are
// known by what identifies them on disk; each answer is taken once.
const made = new Map();
const fileKey = (file) => [file.name, file.size, file.lastModified, file.type].join("\u0000");

export function remember(file, uploaded) {
  made.set(fileKey(file), uploaded);
}

// Resolves to the server's description of the stored file ({id, name, size, format, role, durationSeconds, …}).
export function upload(file, progressID) {
  const key = fileKey(file);
  if (made.has(key)) {
    const uploaded = made.get(key);
    made.delete(key);
    setProgress(progressID, 1, `Uploaded ${file.name}`);
    return Promise.resolve(uploaded);
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `/api/uploads?name=${encodeURIComponent(file.name)}`);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) setProgress(progressID, e.loaded / e.total, `Uploading ${file.name}…`); };
    xhr.onload = () => {
      let body = null; try { body = JSON.parse(xhr.responseText); } catch (e) {}
      if (xhr.status === 201 && body) { setProgress(progressID, 1, `Uploaded ${file.name}`); resolve(body); }
      else reject(new Error((body && body.error) || `The upload of ${file.name} failed (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error(`The upload of ${file.name} failed: the server could not be reached.`));
    xhr.send(file);
  });
}
