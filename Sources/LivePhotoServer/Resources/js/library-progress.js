// The Library view's progress in words: how far the job under way is (its bar's fraction, by bytes through both of
// a batch's phases, or an import's stages) and the line under the bar: the files read, or the items done, failed and
// skipped, or an import's files compared, read or copied; the bytes; and the time left.
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

// An import's stages (importLibrary's progress: `{ stage, done, total, bytes, totalBytes }`): the part of the bar
// each takes (copies of one size checksummed, then headers read, the bar's first tenth as a batch's reading; then
// every file copied), and what its line says of the files. An export's files dated by their sidecars are read for the
// date each keeps (`dating`), a moment. An import of zips reads each zip's files through first
// (`checking`), about as long as the copying: then the two share the bar.
const stages = {
  inflating: { from: 0, to: 0, did: "inflated", of: "parts" },
  checking: { from: 0, to: 0, did: "checked" },
  comparing: { from: 0, to: 0.05, did: "compared" },
  reading: { from: 0.05, to: 0.1, did: "read" },
  dating: { from: 0.1, to: 0.1, did: "dated" },
  writing: { from: 0.1, to: 1, did: "copied" },
};
const zipStages = {
  checking: { from: 0, to: 0.45, did: "checked" },
  comparing: { from: 0.45, to: 0.5, did: "compared" },
  reading: { from: 0.5, to: 0.55, did: "read" },
  dating: { from: 0.55, to: 0.55, did: "dated" },
  writing: { from: 0.55, to: 1, did: "copied" },
};
// An import of tgz parts inflates them first (`inflating`, `job.inflated`), about a third of its time: the bar's first
// third, the other stages the rest.
const inflatedShare = 0.35;
const afterInflating = (map) => ({
  inflating: { from: 0, to: inflatedShare, did: "inflated", of: "parts" },
  ...Object.fromEntries(Object.entries(map).filter(([name]) => name !== "inflating").map(([name, stage]) => [name, {
    ...stage, from: inflatedShare + (1 - inflatedShare) * stage.from, to: inflatedShare + (1 - inflatedShare) * stage.to,
  }])),
});

// The bar's fraction: by bytes (the time left is reckoned by them too), by files or items when they are all empty;
// the reading takes the job's `readingShare` of the bar, the writing the rest; an import's stages their parts (an
// import of zips, `job.zipped`, its own; of tgz parts, `job.inflated`, a first share for their inflating).
export function progressFraction(job, progress) {
  const base = job.zipped ? zipStages : stages;
  const stage = (job.inflated ? afterInflating(base) : base)[progress.stage];
  if (stage) {
    const part = progress.totalBytes ? progress.bytes / progress.totalBytes : progress.total ? progress.done / progress.total : 1;
    return stage.from + (stage.to - stage.from) * part;
  }
  const writing = progress.phase === "writing";
  const part = progress.totalBytes ? progress.bytes / progress.totalBytes
    : writing ? (progress.totalItems ? progress.items / progress.totalItems : 1)
    : progress.totalFiles ? progress.files / progress.totalFiles : 1;
  return writing ? job.readingShare + (1 - job.readingShare) * part : job.readingShare * part;
}

// The line under the bar.
export function progressLine(progress) {
  const stage = stages[progress.stage];
  const parts = stage ? [`${count(progress.done)} of ${count(progress.total)} ${stage.of ?? "files"} ${stage.did}`]
    : progress.phase === "writing" ? [`${count(progress.items)} of ${count(progress.totalItems)} items done`,
      ...(progress.failedItems ? [`${count(progress.failedItems)} failed`] : []),
      ...(progress.skippedItems ? [`${count(progress.skippedItems)} skipped`] : [])]
    : [`${count(progress.files)} of ${count(progress.totalFiles)} files`];
  parts.push(`${size(progress.bytes)} of ${size(progress.totalBytes)}`);
  const left = timeLeft(progress);
  if (left) parts.push(left);
  return parts.join(" · ");
}

// The line under the bar once the job has ended: what its last phase or stage did of all of it.
export function endLine(progress) {
  const stage = stages[progress.stage];
  const bytes = `${size(progress.bytes)} of ${size(progress.totalBytes)}`;
  if (stage) return `${count(progress.done)} of ${count(progress.total)} files ${stage.did} · ${bytes}`;
  if (progress.phase === "writing") return `${count(progress.items)} of ${count(progress.totalItems)} items done · ${bytes}`;
  return `${count(progress.totalFiles)} files read · ${size(progress.totalBytes)}`;
}
