// A whole library in the browser (docs/guide/javascript.md#libraries): a folder's files, files picked one by one or a
// FileSystemDirectoryHandle, scanned a batch at a time by the engine (each file's facts from its headers alone), then
// paired by the engine as `livephoto scan` pairs them. Nothing is read whole and nothing leaves the page.

import { LivePhotoError, nameOf } from './inputs.js';
import { runEngine } from './livephoto.js';
import { filesPerRun, librarySession } from './readbuffers.js';


/**
 * Whether a file or folder of this name is left out of a folder's walk, as `livephoto scan` leaves it out: a hidden
 * one (`.DS_Store`, `.thumbnails`, `.trashed-…`). A file given by itself is read whatever its name.
 */
function isHidden(name) {
  return name.startsWith('.') && name !== '.' && name !== '..';
}

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
      if (isHidden(entry.name)) continue;
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
      const path = input.webkitRelativePath || nameOf(input, index);
      if (!input.webkitRelativePath || !path.split('/').some(isHidden)) files.push({ path, file: input });
    } else if (input && typeof input.path === 'string' && input.file && typeof input.file.slice === 'function') {
      const path = input.path.replace(/^\/+/, '');
      if (!path.split('/').some(isHidden)) files.push({ path, file: input.file });
    } else {
      throw new LivePhotoError(`input ${index + 1} is not a File, a Blob, a { path, file } pair or a folder`, 64);
    }
  }
  return { files, unreadable };
}

/**
 * An engine run over the whole library (the pairing, the batch's plan), its facts in one request: a library past what
 * one request holds (about 120,000 files) is refused in words that say how to go on. It runs in an engine instance
 * of its own, let go after: such a run grows the engine's memory by up to about 4 KB a file (an import's last such
 * run, the report, to 29 MB at 8,000 files), which WebAssembly never gives back, and the item runs (the reading, the
 * writing) go on in theirs, which stays small (docs/guide/javascript.md#two-engines,
 * docs/benchmarks.md#a-librarys-size).
 */
export async function wholeLibraryRun(operation, options, session, files, inputs = [], names = undefined) {
  try {
    return await runEngine(operation, inputs, options, names, session, true);
  } catch (error) {
    if (!(error instanceof LivePhotoError) || error.code !== 64 || !/too long/.test(error.message)) throw error;
    throw new LivePhotoError(`${files.toLocaleString('en')} files are more than the engine takes in one run `
      + `(${error.message.replace(/^the request is not JSON: /, '')}): choose the library's folders in turns`, 2);
  }
}

/** Refuses options other than `allowed`, as the command line refuses an unknown flag. */
export function checkOptions(flags, allowed) {
  const unknown = Object.keys(flags).find((key) => !allowed.includes(key));
  if (unknown) throw new LivePhotoError(`Unknown option '--${unknown.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}'`, 64);
}

/**
 * Every file of `inputs` read and paired: `{ files, report, summary, formats }`, `files` by path, `formats` each
 * file's kind as its bytes say (`[path, format]`), for a batch's outputs' names.
 */
async function scan(inputs, { onProgress, signal }, session = librarySession()) {
  signal?.throwIfAborted();
  const { files, unreadable } = await libraryFiles(inputs, signal);
  const total = files.length, totalBytes = files.reduce((sum, entry) => sum + entry.file.size, 0);
  const facts = [], formats = [];
  const started = Date.now();
  let bytes = 0;
  for (let start = 0; start < files.length; start += filesPerRun) {
    signal?.throwIfAborted();
    const batch = files.slice(start, start + filesPerRun);
    const answer = await runEngine('scan', batch.map((entry) => entry.file), {}, batch.map((entry) => entry.path), session);
    for (const { format, ...fact } of answer.report.files) {
      facts.push(fact);
      formats.push([fact.path, format]);
    }
    bytes += batch.reduce((sum, entry) => sum + entry.file.size, 0);
    onProgress?.({
      phase: 'reading', files: start + batch.length, totalFiles: total, bytes, totalBytes, seconds: (Date.now() - started) / 1000,
    });
  }
  // A file the browser would not hand over is a file that cannot be read: damaged, as scan says of one it cannot open.
  for (const { path, reason } of unreadable) facts.push({ path, kind: 'damaged', note: `cannot be read (${reason})` });
  signal?.throwIfAborted();
  const { report } = await wholeLibraryRun('pair', { files: facts }, session, facts.length);
  return {
    files: new Map(files.map((entry) => [entry.path, entry.file])), formats, report: report.items,
    summary: { filesFound: report.filesFound, counts: report.counts, pairedByName: report.pairedByName },
  };
}

