// Where an import keeps what it had to inflate before it could read it at random: a deflated zip inside an export
// (importzips.js) and a `.tgz` part (importtars.js). In the origin's private file system, in a folder of the import's
// own, removed when it ends; in a runtime without one (Node), in memory up to `inMemoryLimit`.

import { LivePhotoError } from './inputs.js';

/** The most inflated into memory where the runtime has no private file system. */
const inMemoryLimit = 64 << 20;
/**
 * The private file system's folders that hold what an import inflated while it runs, one an import (named by its start,
 * so that two at once keep apart); one left by an import that never ended is removed by a later one after a day.
 */
const landingPrefix = 'livephoto-import-zips-';
const staleAfter = 24 * 3600 * 1000;
/** How much is gathered for one write into the private file system. */
const gathered = 4 << 20;

const mib = (bytes) => Math.ceil(bytes / 1048576);

/** How many bytes an inflater gives between two turns of the task loop (`spent`). */
const turnEvery = 4 << 20;
let sinceTurn = 0, ballast = null, turns = null;
const waiting = [];

/**
 * Paces V8's collector through an inflater's output: call it with each chunk's size once the chunk is used. The bytes
 * of the spent chunks lie outside V8's heap, and chunks that follow one another as promises alone give it no turn to
 * collect them: left so, Chromium's page grew by 1.1 GB over 4.2 GB inflated (a collection forced every 64 MB held it
 * to 171 MB). A young-generation allocation twice the chunk's size, dropped at once, and a task's turn every 4 MiB (a
 * message to itself: no timer's clamped delay) let the collector keep up (docs/benchmarks.md#a-takeouts-tgz-parts).
 * The same pacing of a zip's entries read from files raised the data copy's peak (161 to 223 MB): it is the
 * inflater's alone. Resolves at once but at a turn.
 */
function spent(bytes) {
  ballast = new Array(bytes >> 2);
  sinceTurn += bytes;
  if (sinceTurn < turnEvery) return null;
  sinceTurn = 0;
  // Node's own turn (a message port there would keep it running, or, let go, not wait for the turn).
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  if (!turns) {
    turns = new MessageChannel();
    turns.port1.onmessage = () => waiting.shift()?.();
  }
  return new Promise((resolve) => {
    waiting.push(resolve);
    turns.port2.postMessage(0);
  });
}

/**
 * Hands each chunk `reader` gives to `onChunk`, to the end. Where the stream fails and `keepsBefore(failure)` (a tgz
 * cut short), resolves to its error, what came before it handed over; else rejects with it. Resolves to null at the end.
 */
async function readAll(reader, keepsBefore, onChunk) {
  for (;;) {
    let read;
    try {
      read = await reader.read();
    } catch (failure) {
      if (!keepsBefore(failure)) throw failure;
      return failure;
    }
    if (read.done) return null;
    await onChunk(read.value);
    // An inflater's chunks, gigabytes of them: their memory goes as they are used (where it grew by 649 MB over a
    // 2.1 GB tgz kept, it grows by 149 MB, and by 184 MB over 8.5 GB).
    await spent(read.value.byteLength);
  }
}

/** The bytes `reader` gives written into `handle` (a file of `folder`) through a synchronous access handle. */
async function keepInPlace(reader, folder, handle, name, keepsBefore) {
  const access = await handle.createSyncAccessHandle();
  let at = 0, error;
  try {
    access.truncate(0);
    error = await readAll(reader, keepsBefore, (chunk) => {
      for (let written = 0; written < chunk.byteLength;) written += access.write(chunk.subarray(written), { at: at + written });
      at += chunk.byteLength;
    });
    access.flush();
  } catch (failure) {
    // A write that failed (the disk full), or a stop: nothing is kept.
    await reader.cancel(failure).catch(() => {});
    access.close();
    await folder.removeEntry(name).catch(() => {});
    throw failure;
  }
  access.close();
  return { blob: await handle.getFile(), error };
}

