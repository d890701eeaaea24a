// Zips inside an export (an Apple data copy's shared albums, `iCloud Shared Albums.zip`), read as `livephoto import`
// reads them (docs/guide/javascript.md#an-exports-zips): once the parts are listed, each zip among their members is
// read as a part of its own, its files members of the part that holds it under its path (`X.zip/My Albums/…`), listed
// after that part's own, and a zip inside one of those too; deeper ones are kept as other files. A stored zip is read
// where it lies, a slice of its part; a deflated one is first inflated into the origin's private file system (and
// removed when the import ends), or, in a runtime without one, into memory (landing.js).

import { LivePhotoError } from './inputs.js';
import { runEngine } from './livephoto.js';
import { ZipMemberBlob } from './zipmember.js';

/** How deep zips inside zips are read (the command line's TakeoutIngest.maxArchiveDepth): a part's own are depth 0. */
const maxDepth = 2;

/** A member the engine takes for a zip (ImportMember.role's `.archive`): by its extension. */
const isZip = (path) => /\.zip$/i.test(path);

/**
 * The zips among `listed.members` read, their files added to it (and their notes, unsafe names and refused members to
 * `listed`'s): resolves to `{ zipsRead, zipsTooDeep }`, the members read as zips and those too deep to be. A deflated
 * one is inflated into `landed` (a Landing, landing.js).
 */
export async function readZipsInside(listed, landed, session, signal) {
  const { members, partNotes } = listed;
  const zipsRead = [], zipsTooDeep = [], depth = new Map();
  // The members grow as zips are read: a zip found inside one is read after it.
  for (let index = 0; index < members.length; index++) {
    const { part, path, file } = members[index];
    if (!isZip(path)) continue;
    const level = depth.get(index) ?? 0;
    if (level >= maxDepth) {
      zipsTooDeep.push(index);
      continue;
    }
    zipsRead.push(index);
    signal?.throwIfAborted();
    const note = (text) => partNotes.push([part, `${path}: ${text}`]);
    let blob;
    try {
      blob = await zipBytes(file, session, landed, `zip-${index}.zip`);
    } catch (error) {
      if (error?.name === 'AbortError') throw error;
      note(error instanceof LivePhotoError ? error.message : `cannot be read (${error?.message ?? error})`);
      continue;
    }
    const first = members.length;
    addListing(listed, await zipListing(blob, listed.parts[part], session, signal, { inside: true }), part, blob, path);
    for (let added = first; added < members.length; added++) depth.set(added, level + 1);
  }
  return { zipsRead, zipsTooDeep };
}

/**
 * The files of the zip `blob`'s `listing` added to `listed` as members of `part` (under `within`, the path of the zip
 * inside the part, where it is one), with its refused members, unsafe names and notes.
 */
export function addListing({ members, unsafe, partNotes, refused }, listing, part, blob, within = null) {
  const under = (path) => (within ? `${within}/${path}` : path);
  for (const found of listing.files) {
    if (found.problem) refused.push([members.length, found.entry, 'engine', found.problem]);
    members.push({ part, path: under(found.path), file: new ZipMemberBlob(blob, found), nameProblem: found.nameProblem });
  }
  for (const [name, reason] of listing.unsafe) unsafe.push([part, under(name), reason]);
  for (const text of listing.notes) partNotes.push([part, within ? `${within}: ${text}` : text]);
}

/**
 * The files of the zip `blob` (named `name` in what the engine says), as its directory lists them, or from the front,
 * a few dozen local headers a run, where it has none: `{ zip, archive, files, unsafe, notes }`, `zip` false where the
 * engine finds no zip in it (with `inside`, a zip inside the export, it reads it as one all the same, as the command
 * line does), and then `archive` "tar" or "gzip" where it is one of those (importtars.js).
 */
export async function zipListing(blob, name, session, signal, options = {}) {
  const { report } = await runEngine('zipMembers', [blob], options, [name], session);
  const found = { zip: report.zip !== false, archive: report.archive ?? null, files: [], unsafe: [], notes: report.note ? [report.note] : [] };
  if (!found.zip) return found;
  const add = ({ files, unsafe }) => {
    found.files.push(...files);
    found.unsafe.push(...unsafe);
  };
  if (!report.walk) add(report);
  for (let from = report.walk ? 0 : null; from != null;) {
    signal?.throwIfAborted();
    const step = (await runEngine('zipWalk', [blob], { from }, [name], session)).report;
    add(step);
    if (step.stopped) found.notes.push(step.stopped);
    from = step.next;
  }
  return found;
}

/**
 * The bytes of the zip `file` as a Blob the engine reads at random: a folder's File itself; a stored member, located,
 * as a slice of its part; a deflated one inflated (and checked) first, into `landed` as `name`.
 */
async function zipBytes(file, session, landed, name) {
  if (!(file instanceof ZipMemberBlob)) return file;
  const { report } = await runEngine('zipData', [file.part], { entries: [file.entry] }, undefined, session);
  const range = report.ranges[0];
  if (typeof range === 'string') throw new LivePhotoError(range, 65);
  file.range = range;
  return file.whole() ?? (await landed.keep(file.stream(), name, { size: file.size, what: 'a compressed zip' })).blob;
}
