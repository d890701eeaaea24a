// A member of an export's zip part read in place (docs/guide/javascript.md#an-exports-zips): a stored member is a
// slice of the part, a deflated one comes out of the browser's own DecompressionStream("deflate-raw") as it is read,
// and neither is ever held whole or extracted. The engine lists the part and finds where each member's data lies;
// this module reads those bytes, and checks them against the size and CRC-32 the part's directory gives.

import { LivePhotoError } from './inputs.js';
import { crc32 } from './zipstream.js';

/** The most deflated members left open where a read stopped (each holds its inflater's state); the oldest is closed. */
const openCursors = 8;
const cursors = [];

/** What went wrong reading a member, as the engine words it (`problem`, with `detail`). */
class ReadProblem extends Error {
  constructor(problem, detail = null) {
    super(problem);
    this.problem = problem;
    this.detail = detail;
  }
}

/**
 * A zip member as the import reads it: a Blob's `size`, `slice()` (whose `arrayBuffer()`, `text()` and `stream()`
 * read that range) and `stream()` (the whole member, checked: it errors where the bytes are not the directory's).
 * `knownChecksum` is the directory's CRC-32, which tells copies apart without reading them.
 */
export class ZipMemberBlob {
  constructor(part, listed) {
    this.part = part;
    this.size = listed.size;
    this.knownChecksum = listed.crc;
    this.compression = listed.read;
    this.entry = listed.entry;
    this.name = listed.path.split('/').pop();
    this.range = null;
    this.cursor = null;
    this.queue = Promise.resolve();
  }

  /** The member's compressed bytes in the part, once located (those in [from, to) of them). */
  data(from = 0, to = this.range?.[1]) {
    if (!this.range) throw new LivePhotoError(`${this.entry[0]}: read before its data was located`, 70);
    return this.part.slice(this.range[0] + from, this.range[0] + to);
  }

  /**
   * Where a stored member's bytes lie, once located: `{ blob, offset }`, its part and where its data starts, so that
   * the reads of members side by side are one read of the part (ReadCache). Null for a deflated one.
   */
  located() {
    return this.compression === 'stored' && this.range ? { blob: this.part, offset: this.range[0] } : null;
  }

  slice(start = 0, end = this.size) {
    const from = Math.max(0, Math.min(start, this.size)), to = Math.max(from, Math.min(end, this.size));
    // A stored member's range is sliced from the part itself: a slice of a slice costs the browser twice the work.
    if (this.compression === 'stored') return this.data(from, to);
    const read = () => this.inflated(from, to);
    return {
      size: to - from,
      arrayBuffer: async () => (await read()).buffer,
      text: async () => new TextDecoder().decode(await read()),
      // Inflated from the member's start, bytes before `from` passed over: never held whole.
      stream: () => this.source().pipeThrough(bytesBetween(from, to)),
    };
  }

  /**
   * A stored member as a Blob (a slice of its part), which the browser copies without a trip through this script:
   * for a member already read through and checked. Null for a deflated one.
   */
  whole() {
    return this.compression === 'stored' ? this.data() : null;
  }

  /** The whole member, checked against its size and CRC-32 as it is read. */
  stream() {
    let crc = 0, length = 0;
    const member = this;
    return this.source().pipeThrough(new TransformStream({
      transform(chunk, controller) {
        length += chunk.length;
        if (length > member.size) throw member.problemWith(length, crc);
        crc = crc32(crc, chunk);
        controller.enqueue(chunk);
      },
      flush() {
        const problem = member.problemWith(length, crc);
        if (problem) throw problem;
      },
    }));
  }

  /** What is wrong with the member's bytes, read through, given their `length` and CRC-32: a ReadProblem, or null. */
  problemWith(length, crc) {
    if (length > this.size) return new ReadProblem('expands');
    if (length < this.size) return new ReadProblem('short', length);
    return crc === this.knownChecksum ? null : new ReadProblem('checksum');
  }

  /** Lets go of where the last read stopped: its inflater, and the part's stream under it. */
  async close() {
    const cursor = this.cursor;
    this.cursor = null;
    const at = cursors.indexOf(this);
    if (at >= 0) cursors.splice(at, 1);
    await cursor?.reader.cancel().catch(() => {});
  }

  /** The member's bytes, inflated where they are deflated. */
  source() {
    const raw = this.data().stream();
    return this.compression === 'stored' ? raw : raw.pipeThrough(new DecompressionStream('deflate-raw'));
  }

  /**
   * Bytes [from, to) of a deflated member: inflated from where the last read stopped when that is not past `from`
   * (a walk through the member costs one pass), else from its start; no more is inflated than `to` needs. One read
   * at a time per member.
   */
  inflated(from, to) {
    const run = async () => {
      if (!this.cursor || this.cursor.position > from) {
        await this.close();
        this.cursor = { reader: this.source().getReader(), position: 0, held: new Uint8Array(0) };
        cursors.push(this);
        // The oldest member left open is closed once its own reads are done.
        if (cursors.length > openCursors) {
          const oldest = cursors.shift();
          oldest.queue = oldest.queue.then(() => oldest.close());
        }
      }
      const out = new Uint8Array(to - from);
      let filled = 0;
      const cursor = this.cursor;
      while (filled < out.length) {
        if (cursor.held.length === 0) {
          const { done, value } = await cursor.reader.read();
          if (done) throw new ReadProblem('short', cursor.position);
          cursor.held = value;
        }
        const chunk = cursor.held, start = cursor.position;
        if (start + chunk.length > this.size) throw new ReadProblem('expands');
        // What of the chunk lies before `from` is passed over; what lies past `to` is held for the next read.
        const skip = Math.min(chunk.length, Math.max(0, from + filled - start));
        const take = Math.min(chunk.length - skip, out.length - filled);
        out.set(chunk.subarray(skip, skip + take), filled);
        filled += take;
        const used = skip + take;
        cursor.held = chunk.subarray(used);
        cursor.position = start + used;
      }
      if (cursor.position === this.size && cursor.held.length === 0) await this.close();
      return out;
    };
    // A read that failed leaves nothing open: the next starts again from the member's start.
    const guarded = () => run().catch(async (error) => { await this.close(); throw error; });
    const result = this.queue.then(guarded, guarded);
    this.queue = result.catch(() => {});
    return result;
  }
}

/** A stream's bytes [from, to), the rest dropped. */
function bytesBetween(from, to) {
  let position = 0;
  return new TransformStream({
    transform(chunk, controller) {
      const start = Math.max(0, from - position), end = Math.min(chunk.length, to - position);
      position += chunk.length;
      if (end > start) controller.enqueue(chunk.subarray(start, end));
      if (position >= to) controller.terminate();
    },
  });
}

/**
 * Why `error`, met reading `blob`, stopped it: `[problem, detail]` as the engine's `import` takes it in `failed`. The
 * browser's refusal to read the part is a DOMException; any other error of a deflated member's is its inflater's.
 */
export function problemOf(error, blob) {
  if (error instanceof ReadProblem) return [error.problem, error.detail];
  if (blob.compression === 'deflated' && !(error instanceof DOMException)) return ['damaged', error?.message ?? String(error)];
  return ['unreadable', error?.message ?? String(error)];
}
