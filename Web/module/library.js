// A whole library in the browser (docs/guide/javascript.md#libraries): a folder's files, files picked one by one or a
// FileSystemDirectoryHandle, scanned a batch at a time by the engine (each file's facts from its headers alone), then
// paired by the engine as `livephoto scan` pairs them. Nothing is read whole and nothing leaves the page.

import { LivePhotoError, nameOf } from './inputs.js';
import { runEngine } from './livephoto.js';

/** Files read per engine run: each brings in at most 512 KiB (its start and its end) before the run. */
const batchSize = 32;

/** Whether `value` is a folder the browser handed over (a FileSystemDirectoryHandle). */
function isFolder(value) {
  return value != null && value.kind === 'directory' && typeof value.values === 'function';
}

/**
 * Every file of `inputs` as `{ path, file }`, the path relative to the folder it was chosen in: Files and Blobs (their
 * `webkitRelativePath` when a folder input gave them, else their names), `{ path, file }` pairs, and folders
 * (FileSystemDirectoryHandles, walked). A folder or file the browser refuses to read is listed in `unreadable` with
 * the browser's words, and the rest goes on.
 */
export async function libraryFiles(inputs, signal) {
  const files = [], unreadable = [];
  const list = Array.isArray(inputs) ? inputs : [inputs];
  async function walk(folder, prefix) {
    let entries;
    try {
      entries = [];
      for await (const entry of folder.values()) entries.push(entry);
    } catch (error) {
      unreadable.push({ path: prefix.replace(/\/$/, '') || folder.name || '.', reason: error.message });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      signal?.throwIfAborted();
      const path = prefix + entry.name;
      if (entry.kind === 'directory') {
        await walk(entry, path + '/');
        continue;
      }
      try {
        files.push({ path, file: await entry.getFile() });
      } catch (error) {
        unreadable.push({ path, reason: error.message });
      }
    }
  }
  for (const [index, input] of list.entries()) {
    if (isFolder(input)) {
      await walk(input, '');
    } else if (input && typeof input.slice === 'function' && typeof input.size === 'number') {
      files.push({ path: input.webkitRelativePath || nameOf(input, index), file: input });
    } else if (input && typeof input.path === 'string' && input.file && typeof input.file.slice === 'function') {
      files.push({ path: input.path.replace(/^\/+/, ''), file: input.file });
    } else {
      throw new LivePhotoError(`input ${index + 1} is not a File, a Blob, a { path, file } pair or a folder`, 64);
    }
  }
  return { files, unreadable };
}

/**
 * `livephoto scan` over `inputs`: every Live Photo and Motion Photo found and paired by content identifier (across
 * names and folders), by name where identifiers are missing; orphans, conflicts, damaged, plain and other files.
 * Resolves to `{ report, summary }`: `report` the objects `scan --json` prints, a line each, with paths relative to
 * the folder; `summary` the counts the command prints.
 */
export async function scanLibrary(inputs, options = {}) {
  const { onProgress, signal, ...flags } = options ?? {};
  if (Object.keys(flags).length > 0) {
    throw new LivePhotoError(`Unknown option '--${Object.keys(flags)[0].replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}'`, 64);
  }
  signal?.throwIfAborted();
  const { files, unreadable } = await libraryFiles(inputs, signal);
  const total = files.length, totalBytes = files.reduce((sum, entry) => sum + entry.file.size, 0);
  const facts = [];
  const started = Date.now();
  for (let start = 0; start < files.length; start += batchSize) {
    signal?.throwIfAborted();
    const batch = files.slice(start, start + batchSize);
    const answer = await runEngine('scan', batch.map((entry) => entry.file), {}, batch.map((entry) => entry.path));
    facts.push(...answer.report.files);
    onProgress?.({
      phase: 'reading', files: Math.min(start + batchSize, total), totalFiles: total,
      bytes: files.slice(0, start + batch.length).reduce((sum, entry) => sum + entry.file.size, 0), totalBytes,
      seconds: (Date.now() - started) / 1000,
    });
  }
  // A file the browser would not hand over is a file that cannot be read: damaged, as scan says of one it cannot open.
  for (const { path, reason } of unreadable) facts.push({ path, kind: 'damaged', note: `cannot be read (${reason})` });
  signal?.throwIfAborted();
  const { report } = await runEngine('pair', [], { files: facts });
  return {
    report: report.items,
    summary: { filesFound: report.filesFound, counts: report.counts, pairedByName: report.pairedByName },
  };
}