/** The bytes `reader` gives written into `handle` through a writable stream (its swap file, renamed into place). */
async function keepThroughWritable(reader, handle, keepsBefore) {
  const writable = await handle.createWritable();
  let error;
  // An inflater's output comes in small chunks, and each write is a trip to the browser's process: they are
  // gathered into writes of `gathered` bytes, in two buffers by turns, one filled while the other is written.
  const buffers = [new Uint8Array(gathered), new Uint8Array(gathered)];
  let buffer = buffers[0], filled = 0, writing = Promise.resolve();
  const flush = async () => {
    await writing;
    if (filled > 0) {
      writing = writable.write(buffer.subarray(0, filled));
      // Its failure is met at the next flush; meanwhile it is not an unhandled one.
      writing.catch(() => {});
    }
    [buffer, filled] = [buffers[buffers.indexOf(buffer) ^ 1], 0];
  };
  try {
    error = await readAll(reader, keepsBefore, async (chunk) => {
      while (chunk.byteLength > 0) {
        const taken = Math.min(chunk.byteLength, gathered - filled);
        buffer.set(chunk.subarray(0, taken), filled);
        [filled, chunk] = [filled + taken, chunk.subarray(taken)];
        if (filled === gathered) await flush();
      }
    });
    await flush();
    await writing;
  } catch (failure) {
    // A write that failed (the disk full), or a stop: nothing is kept.
    await reader.cancel(failure).catch(() => {});
    await writable.abort(failure).catch(() => {});
    throw failure;
  }
  await writable.close();
  return { blob: await handle.getFile(), error };
}

export class Landing {
  constructor() {
    this.folder = null;
    this.name = null;
  }

  /**
   * The bytes `stream` gives, kept as `name`: resolves to `{ blob, error }`, a File of the private file system (or a
   * Blob in memory) and, with `partial`, the error the stream ended with after the bytes before it were kept (a
   * download cut short: its files up to there are read). Without `partial`, or once `signal` is aborted, such an error
   * rejects, and nothing is kept.
   * `size`, where known, and `what` (the words for what is inflated) word a refusal to hold it in memory.
   */
  async keep(stream, name, { size = null, what, partial = false, signal = null }) {
    if (this.removed) throw new LivePhotoError('the import has ended: nothing more is inflated for it', 70);
    const root = await globalThis.navigator?.storage?.getDirectory?.().catch(() => null);
    const reader = stream.getReader();
    // A stream that fails once stopped (`signal`) is a stop, not a download cut short.
    const keepsBefore = (failure) => partial && failure?.name !== 'AbortError' && !signal?.aborted;
    if (root && typeof FileSystemFileHandle !== 'undefined' && 'createWritable' in FileSystemFileHandle.prototype) {
      const folder = await this.room(root);
      const handle = await folder.getFileHandle(name, { create: true });
      // In a worker, written in place through a synchronous handle (twice as fast as a writable stream's swap file;
      // nobody sees this file half-written but the import itself).
      if (typeof handle.createSyncAccessHandle === 'function') return keepInPlace(reader, folder, handle, name, keepsBefore);
      return keepThroughWritable(reader, handle, keepsBefore);
    }
    const refusal = (bytes) => new LivePhotoError(`${what} of ${bytes == null ? 'more than 64' : mib(bytes)} MiB, more than this `
      + 'runtime inflates without a private file system to hold it (64 MiB): its files were not read; livephoto import reads them', 65);
    if (size != null && size > inMemoryLimit) {
      await reader.cancel().catch(() => {});
      throw refusal(size);
    }
    const chunks = [];
    let held = 0;
    const error = await readAll(reader, keepsBefore, async (chunk) => {
      held += chunk.byteLength;
      if (held > inMemoryLimit) {
        await reader.cancel().catch(() => {});
        throw refusal(size);
      }
      chunks.push(chunk);
    });
    return { blob: new Blob(chunks), error };
  }

  /** The import's own folder of the private file system `root`, made on its first use (stale ones removed then). */
  room(root) {
    // Made once, whichever keep asks first (two tgz parts are inflated at once).
    this.folder ??= (async () => {
      for await (const old of root.keys()) {
        const started = Number(old.startsWith(landingPrefix) ? old.slice(landingPrefix.length).split('-')[0] : NaN);
        if (started < Date.now() - staleAfter) await root.removeEntry(old, { recursive: true }).catch(() => {});
      }
      this.name = `${landingPrefix}${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
      return root.getDirectoryHandle(this.name, { create: true });
    })();
    return this.folder;
  }

  /** Removes what was inflated. */
  async remove() {
    this.removed = true;
    if (!this.folder) return;
    await this.folder.catch(() => {});
    const root = await navigator.storage.getDirectory();
    await root.removeEntry(this.name, { recursive: true }).catch(() => {});
    this.folder = null;
  }
}
