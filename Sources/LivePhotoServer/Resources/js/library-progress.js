// The Library view's progress in words: how far the job under way is (its bar's fraction, by bytes through both of
// a batch's phases) and the line under the bar: the files read, or the items done, failed and skipped; the bytes;
// and the time left.
import { size } from "./outputs.js";

export const count = (n) => n.toLocaleString("en");

// "about 2 min left": from the bytes of this phase done so far a second, once a few seconds have gone by (before
// that, a rate says more about the engine starting than about the library).
function timeLeft(progress) {
  if (progress.seconds < 3 || !progress.bytes || progress.bytes >= progress.totalBytes) return "";
  const seconds = (progress.totalBytes - progress.bytes) * progress.seconds / progress.bytes;
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `about ${minutes} min left` : `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

// The bar's fraction: by bytes (the time left is reckoned by them too), by files or items when they are all empty;
// the reading takes the job's `readingShare` of the bar, the writing the rest.
export function progressFraction(job, progress) {
  const writing = progress.phase === "writing";
  const part = progress.totalBytes ? progress.bytes / progress.totalBytes
    : writing ? (progress.totalItems ? progress.items / progress.totalItems : 1)
    : progress.totalFiles ? progress.files / progress.totalFiles : 1;
  return writing ? job.readingShare + (1 - job.readingShare) * part : job.readingShare * part;
}

// The line under the bar.
export function progressLine(progress) {
  const parts = progress.phase === "writing"
    ? [`${count(progress.items)} of ${count(progress.totalItems)} items done`,
      ...(progress.failedItems ? [`${count(progress.failedItems)} failed`] : []),
      ...(progress.skippedItems ? [`${count(progress.skippedItems)} skipped`] : [])]
    : [`${count(progress.files)} of ${count(progress.totalFiles)} files`];
  parts.push(`${size(progress.bytes)} of ${size(progress.totalBytes)}`);
  const left = timeLeft(progress);
  if (left) parts.push(left);
  return parts.join(" · ");
}
