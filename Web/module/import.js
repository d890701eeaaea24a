// A camera's folder or an export (a Takeout, Apple's data copy, icloudpd's or osxphotos' folders) made into a clean
// library in the browser, as `livephoto import FOLDER --out OUT` makes it (docs/guide/javascript.md#importing-a-camera-folder).
// The engine decides everything: which files are media, which are copies of others, how they pair, what each file's
// sidecar says, each item's folder and name, the report and the record of what was written.
// Each of its runs answers with the first thing it still lacks (a stage); this module reads, compares and copies what
// it asks, a file at a time, and never holds a file whole.

import { LivePhotoError } from './inputs.js';
import { runEngine } from './livephoto.js';
import { importMembers, memberRows } from './importparts.js';
import { checkOptions, existing, wholeLibraryRun, writeWhole } from './library.js';
import { firstCopies, sameBytes } from './twins.js';
import { checkMembers } from './zipcheck.js';
import { filesPerRun, librarySession } from './readbuffers.js';
import { keptTimes, readSidecars } from './importsidecars.js';
import { appendRecords, recordLines, writeJobs } from './importwrite.js';

/** The run's work folder in the library, and the record in it of what runs into the library have written. */
const recordPath = '.livephoto-takeout/written.jsonl';
/** The most stages an import takes: read, facts, same, existing, write and report, and a few repeated. */
const maxStages = 20;

const isFolder = (value) => value != null && value.kind === 'directory' && typeof value.values === 'function';

/** The lines of the library's record whose outputs are still there, as `[part, member, size, output]`, for `parts`. */
async function previousRecords(out, parts) {
  const file = await existing(out, recordPath);
  if (!file) return [];
  const rows = [];
  for (const line of (await file.text()).split('\n')) {
    let record;
    try { record = JSON.parse(line); } catch { continue; } // a line a stopped run cut
    const { part, member, size, output } = record ?? {};
    if (typeof part !== 'string' || typeof member !== 'string' || typeof output !== 'string' || !Number.isInteger(size)) continue;
    if (parts.includes(part) && (await existing(out, output))) rows.push([part, member, size, output]);
  }
  return rows;
}

/** The names directly in `folder` below `out` (files and folders); none where it is not there. */
async function namesIn(out, folder) {
  let handle = out;
  try {
    for (const name of folder.split('/').filter(Boolean)) handle = await handle.getDirectoryHandle(name);
  } catch (error) {
    if (error.name === 'NotFoundError' || error.name === 'TypeMismatchError') return [];
    throw error;
  }
  const names = [];
  for await (const entry of handle.values()) names.push(entry.name);
  return names.sort();
}

/**
 * `livephoto import FOLDER --out OUT` in the browser, for a camera's folder (an iPhone's DCIM, an Android phone's
 * Camera) or an export with sidecars, loose or in zips read in place: every photo and video written whole into `out`
 * as `YYYY/MM/NAME.EXT` with what its sidecar says written into it, a Live Photo's halves under one name, a copy of
 * the same bytes written once, albums as albums.json, a record of what was written kept in `out/.livephoto-takeout`,
 * so that a second run writes nothing again. `out` is a FileSystemDirectoryHandle, or a
 * WritableStream that receives one stored zip of the library. Resolves to `{ report }`, the lines `import --json`
 * prints (`part` the folder's or the zip's name).
 */
