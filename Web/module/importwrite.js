// The writing of the browser's import (import.js): each item's files written whole into the library's folder or its
// zip, with what their sidecars say written into them, and the record of what was written kept as the items land.

import { LivePhotoError } from './inputs.js';
import { folderAt, writeWhole } from './library.js';
import { plannedJob } from './importsidecars.js';

/** The run's work folder in the library, and the record in it of what runs into the library have written. */
const workFolder = '.livephoto-takeout';
const recordPath = `${workFolder}/written.jsonl`;
/** Items written into a folder at once. */
const writeLanes = 4;
/** Items planned ahead of the writing. */
const lookahead = 4;

/**
 * Appends `lines` to the library's record without writing the old lines again (`keepExistingData`, then a write at
 * its end), so that a record of a large library costs what its new lines cost.
 */
export async function appendRecords(out, lines) {
  if (lines === '') return;
  const handle = await (await folderAt(out, workFolder)).getFileHandle(recordPath.slice(workFolder.length + 1), { create: true });
  let size = 0, last = '\n';
  try {
    const file = await handle.getFile();
    size = file.size;
    if (size > 0) last = await file.slice(size - 1).text();
  } catch { /* a record not there yet */ }
  const writable = await handle.createWritable({ keepExistingData: true });
  try {
    await writable.seek(size);
    await writable.write(new Blob([last === '\n' ? lines : `\n${lines}`]));
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => {});
    throw error;
  }
}

/**
 * `folderAt` for the many files of one run: each folder below `root` looked up (or made) once, however many files go
 * into it, since each lookup is a trip to the browser's file system.
 */
function foldersBelow(root) {
  const known = new Map();
  const at = (path) => {
    let folder = known.get(path);
    if (!folder) {
      folder = folderAt(root, path);
      known.set(path, folder);
      folder.catch(() => known.delete(path));
    }
    return folder;
  };
  /** Looked up again next time: a folder taken away while the run writes into it is made again. */
  at.forget = (path) => known.delete(path);
  return at;
}

/** True when `folder` holds a file named `name` (one trip to the browser's file system, the file not opened). */
async function holdsFile(folder, name) {
  try {
    await folder.getFileHandle(name);
    return true;
  } catch (error) {
    if (error.name === 'NotFoundError' || error.name === 'TypeMismatchError') return false;
    throw error;
  }
}

/** The record's lines, their keys sorted as the command line writes them. */
export function recordLines(records) {
  return records.map(([part, member, size, output]) => `${JSON.stringify({ member, output, part, size })}\n`).join('');
}

/**
 * Each job's copies written whole, into the folder `out` (never over a file there) or the zip `zip`, an item at a
 * time: a stop (`signal`) comes between two items, never between a Live Photo's halves. Returns what each job wrote
 * (`{ number, written, failure? }`, the engine's `done`); a write that failed is its item's failure, and the rest goes
 * on, but a zip's stream that failed stops the run (what follows in it would be no zip).
 */
export async function writeJobs(jobs, members, { out, zip, session, signal, progress, recorded }) {
  const done = [];
  const copies = jobs.flatMap((job) => job.copies);
  const total = copies.length, totalBytes = copies.reduce((sum, [member]) => sum + members[member].file.size, 0);
  let written = 0, bytes = 0;
  // Into a folder, the record grows as items are written (every few seconds), so that a tab closed meanwhile leaves
  // a record of all but the last few: the next run writes those again, and nothing twice. One append at a time.
  let pending = '', flushed = Date.now(), flushing = Promise.resolve();
  const flush = () => {
    const lines = pending;
    [pending, flushed] = ['', Date.now()];
    return (flushing = flushing.then(() => appendRecords(out, lines)));
  };
  // Each job's files planned with what their sidecars say a few jobs ahead of the writing: the engine's runs take
  // turns, and each one's headers are read while it waits.
  const planned = new Map(), folders = out ? foldersBelow(out) : null;
  // Into a zip, each planned copy's entry (with its CRC-32 where it is known without a read) and records come with its
  // plan.
  const entry = ([, output], { blob, seconds, crc, layout }) => ({
    name: output, blob, crc, layout, time: seconds == null ? Date.now() : seconds * 1000,
  });
  const withRecords = async (job) => {
    const entries = job.copies.map((copy, position) => (job.stamps[position].error ? null : entry(copy, job.stamps[position])));
    // Each copy's records at its own place (none where its plan failed).
    const made = entries.filter(Boolean);
    const records = (made.length > 0 ? zip.records(made) : Promise.resolve([])).then((list) => entries.map((e) => (e ? list.shift() : null)));
    records.catch(() => {}); // its failure is the zip's, when its turn comes
    return { ...job, entries, records };
  };
  const plan = (index) => {
    if (index < jobs.length && !planned.has(index)) {
      const job = plannedJob(jobs[index], members, session, { checksums: zip != null });
      const ready = zip ? job.then(withRecords) : job;
      ready.catch(() => {}); // a plan left unawaited by a stop; a failure is its item's, when its turn comes
      planned.set(index, ready);
    }
    return planned.get(index);
  };
  const write = async (job, index) => {
    const result = { number: job.number, written: [], wrote: [], notes: [] };
    const ready = plan(index);
    for (let ahead = 1; ahead <= lookahead; ahead++) plan(index + ahead);
    const { embedded, copies, stamps, entries, records } = await ready;
    planned.delete(index);
    // A Motion Photo given its separate video back is one file; where it cannot be, both go as they came.
    if (embedded) result.embedded = true;
    for (const [position, copy] of copies.entries()) {
      const [member, output] = copy;
      // What its sidecar says written into it; a zip's stored member otherwise goes as a slice of its part.
      const stamped = stamps[position];
      if (stamped.error) {
        result.failure ??= `${output}: ${stamped.error.message}`;
        continue;
      }
      const { blob: file, seconds } = stamped;
      result.wrote.push([member, stamped.wrote]);
      if (stamped.note) result.notes.push([member, stamped.note]);
      if (zip) {
        // Dated as the command line dates the file it writes: the capture time the file keeps, else now.
        await zip.add([entries[position]], [(await records)[position]]);
        result.written.push(member);
      } else {
        const slash = output.lastIndexOf('/'), name = output.slice(slash + 1), where = slash < 0 ? '' : output.slice(0, slash);
        try {
          const folder = await folders(where);
          if (await holdsFile(folder, name)) throw new LivePhotoError(`${output} is there already: it is not replaced`, 2);
          await writeWhole(folder, name, file);
          result.written.push(member);
        } catch (error) {
          if (error.name === 'NotFoundError') folders.forget(where);
          result.failure ??= `${output}: ${error.message}`;
        }
      }
      written += 1;
      bytes += file.size;
      progress('writing', { done: written, total, bytes, totalBytes });
    }
    if (out && result.failure == null) {
      for (const record of embedded ? job.embedRecords : job.records) {
        const line = recordLines([record]);
        recorded.add(line);
        pending += line;
      }
      if (Date.now() - flushed > 3000) await flush();
    }
    done.push(result);
  };
  // A zip takes its entries in turn; a folder takes a few items at once (the browser's file system waits on each
  // file's handles and swap file, not on the bytes).
  let next = 0;
  const lane = async () => {
    while (next < jobs.length && !signal?.aborted) {
      const index = next++;
      await write(jobs[index], index);
    }
  };
  await Promise.all(Array.from({ length: zip ? 1 : writeLanes }, lane));
  if (out) await flush();
  return done;
}
