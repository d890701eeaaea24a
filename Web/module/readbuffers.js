// Reading a Blob through buffers kept and used again, so that what is read leaves the garbage collector little to
// gather: a Blob's byte stream read into one kept buffer (`eachChunk`, for bytes used as they come), and the buffers a
// library's engine runs read their inputs' headers into, handed on from one run to the next (`ReadBuffers`;
// docs/guide/javascript.md#how-the-engine-reads). Each `arrayBuffer()` is a new buffer outside V8's heap, which it
// collects only once tens of MB of them have gathered.

import { isNode } from './inputs.js';

/** The most bytes of buffers a library's runs keep for the next runs' reads, and the largest read kept so. */
const keptBytes = 16 * 1024 * 1024;
const largestKept = 8 * 1024 * 1024;
/** How long a library run's read waits for bytes before the rest is read as a plain stream: runs make thousands. */
const readPatience = 5000;

/** A buffer's size for a read of `length` bytes: a power of two, from 64 KiB, so that one run's fit the next one's. */
const sizeFor = (length) => Math.max(1 << 16, 2 ** Math.ceil(Math.log2(length)));

/**
 * The buffers a library's runs read into (a ReadCache's `pool`): those given back, the newest first to be taken; a read
 * waits `patience` ms for bytes.
 */
export class ReadBuffers {
  constructor(patience = readPatience) {
    this.free = [];
    this.patience = patience;
  }

  /** A buffer for `length` bytes: one given back earlier where one of its size is free, else a new one. */
  take(length) {
    const size = sizeFor(length), at = this.free.findLastIndex((buffer) => buffer.byteLength === size);
    return at < 0 ? new ArrayBuffer(size) : this.free.splice(at, 1)[0];
  }

  /** Keeps `buffers` (a run's, done with) for the next takes: the newest, up to `keptBytes` in all. */
  give(buffers) {
    for (const buffer of buffers) if (buffer.byteLength === sizeFor(buffer.byteLength)) this.free.push(buffer);
    let kept = this.free.reduce((sum, buffer) => sum + buffer.byteLength, 0);
    while (kept > keptBytes) kept -= this.free.shift().byteLength;
  }

  /**
   * `blob`'s `length` bytes in a buffer taken from these, read through `eachChunk`'s kept buffer (a Blob's stream read
   * straight into the larger buffer let the page grow by 152–155 MB where this gives 124); a larger read as a new
   * buffer of `arrayBuffer()`.
   */
  async read(blob, length) {
    if (length > largestKept) return new Uint8Array(await blob.arrayBuffer());
    const target = new Uint8Array(this.take(length), 0, length);
    let at = 0;
    await eachChunk(blob, (chunk) => {
      if (at + chunk.length > length) throw new Error(`more than the ${length} bytes asked`);
      target.set(chunk, at);
      at += chunk.length;
    }, { stalledAfter: this.patience });
    if (at < length) throw new Error(`${at} bytes of the ${length} asked`);
    return target;
  }
}

/**
 * Files a library's run reads (a scan's, an import's facts and dates), each at most 512 KiB (its start and its end)
 * before the run: 8 MiB a run, half what the buffers keep.
 */
export const filesPerRun = 16;

/** Whether Node's runs read as a browser's do (through ReadBuffers): the Node suite turns it on to check that way. */
export const nodeReads = { throughBuffers: false };

/**
 * A new session for a library's runs (runEngine's): in a browser, with buffers to read into. Node reads with
 * `arrayBuffer()`, whose buffers it collects quickly, and its Blob streams are slower there (an import took 13.3 s
 * through the buffers and 11.0 s without, and held 60 MB more).
 */
export const librarySession = () => (isNode() && !nodeReads.throughBuffers ? {} : { buffers: new ReadBuffers() });

/** Buffers a byte stream's reads went into, kept for the next such read (`eachChunk`). */
const readBuffers = [];

/** How long a read of a Blob through a kept buffer waits for bytes before the rest is read as a plain stream. */
const patience = 15000;

/**
 * Calls `onChunk(bytes)` with each piece of `source` in turn: a ReadableStream as it comes, a Blob through a buffer
 * kept from one read to the next and from one Blob to the next (its stream's own reader, `mode: "byob"`), so that
 * nothing is left per piece for the garbage collector, which otherwise lets a page's memory grow by hundreds of
 * megabytes over a few gigabytes read. Where such a read waits more than `stalledAfter` ms (Chromium 156 has left one
 * waiting for good, now and then, after many Blobs read so), the rest of the Blob is read as a plain stream. `bytes`
 * is only good until `onChunk` returns.
 */
export async function eachChunk(source, onChunk, { stalledAfter = patience } = {}) {
  const isBlob = typeof source.getReader !== 'function', stream = isBlob ? source.stream() : source;
  let reader = null, buffer = null, position = 0, stalled = false;
  if (isBlob) {
    try {
      reader = stream.getReader({ mode: 'byob' });
      buffer = readBuffers.pop() ?? new ArrayBuffer(1 << 20);
    } catch { /* no byte stream: read as it comes, below */ }
  }
  if (!buffer) return readPlain(stream, onChunk);
  try {
    for (;;) {
      const timer = setTimeout(() => {
        stalled = true;
        reader.cancel().catch(() => {});
      }, stalledAfter);
      const { done, value } = await reader.read(new Uint8Array(buffer)).finally(() => clearTimeout(timer));
      if (stalled) return readPlain(source.slice(position).stream(), onChunk);
      if (value) buffer = value.buffer;
      if (done) break;
      position += value.length;
      onChunk(value);
    }
    if (buffer.byteLength > 0 && readBuffers.length < 8) readBuffers.push(buffer);
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}

/** `eachChunk` of a stream read as it comes. */
async function readPlain(stream, onChunk) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onChunk(value);
    }
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}