export async function importLibrary(inputs, options = {}) {
  const { onProgress, signal, out, partName = 'folder', ...flags } = options ?? {};
  checkOptions(flags, ['layout', 'includeTrashed', 'skipHidden', 'to', 'albums', 'preferJson', 'memories']);
  const toFolder = out?.kind === 'directory' && typeof out.getFileHandle === 'function';
  if (!toFolder && typeof out?.getWriter !== 'function') {
    throw new LivePhotoError('--out: give the library\'s folder (a FileSystemDirectoryHandle), or a WritableStream for the zip', 64);
  }
  signal?.throwIfAborted();
  for (const input of Array.isArray(inputs) ? inputs : [inputs]) {
    if (toFolder && isFolder(input) && ((await out.resolve?.(input)) != null || (await input.resolve?.(out)) != null)) {
      throw new LivePhotoError(`${out.name}: the library's folder must be outside the folder it reads, ${input.name}, and not hold it`, 2);
    }
  }
  const session = librarySession();
  const progress = (stage, counts) => onProgress?.({ stage, ...counts });
  const { parts, members, refused, landed, ...listed } = await importMembers(inputs, partName, session, signal, progress);
  const files = members.map((member) => member.file);
  // What an earlier run wrote (the folder's record): a failure to read it removes what was inflated, as any failure.
  const previous = toFolder ? await previousRecords(out, parts).catch(async (error) => {
    await landed.remove();
    throw error;
  }) : [];
  const request = {
    parts, members: memberRows(members), ...listed, previous, outputDirectory: typeof out.name === 'string' ? out.name : '', ...flags,
  };
  let zip = null, sidecars = [];
  const recorded = new Set();
  try {
    for (let round = 0; round < maxStages; round++) {
      // Once the items are written, a stop waits for their record.
      if (!request.done) signal?.throwIfAborted();
      // The export's sidecars and tables go with every run once they are known (the engine plans from them).
      const { report: answer } = await wholeLibraryRun('import', request, session, members.length, sidecars,
        request.sidecarFiles?.map((member) => members[member].path));
      switch (answer.stage) {
        case 'read': {
          // The media not written by an earlier run: each one's first copy by its bytes.
          const written = new Set(answer.written.map(([member]) => member));
          // A zip's members are read through once, as the command line lands them: one that is not what its part's
          // directory says is a failure of its own, and compared with nothing.
          const media = answer.media.filter((member) => !written.has(member)), wanted = new Set(media);
          const notRead = new Set(refused.map(([member]) => member));
          request.failed = [...refused.filter(([member]) => wanted.has(member)), ...await checkMembers(
            media.filter((member) => !notRead.has(member)), files, session, { signal, progress: (counts) => progress('checking', counts) })];
          const failed = new Set(request.failed.map(([member]) => member));
          const order = media.filter((member) => !failed.has(member));
          const first = await firstCopies(order, files, { signal, progress: (counts) => progress('comparing', counts) });
          request.bytes = order.map((member) => [member, first.get(member)]);
          const read = await readSidecars(answer.sidecars, files, session, signal);
          [sidecars, request.sidecarFiles] = [read.held, answer.sidecars];
          request.failed.push(...read.failed);
          request.facts ??= [];
          break;
        }
        case 'facts':
          request.facts = [...(request.facts ?? []), ...await readFacts(answer.files, members, session, signal, progress)];
          break;
        case 'same':
          // A separate video against the one inside its Motion Photo, one pair at a time (each reads 4 MiB at once).
          request.same ??= [];
          for (const [video, photo, offset, length] of answer.same) {
            signal?.throwIfAborted();
            request.same.push([video, photo, files[video].size === length && await sameBytes(files[video], 0, files[photo], offset, length)]);
          }
          break;
        case 'kept':
          request.kept = [...(request.kept ?? []), ...await keptTimes(answer.files, members, session, signal, progress)];
          break;
        case 'existing':
          request.existing = [...(request.existing ?? []), ...await Promise.all(answer.folders.map(async (folder) => [
            folder, toFolder ? await namesIn(out, folder) : [],
          ]))];
          break;
        case 'write':
          refuseOversizedReport(request, answer.jobs, members.length);
          if (!toFolder) zip = new (await import('./zipstream.js')).ZipStream(out, undefined, session);
          request.done = await writeJobs(answer.jobs, members, { out: toFolder ? out : null, zip, session, signal, progress, recorded });
          break;
        case 'report': {
          // Albums as their list, albums.json, where the command line writes it (a browser makes no links).
          const albums = answer.albums == null ? null : new Blob([answer.albums]);
          if (albums && !zip) await writeWhole(out, 'albums.json', albums);
          if (zip) {
            if (albums) await zip.add([{ name: 'albums.json', blob: albums, time: Date.now() }]);
            if (answer.records.length > 0) {
              await zip.add([{ name: recordPath, blob: new Blob([recordLines(answer.records)]), time: Date.now() }]);
            }
            await zip.close();
            zip = null;
          } else {
            // What the items' own records did not say already (an item a write failed in).
            await appendRecords(out, recordLines(answer.records.filter((record) => !recorded.has(recordLines([record])))));
          }
          // A run stopped while writing records what it wrote (a second run resumes there), then says it stopped.
          signal?.throwIfAborted();
          return { report: answer.lines };
        }
        default:
          throw new LivePhotoError(`the engine answered the import with a stage this module does not know: ${answer.stage}`, 70);
      }
    }
    throw new LivePhotoError(`the engine asked for more than ${maxStages} stages of the import`, 70);
  } catch (error) {
    await zip?.abort(error);
    throw error;
  } finally {
    await landed.remove();
  }
}

/** The most JSON the engine reads in one run (JSONValue.maxLength): 16 MiB. */
const maxRequest = 16 << 20;

/**
 * Refuses, before anything is written, an import whose last run (the request so far, with what each item wrote)
 * would be more JSON than the engine reads: the report would be lost after the copying.
 */
export function refuseOversizedReport(request, jobs, files) {
  const done = jobs.map(({ number, copies }) => ({ number, written: copies.map(([member]) => member) }));
  const size = new TextEncoder().encode(JSON.stringify({ operation: 'import', files: [], options: { ...request, done } })).length;
  if (size > maxRequest) {
    throw new LivePhotoError(`${files.toLocaleString('en')} files are more than the engine takes in one run (its report `
      + `would be ${Math.ceil(size / 1048576)} MiB of JSON, past 16): choose the folder's subfolders in turns`, 2);
  }
}

/** The facts of the members `wanted` (their first copies), a batch of files at a time, as `[member, facts]`. */
async function readFacts(wanted, members, session, signal, progress) {
  const facts = [];
  const totalBytes = wanted.reduce((sum, member) => sum + members[member].file.size, 0);
  let bytes = 0;
  for (let start = 0; start < wanted.length; start += filesPerRun) {
    signal?.throwIfAborted();
    const batch = wanted.slice(start, start + filesPerRun);
    const answer = await runEngine('importFacts', batch.map((m) => members[m].file), {}, batch.map((m) => members[m].path), session);
    batch.forEach((member, i) => facts.push([member, answer.report.facts[i]]));
    bytes += batch.reduce((sum, member) => sum + members[member].file.size, 0);
    progress('reading', { done: start + batch.length, total: wanted.length, bytes, totalBytes });
  }
  return facts;
}
