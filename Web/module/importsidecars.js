// An export's sidecars in the browser's import (docs/guide/javascript.md#an-exports-sidecars): a Takeout's JSON, an
// osxphotos or icloudpd folder's XMP and JSON, an Apple data copy's CSV files. The engine reads them (each one held
// here once, a few kilobytes) and decides from them; this module asks it, a batch of media files at a time, what time
// each file keeps once its sidecar is written into it, and has each file written with what its sidecar says.

import { runEngine } from './livephoto.js';
import { checkMembers } from './zipcheck.js';
import { checksumOf } from './zipstream.js';
import { filesPerRun } from './readbuffers.js';

/** The largest sidecar or table the engine reads (what the command line reads); a larger one is left where it is. */
const largest = 16 << 20;

/**
 * The sidecars and tables `wanted` (indices into `files`), each read once into memory: `held`, the inputs of the
 * import's later runs, in that order. A zip's members are located and checked first; one that fails is given empty,
 * and is one of `failed`, the import's rows of them (its CRC-32 fails, in the command line's words).
 */
export async function readSidecars(wanted, files, session, signal) {
  const rows = await checkMembers(wanted, files, session, { signal });
  const failed = new Set(rows.map(([member]) => member));
  const held = [];
  for (let start = 0; start < wanted.length; start += filesPerRun) {
    signal?.throwIfAborted();
    held.push(...await Promise.all(wanted.slice(start, start + filesPerRun).map(async (member) => {
      const file = files[member];
      if (failed.has(member)) return new Blob([]);
      return file.size > largest ? file : new Blob([await file.slice(0, file.size).arrayBuffer()]);
    })));
  }
  return { held, failed: rows };
}

/**
 * The time each file of `asked` (`[member, sidecar seconds or null, prefer]`) keeps once stamped, as the import's
 * `kept` answers `[member, seconds or null]`.
 */
export async function keptTimes(asked, members, session, signal, progress) {
  const kept = [];
  const totalBytes = asked.reduce((sum, [member]) => sum + members[member].file.size, 0);
  let bytes = 0;
  for (let start = 0; start < asked.length; start += filesPerRun) {
    signal?.throwIfAborted();
    const batch = asked.slice(start, start + filesPerRun);
    const answer = await runEngine('importKept', batch.map(([m]) => members[m].file), {
      sidecar: batch.map(([, seconds]) => seconds), prefer: batch.map(([, , prefer]) => prefer),
    }, batch.map(([m]) => members[m].path), session);
    batch.forEach(([member], i) => kept.push([member, answer.report.kept[i]]));
    bytes += batch.reduce((sum, [member]) => sum + members[member].file.size, 0);
    progress('dating', { done: start + batch.length, total: asked.length, bytes, totalBytes });
  }
  return kept;
}

/**
 * A copy of the import's `write` stage as it is written: `[member, output, seconds, facts?, prefer?]`. With facts,
 * the engine writes them into the file (`{ blob, seconds, wrote, note }`, `blob` the file as written); without, the
 * file is copied as it is (with `crc`, a zip's member's CRC-32, known already). With `checksums` (a zip's entries),
 * a written file's `crc` is worked out from its pieces where it can be (`checksumOf`); else it is worked out as the
 * file is read.
 */
export async function stampedCopy([member, , seconds, facts, prefer], members, session, { checksums = false } = {}) {
  const file = members[member].file;
  // A zip's member copied as it is has the CRC-32 its part's directory gives (its bytes were checked against it).
  // Its layout (its bytes, all of its own) lets a zip take a small one from a read shared with the members after it.
  const asItIs = {
    blob: file.whole?.() ?? file, layout: { pieces: [[0, 0, file.size]], inputs: [file] },
    ...(file.knownChecksum == null ? {} : { crc: file.knownChecksum }),
  };
  if (facts == null) return { ...asItIs, seconds, wrote: [] };
  const answer = await runEngine('importStamp', [file], { facts, preferJson: prefer === true }, [members[member].path], session);
  const { wrote = [], note, seconds: dated = null } = answer.report;
  const [written] = answer.files;
  return { ...(written ? { blob: written.blob, layout: written.layout, ...checksumIf(checksums, written) } : asItIs), seconds: dated, wrote, note };
}

/**
 * `{ crc }` of a file an engine's run wrote, where `wanted` and it can be had without a read; else nothing. The run's
 * reads are then given back to the library's buffers (nothing reads them after: the file is its own bytes and slices).
 */
function checksumIf(wanted, written) {
  const crc = wanted ? checksumOf(written.layout) : null;
  written.layout?.cache?.recycle();
  return crc == null ? {} : { crc };
}

/**
 * The Motion Photo of `job` (whose `embed` is `[photo, video]`) with its separate video appended and its sidecar
 * written into it: `{ copy, stamped }` as `stampedCopy` gives, for the photo's copy; null where the video is no MP4.
 */
export async function embeddedCopy(job, members, session, { checksums = false } = {}) {
  const [photo, video] = job.embed;
  const copy = job.copies.find(([member]) => member === photo);
  const [, , , facts, prefer] = copy;
  const answer = await runEngine('importStamp', [members[photo].file, members[video].file],
    { facts: facts ?? {}, preferJson: prefer === true, embed: true }, [members[photo].path, members[video].path], session);
  if (!answer.report.embedded) return null;
  const { wrote = [], note, seconds = null } = answer.report;
  const [written] = answer.files;
  return { copy, stamped: { blob: written.blob, layout: written.layout, ...checksumIf(checksums, written), seconds, wrote, note } };
}

/**
 * `job` as it is written: `{ embedded, copies, stamps }`, its copies (one, where a Motion Photo took its separate
 * video back) and each one's `stampedCopy` (`{ error }` where the engine could not plan it); `options` as
 * `stampedCopy` takes them.
 */
export async function plannedJob(job, members, session, options) {
  const embedded = job.embed ? await embeddedCopy(job, members, session, options).catch(() => null) : null;
  if (embedded) return { embedded, copies: [embedded.copy], stamps: [embedded.stamped] };
  const stamps = await Promise.all(job.copies.map((copy) => stampedCopy(copy, members, session, options).catch((error) => ({ error }))));
  return { embedded: null, copies: job.copies, stamps };
}
