// An export's tar parts (a Google Takeout downloaded as `.tgz`, or a `.tar`), read as `livephoto import` reads them
// (docs/guide/javascript.md#an-exports-tar-parts): a `.tar` listed where it lies, its files slices of it; a `.tgz` inflated
// once through the browser's own DecompressionStream into the import's landing (landing.js), then read as a `.tar`.
// The engine reads the headers (`tarWalk`, a few dozen a run) and judges each name as the command line does.

import { LivePhotoError } from './inputs.js';
import { runEngine } from './livephoto.js';

/** How often the inflating stage tells its progress: every this many compressed bytes. */
const progressEvery = 4 << 20;

/**
 * The `.tgz` `input` inflated into `landed`, as its file `name`: resolves to `{ tar, inflation }`, the tar and the
 * inflater's error where it stopped early (the tar then ends where it did), or to `{ note }`, why it could not be
 * inflated at all (too large for memory where the runtime has no private file system; more than the browser's storage
 * holds). Its compressed bytes read are told to `inflating(bytes)` as it goes.
 */
async function inflatePart(input, name, landed, signal, inflating = () => {}) {
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
    const inflated = input.stream().pipeThrough(counted, { signal }).pipeThrough(new DecompressionStream('gzip'), { signal });
    const kept = await landed.keep(inflated, name, { what: 'a tgz part', partial: true, signal });
    inflating(input.size);
    return { tar: kept.blob, inflation: kept.error };
  } catch (error) {
    if (error?.name === 'AbortError' || signal?.aborted) throw error;
    // A tgz that inflates past the quota (a bomb): the part is not read, in words, and the rest is imported.
    return { note: error instanceof LivePhotoError ? error.message
      : `cannot be inflated into this browser's storage (${error?.message ?? error}): its files were not read; livephoto import reads them` };
  }
}

/**
 * The tgz parts among `given`, by their indices `wanted`, inflated (inflatePart), `running` at a time,
 * in their order: `of(index)` resolves to the input's. Their inflating is told to `progress("inflating", { done,
 * total, bytes, totalBytes })`; none starts once `signal` is aborted.
 */
export class Inflations {
  constructor(wanted, given, landed, signal, progress, running = 2) {
    Object.assign(this, { wanted, given, landed, signal, progress, started: new Map(), read: new Map(), next: 0 });
    this.counts = { done: 0, total: wanted.length, bytes: 0, totalBytes: wanted.reduce((sum, index) => sum + given[index].size, 0) };
    for (let lane = 0; lane < running; lane++) this.start();
  }

  /** Starts the next part's inflating, which starts the one after it when it ends. */
  start() {
    if (this.next >= this.wanted.length || this.signal.aborted) return;
    const index = this.wanted[this.next++];
    const tell = () => {
      // What the caller's onProgress throws is not the inflating's failure.
      try {
        this.progress('inflating', { ...this.counts });
      } catch { /* the caller's */ }
    };
    const inflated = inflatePart(this.given[index], `tar-${index}.tar`, this.landed, this.signal, (bytes) => {
      this.read.set(index, bytes);
      this.counts.bytes = [...this.read.values()].reduce((sum, n) => sum + n, 0);
      tell();
    });
    inflated.then(() => {
      this.counts.done++;
      tell();
      this.start();
    }, () => {});
    this.started.set(index, inflated);
  }

  /** The inflating of the input at `index` (started now if its turn has not come). */
  of(index) {
    while (!this.started.has(index) && !this.signal.aborted && this.next < this.wanted.length) this.start();
    return this.started.get(index) ?? Promise.reject(this.signal.reason);
  }

  /** Resolves once every inflating started has ended, whichever way. */
  settled() {
    return Promise.allSettled(this.started.values());
  }
}

/**
 * The tar `tar` (named `name`; `inflation`, the inflater's error where a tgz's stopped early), its files as members of
 * `part` added to `listed` (`members`, `unsafe`, `partNotes`, `refused`).
 */
export async function addTarPart(listed, tar, inflation, name, part, session, signal) {
  // Where the inflater failed past the tar's end (bytes after it that are no gzip member), the tar is whole: the
  // command line, whose tar reader stops at the tar's end, says nothing of them either.
  for (let from = 0; from != null;) {
    signal?.throwIfAborted();
    // A tgz cut short: the walk's end of bytes is worded as the command line's inflater words it.
    const step = (await runEngine('tarWalk', [tar], { from, inflatedCutShort: inflation != null }, [name], session)).report;
    for (const found of step.files) {
      const end = found.start + found.size;
      if (found.problem) listed.refused.push([listed.members.length, null, 'engine', found.problem]);
      listed.members.push({ part, path: found.path, file: tar.slice(found.start, end), nameProblem: found.nameProblem });
    }
    for (const [path, reason] of step.unsafe) listed.unsafe.push([part, path, reason]);
    if (step.stopped) listed.partNotes.push([part, step.stopped]);
    from = step.next;
  }
}