/**
 * `livephoto scan` over `inputs`: every Live Photo and Motion Photo found and paired by content identifier (across
 * names and folders), by name where identifiers are missing; orphans, conflicts, damaged, plain and other files.
 * Resolves to `{ report, summary }`: `report` the objects `scan --json` prints, a line each, with paths relative to
 * the folder; `summary` the counts the command prints.
 */
export async function scanLibrary(inputs, options = {}) {
  const { onProgress, signal, ...flags } = options ?? {};
  checkOptions(flags, []);
  const { report, summary } = await scan(inputs, { onProgress, signal });
  return { report, summary };
}

/** The folder `path` names below `root` (a FileSystemDirectoryHandle), made where it is missing. */
export async function folderAt(root, path) {
  let folder = root;
  for (const name of path.split('/').filter((part) => part !== '' && part !== '.')) {
    if (name === '..') throw new LivePhotoError(`${path}: a folder may not climb out of the output folder`, 2);
    folder = await folder.getDirectoryHandle(name, { create: true });
  }
  return folder;
}

/** The file at `path` below `root`, or null. */
export async function existing(root, path) {
  const slash = path.lastIndexOf('/');
  try {
    let folder = root;
    for (const name of (slash < 0 ? '' : path.slice(0, slash)).split('/').filter(Boolean)) folder = await folder.getDirectoryHandle(name);
    return await (await folder.getFileHandle(path.slice(slash + 1))).getFile();
  } catch (error) {
    if (error.name === 'NotFoundError' || error.name === 'TypeMismatchError') return null;
    throw error;
  }
}

/**
 * Writes `blob` whole as `name` in `folder`: the browser shows it only once it is closed, never half-written. A
 * Blob is handed over whole (its new header bytes and slices of the inputs), so the browser copies it without a trip
 * through this script; a zip's member (zipmember.js) is streamed, and a member whose bytes fail their check leaves
 * nothing.
 */
export async function writeWhole(folder, name, blob) {
  const writable = await (await folder.getFileHandle(name, { create: true })).createWritable();
  try {
    if (blob instanceof Blob) await writable.write(blob);
    else for await (const chunk of blob.stream()) await writable.write(chunk); // a zip's member, checked as it goes
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => {});
    throw error;
  }
}

/** True when `outputs` (Files), already there, are what the batch writes (the engine decides, as the command line does). */
async function outputsHold(planFlags, outputs, session) {
  try {
    return (await runEngine('holds', outputs, planFlags, undefined, session)).report.holds === true;
  } catch (error) {
    if (error instanceof LivePhotoError) return false;
    throw error;
  }
}

/** The operation a batch runs on one item's files, named by their paths in the library (as errors name them). */
function itemOperation(to, files, paths, stem, flags, session) {
  if (to === 'split') return runEngine('split', files, { name: stem, ...flags }, paths, session);
  return runEngine('convert', files, { to, name: stem, ...flags }, paths, session);
}

/**
 * The command line's batch over a folder (`convert --to motion|live DIR --out OUT`, `split DIR --out OUT`): the
 * library scanned and paired, the batch planned by the engine as the command line plans it, then each item done in
 * turn and written into `out` (a FileSystemDirectoryHandle), at its place below the folder, or into one stored zip
 * streamed into `out` (a WritableStream), each entry dated like the input the command line dates that output like.
 * Resolves to `{ report, summary }`: `report` the lines the command prints with `--json`, paths relative to the folder
 * (`inputs`) and to `out` (`outputs`); `summary` its counts. Into a folder, an item whose outputs are there and hold
 * is skipped, so a second run resumes; one that fails (a transcode, which needs ffmpeg) is reported in words and the
 * rest goes on.
 */
