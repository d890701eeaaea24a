// An import's inputs as the engine's parts and members (docs/guide/javascript.md#an-exports-zips): a folder's files,
// and an export's zip parts, each listed by the engine from its own directory and read in place (zipmember.js), and
// its tar and tgz parts (importtars.js, #an-exports-tar-parts).

import { LivePhotoError, nameOf } from './inputs.js';
import { libraryFiles } from './library.js';
import { Inflations, addTarPart } from './importtars.js';
import { addListing, readZipsInside, zipListing } from './importzips.js';
import { Landing } from './landing.js';

const isFolder = (value) => value != null && value.kind === 'directory' && typeof value.values === 'function';
/** A File or Blob given by itself (not one of a folder input's): maybe an export's zip, tar or tgz part. */
const isLoose = (value) => value != null && typeof value.slice === 'function' && typeof value.size === 'number' && !value.webkitRelativePath;

/**
 * Every file of `inputs` as `{ part, path, file, nameProblem }`, with the parts' names and what the engine's `import`
 * takes of them beside the members:
 * - A folder handed over is a part by its name; a folder input's Files by the first step of their
 *   `webkitRelativePath`; `{ path, file }` pairs and Files that are not zips are `partName`'s. Hidden files and folders
 *   are left out, as `livephoto import` leaves them out; a folder or file the browser will not read is in
 *   `unreadable` (`[part, path, reason]`).
 * - A File that is a zip (the engine tells by its first bytes, as the command line does) is a part by its name, its
 *   members in the order of their data (`zipParts`), each a ZipMemberBlob. Members whose names lead out of the folder
 *   are `unsafe` (`[part, name, reason]`), those the engine will not read at all `refused` (`[member, entry, "engine",
 *   words]`). A part whose directory is gone is read from the front, by its members' local headers, and says so
 *   (`partNotes`, `[part, text]`).
 * - A File that is a tar or a gzip stream (a Takeout's `.tgz`) is a part by its name, its files in their order
 *   (importtars.js); a tgz's inflating is told to `progress("inflating", { done, total, bytes, totalBytes })`.
 * - A zip among the members (an Apple data copy's shared albums) is read as a part of its own (importzips.js): its
 *   files are members of the part that holds it, under its path (`zipsRead`, `zipsTooDeep`).
 * What had to be inflated to be read is in `landed`: call `landed.remove()` when the import ends.
 */
export async function importMembers(inputs, partName, session, signal, progress = () => {}) {
  const parts = [], members = [], unreadable = [], zipParts = [], unsafe = [], partNotes = [], refused = [];
  const landed = new Landing();
  const given = Array.isArray(inputs) ? inputs : [inputs];
  // Stops the tgz parts' inflating where the caller stops or the listing fails.
  const stop = new AbortController(), stopWith = () => stop.abort(signal.reason);
  if (signal?.aborted) stopWith();
  signal?.addEventListener('abort', stopWith, { once: true });
  let inflations = null;
  try {
    // What each File given by itself is (a zip, a tar, a tgz, or another file), first: the tgz parts are inflated two
    // at a time while the parts before them are listed.
    const listings = [];
    for (const [index, input] of given.entries()) {
      signal?.throwIfAborted();
      if (isLoose(input)) listings[index] = await zipListing(input, nameOf(input, index), session, signal);
    }
    inflations = new Inflations(given.flatMap((input, index) => (listings[index]?.archive === 'gzip' ? [index] : [])), given, landed,
      stop.signal, progress);
    const partOf = (name) => (parts.includes(name) ? parts.indexOf(name) : parts.push(name) - 1);
    for (const [index, input] of given.entries()) {
      signal?.throwIfAborted();
      if (isLoose(input)) {
        const name = nameOf(input, index), listing = listings[index];
        if (listing.zip || listing.archive) {
          // Its files in their order (the engine's zipParts): a zip's as its directory lists them, a tar's as they come.
          const part = partOf(name);
          if (!zipParts.includes(part)) zipParts.push(part);
          if (listing.zip) addListing({ members, unsafe, partNotes, refused }, listing, part, input);
          else {
            const { tar = input, inflation = null, note } = listing.archive === 'gzip' ? await inflations.of(index) : {};
            if (note) partNotes.push([part, note]);
            else await addTarPart({ members, unsafe, partNotes, refused }, tar, inflation, name, part, session, signal);
          }
          continue;
        }
      }
      const { files, unreadable: refusedFolders } = await libraryFiles([input], signal).catch((error) => {
        if (!(error instanceof LivePhotoError) || error.code !== 64) throw error;
        throw new LivePhotoError(error.message.replace('input 1 ', `input ${index + 1} `), 64);
      });
      // A folder the browser will not read is a problem of the report, and the rest of the folder is imported.
      for (const { path, reason } of refusedFolders) {
        unreadable.push([partOf(isFolder(input) ? input.name || partName : partName), path, reason]);
      }
      for (const { path, file } of files) {
        const slash = path.indexOf('/');
        if (isFolder(input)) members.push({ part: partOf(input.name || partName), path, file });
        // A folder input's File names its folder first; a `{ path, file }` pair's path is the folder's own already.
        else if (typeof input.slice === 'function' && input.webkitRelativePath && slash > 0) {
          members.push({ part: partOf(path.slice(0, slash)), path: path.slice(slash + 1), file });
        } else members.push({ part: partOf(partName), path, file });
      }
    }
    const listed = { parts, members, unreadable, zipParts, unsafe, partNotes, refused };
    return { ...listed, landed, ...await readZipsInside(listed, landed, session, signal) };
  } catch (error) {
    // The inflating still under way stops, and ends, before what it wrote is removed.
    stop.abort();
    await inflations?.settled();
    await landed.remove();
    throw error;
  } finally {
    signal?.removeEventListener('abort', stopWith);
  }
}

/** The members as the engine's `import` lists them: `[part, path, size]`, and the name's problem where there is one. */
export const memberRows = (members) => members.map(({ part, path, file, nameProblem }) => (nameProblem
  ? [part, path, file.size, nameProblem] : [part, path, file.size]));
