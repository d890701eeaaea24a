// An export's tar parts (a Google Takeout downloaded as `.tgz`, or a `.tar`), read as `livephoto import` reads them
// (docs/guide/javascript.md#an-exports-zips): a `.tar` listed where it lies, its files slices of it; a `.tgz` inflated
// once through the browser's own DecompressionStream into the import's landing (landing.js), then read as a `.tar`.
// The engine reads the headers (`tarWalk`, a few dozen a run) and judges each name as the command line does.

import { LivePhotoError } from './inputs.js';
import { runEngine } from './livephoto.js';

/**
 * What the report says where the browser's inflater failed on a `.tgz` and the tar it gave is whole (a stream damaged
 * past the tar's end): the command line's inflater, which reads on, says more exactly what.
 */
const gzipFailed = (error) => `the gzip stream cannot be inflated past its tar (${error?.message ?? error})`;

/** How often the inflating stage tells its progress: every this many compressed bytes. */
const progressEvery = 4 << 20;

/**
 * The tar in `input` (named `name`; `archive` "tar" or "gzip", as zipMembers told), its files as members of `part`
 * added to `listed` (`members`, `unsafe`, `partNotes`, `refused`), a `.tgz` inflated into `landed` first; its
 * compressed bytes read are told to `inflating(bytes)` as it goes.
 */
export async function addTarPart(listed, input, archive, name, part, landed, session, signal, inflating = () => {}) {
  let tar = input, inflation = null;
  if (archive === 'gzip') {
    let read = 0, told = 0;
    const counted = new TransformStream({
      transform(chunk, controller) {
        signal?.throwIfAborted();
        read += chunk.byteLength;
        if (read - told >= progressEvery) inflating((told = read));
        controller.enqueue(chunk);
      },
    });
    try {
      const kept = await landed.keep(input.stream().pipeThrough(counted).pipeThrough(new DecompressionStream('gzip')), `tar-${part}.tar`,
        { what: 'a tgz part', partial: true });
      inflating(input.size);
      [tar, inflation] = [kept.blob, kept.error];
    } catch (error) {
      // Too large to inflate into memory (a runtime without a private file system): the part is not read, in words.
      if (!(error instanceof LivePhotoError)) throw error;
      listed.partNotes.push([part, error.message]);
      return;
    }
  }
  let stopped = false;
  for (let from = 0; from != null;) {
    signal?.throwIfAborted();
    // A tgz cut short: the walk's end of bytes is worded as the command line's inflater words it.
    const step = (await runEngine('tarWalk', [tar], { from, inflatedCutShort: inflation != null }, [name], session)).report;
    for (const found of step.files) {
      const end = found.start + found.size;
      if (found.problem) listed.refused.push([listed.members.length, null, 'engine', found.problem]);
      listed.members.push({ part, path: found.path, file: tar.slice(found.start, Math.min(end, tar.size)), nameProblem: found.nameProblem });
    }
    for (const [path, reason] of step.unsafe) listed.unsafe.push([part, path, reason]);
    if (step.stopped) {
      listed.partNotes.push([part, step.stopped]);
      stopped = true;
    }
    from = step.next;
  }
  if (inflation && !stopped) listed.partNotes.push([part, gzipFailed(inflation)]);
}