export async function convertLibrary(inputs, options = {}) {
  const { onProgress, signal, out, to, flavor, photoFormat, force = false, ...flags } = options ?? {};
  checkOptions(flags, to === 'motion' ? ['videoCodec', 'stripIdentifier'] : to === 'live' ? ['cover', 'wallpaper', 'noWallpaper', 'quality'] : []);
  if (!['motion', 'live', 'split'].includes(to)) {
    throw new LivePhotoError(`The value '${to ?? ''}' is invalid for '--to <to>': motion, live or split`, 64);
  }
  const toFolder = out?.kind === 'directory' && typeof out.getFileHandle === 'function';
  if (!toFolder && typeof out?.getWriter !== 'function') {
    throw new LivePhotoError('--out: give the folder to write into (a FileSystemDirectoryHandle), or a WritableStream for the zip', 64);
  }
  const session = librarySession();
  const scanned = await scan(inputs, { onProgress, signal }, session);
  const planFlags = to === 'motion' ? { flavor } : to === 'live' ? { photoFormat } : {};
  const { report: plan } = await wholeLibraryRun('batch', { to, ...planFlags, items: scanned.report, formats: scanned.formats }, session, scanned.summary.filesFound);
  const report = [...plan.damaged];
  const summary = { items: plan.tasks.length, done: 0, skipped: 0, failed: 0, planned: 0, leftAlone: plan.leftAlone, damaged: plan.damaged.length, interrupted: false };
  const totalBytes = plan.tasks.reduce((sum, task) => sum + task.inputs.reduce((s, path) => s + (scanned.files.get(path)?.size ?? 0), 0), 0);
  const itemFlags = { ...planFlags, ...flags };
  const started = Date.now();
  let finishedBytes = 0;
  // Into a zip: one stream, written as the items are done; a stop closes it with what was done, a whole zip.
  const zip = toFolder ? null : new (await import('./zipstream.js')).ZipStream(out, undefined, session);
  for (const [index, task] of plan.tasks.entries()) {
    if (signal?.aborted) {
      summary.interrupted = true;
      break;
    }
    const files = task.inputs.map((path) => scanned.files.get(path));
    const bytes = files.reduce((sum, file) => sum + (file?.size ?? 0), 0);
    const line = { bytes, inputs: task.inputs, item: task.item, kind: task.kind, notes: [], outputs: task.outputs, status: 'done' };
    try {
      if (task.refusal) throw new LivePhotoError(task.refusal, 2);
      if (files.some((file) => !file)) throw new LivePhotoError('its files are not among the inputs', 2);
      const found = zip ? [] : await Promise.all(task.outputs.map((path) => existing(out, path)));
      const present = found.filter(Boolean);
      if (zip) {
        const result = await itemOperation(to, files, task.inputs, task.stem, itemFlags, session);
        const named = result.files.map((file, i) => ({
          name: task.folder ? `${task.folder}/${file.name}` : file.name, blob: file.blob,
          time: files[task.datedLike[i] ?? 0]?.lastModified ?? Date.now(),
        }));
        await zip.add(named);
        line.outputs = named.map((file) => file.name);
        const reports = Array.isArray(result.report) ? result.report : [result.report];
        line.notes = reports.flatMap((r) => r?.notes ?? []);
      } else if (!force && present.length === task.outputs.length && present.length > 0) {
        if (!(await outputsHold({ to, ...planFlags }, present, session))) {
          throw new LivePhotoError(`its outputs are there but do not hold a whole result: ${task.outputs.join(', ')}`, 2);
        }
        line.status = 'skipped';
      } else if (!force && present.length > 0) {
        throw new LivePhotoError(`${task.outputs.filter((_, i) => found[i]).join(', ')} is there already; force: true replaces it`, 2);
      } else {
        const result = await itemOperation(to, files, task.inputs, task.stem, itemFlags, session);
        const folder = await folderAt(out, task.folder);
        for (const file of result.files) await writeWhole(folder, file.name, file.blob);
        line.outputs = result.files.map((file) => (task.folder ? `${task.folder}/${file.name}` : file.name));
        const reports = Array.isArray(result.report) ? result.report : [result.report];
        line.notes = reports.flatMap((r) => r?.notes ?? []);
      }
    } catch (error) {
      if (!(error instanceof LivePhotoError)) {
        await zip?.abort(error);
        throw error;
      }
      line.status = 'failed';
      line.reason = error.message;
    }
    summary[line.status] += 1;
    report.push(Object.fromEntries(Object.entries(line).sort(([a], [b]) => (a < b ? -1 : 1))));
    finishedBytes += bytes;
    onProgress?.({
      phase: 'writing', items: index + 1, totalItems: plan.tasks.length, failedItems: summary.failed, skippedItems: summary.skipped,
      bytes: finishedBytes, totalBytes, seconds: (Date.now() - started) / 1000,
    });
  }
  await zip?.close();
  return { report, summary };
}
