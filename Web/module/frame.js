// A video's frame drawn by the page's own decoder: the key photo of a video alone, where no ffmpeg is. livephoto.js
// loads it only when a frame is asked for.
import { LivePhotoError } from './inputs.js';

/** Resolves once `element` fires `event`; rejects, with the exit status of "needs a tool", on its error or after `seconds`. */
function once(element, event, seconds) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new LivePhotoError('the browser took too long to decode this video', 5)), seconds * 1000);
    element.addEventListener(event, () => { clearTimeout(timer); resolve(); }, { once: true });
    element.addEventListener('error', () => { clearTimeout(timer); reject(new LivePhotoError('the browser cannot decode this video', 5)); }, { once: true });
  });
}

/**
 * In a page: the frame at `seconds` of `video` (a Blob), drawn by the browser's own decoder at the video's size, as a
 * JPEG Blob. Rejects with code 5 where the browser cannot decode the video (HEVC in Chromium, say).
 */
export async function grabFrame(video, seconds) {
  if (typeof document === 'undefined') throw new LivePhotoError('a frame is drawn in a page, where the video decoder is', 5);
  const element = document.createElement('video');
  element.muted = true;
  element.playsInline = true;
  element.preload = 'auto';
  const url = URL.createObjectURL(video);
  try {
    const loaded = once(element, 'loadeddata', 30);
    element.src = url;
    await loaded;
    if (!element.videoWidth) throw new LivePhotoError("the browser cannot decode this video's picture", 5);
    const sought = once(element, 'seeked', 30);
    element.currentTime = Math.max(0, Math.min(seconds, (element.duration || seconds) - 0.001));
    await sought;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d').drawImage(element, 0, 0);
    const jpeg = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!jpeg) throw new LivePhotoError("the browser could not draw this video's frame", 5);
    return jpeg;
  } finally {
    element.removeAttribute('src');
    element.load();
    URL.revokeObjectURL(url);
  }
}
