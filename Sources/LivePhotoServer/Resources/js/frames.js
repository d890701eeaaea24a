// A video's frame drawn by the browser's own decoder, as a JPEG: the key photo of a video made into a Live Photo
// alone, or of an edit that moves it. The engine's worker has no decoder, so it asks the page for this.

// Thrown when the browser cannot decode the video (HEVC in Chromium, say): the exit status of "needs a tool".
export class FrameError extends Error {
  constructor(message) {
    super(message);
    this.code = 5;
  }
}

function once(element, event, seconds) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new FrameError("the browser took too long to decode this video")), seconds * 1000);
    element.addEventListener(event, () => { clearTimeout(timer); resolve(); }, { once: true });
    element.addEventListener("error", () => { clearTimeout(timer); reject(new FrameError("the browser cannot decode this video")); }, { once: true });
  });
}

// The frame at `seconds` of `video` (a Blob) as a JPEG Blob, at the video's own size.
export async function grabFrame(video, seconds) {
  const element = document.createElement("video");
  element.muted = true;
  element.playsInline = true;
  element.preload = "auto";
  const url = URL.createObjectURL(video);
  try {
    const loaded = once(element, "loadeddata", 30);
    element.src = url;
    await loaded;
    if (!element.videoWidth) throw new FrameError("the browser cannot decode this video's picture");
    const sought = once(element, "seeked", 30);
    element.currentTime = Math.max(0, Math.min(seconds, (element.duration || seconds) - 0.001));
    await sought;
    const canvas = document.createElement("canvas");
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext("2d").drawImage(element, 0, 0);
    const jpeg = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
    if (!jpeg) throw new FrameError("the browser could not draw this video's frame");
    return jpeg;
  } finally {
    element.removeAttribute("src");
    element.load();
    URL.revokeObjectURL(url);
  }
}
