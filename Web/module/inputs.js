// What the engine has read of its inputs, and how much it reads at once (it never holds a whole input); and the error
// every part of the module throws. livephoto.js imports this module alone: a first inspect waits for no other file.

/** Why an operation failed: the command line's words (`message`) and its exit status (`code`). */
export class LivePhotoError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'LivePhotoError';
    this.code = code;
  }
}

/** The largest read the engine asks for at once (it refuses more itself), and what one operation may hold of its inputs. */
export const maxRead = 64 * 1024 * 1024;
const maxHeld = 256 * 1024 * 1024;
/**
 * A small read brings this much in, so that parsing a header costs one run, not one per field; a read that carries
 * on where the last one ended (a JPEG's image data walked for its end) brings in as much again as is held there, so
 * that a long walk takes a few runs, not one per 256 KiB.
 */
export const readAhead = 256 * 1024;
/** Ranges of one Blob at most this far apart are read as one, up to `joinedRead` bytes in all. */
const joinedGap = readAhead;
const joinedRead = 8 * 1024 * 1024;
/** What a library's run of one small zip member brings in of its part, for the runs of the members after it. */
export const followingRead = 1024 * 1024;

/**
 * The last read of an export's zip parts, for reads that come one after another (a library's runs of one member
 * each, a zip's entries): a read close after where the last one taken ended (small members side by side) brings in
 * `span` bytes, and the reads after it take theirs from it, the read under way or done. Elsewhere, a read brings in
 * what it asks.
 */
export class PartWindow {
  constructor(span) {
    this.span = span;
    this.window = null;
    this.taken = null;
  }

  /** `length` bytes of `part` at `from` (fewer where the part ends first); rejects as the part's read rejects. */
  async take(part, from, length) {
    let window = this.window;
    if (window?.part !== part || from < window.from || from + length > window.to) {
      const follows = this.taken?.part === part && from >= this.taken.end && from - this.taken.end <= joinedGap;
      const to = Math.min(part.size, from + (follows ? Math.max(this.span, length) : length));
      const bytes = part.slice(from, to).arrayBuffer().then((buffer) => new Uint8Array(buffer));
      bytes.catch(() => {}); // its failure is each taker's, below
      this.window = window = { part, from, to, bytes };
    }
    this.taken = { part, end: from + length };
    let bytes;
    try {
      bytes = await window.bytes;
    } catch (error) {
      // A read of more than this asked may have failed on another member's bytes: this one's alone says.
      if (window.from === from && window.to <= from + length) throw error;
      return new Uint8Array(await part.slice(from, from + length).arrayBuffer());
    }
    return bytes.subarray(from - window.from, from - window.from + length);
  }
}

/** Whether this runs in Node. */
export const isNode = () => typeof process !== 'undefined' && process.versions != null && process.versions.node != null;

/** An input's name in messages: its own, or its place among the inputs. */
export function nameOf(file, index) {
  return typeof file.name === 'string' && file.name !== '' ? file.name : `file${index + 1}`;
}

/** A file name without its extension. */
export function stem(name) {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The bytes of each input read so far: sorted, disjoint runs, merged as they meet. */
export class ReadCache {
  /**
   * The bytes of `files` as read; a small read brings in `ahead` bytes (`readAhead`; 0: what it asks). A run of one
   * small zip member read whole takes it from `window` (a PartWindow a library's runs share), where there is one; its
   * reads go into buffers of `pool` (a library's ReadBuffers), where there is one.
   */
  constructor(files, ahead = readAhead, window = null, pool = null) {
    this.files = files;
    this.ahead = ahead;
    this.window = window;
    this.runs = files.map(() => []);
    this.held = 0;
    this.pool = pool;
    this.owned = [];
  }

  /** Gives its buffers back to the pool and forgets its bytes: once nothing reads them again (a run's, done with). */
  recycle() {
    this.pool?.give(this.owned);
    [this.owned, this.runs, this.held] = [[], this.files.map(() => []), 0];
  }

  /** The bytes at [offset, offset + count) of input `handle`, clipped to its end; null when not read yet. */
  get(handle, offset, count) {
    const size = this.files[handle].size;
    const end = Math.min(offset + count, size);
    if (offset >= end) return new Uint8Array(0);
    for (const run of this.runs[handle]) {
      if (run.start <= offset && run.start + run.bytes.length >= end) {
        return run.bytes.subarray(offset - run.start, end - run.start);
      }
    }
    return null;
  }

  /**
   * Reads the ranges `misses` asked for, a little more around small ones, and keeps them. Ranges whose bytes lie close
   * together in one Blob (a small file's start and end, stored members of one zip part side by side) are read at
   * once: each read costs the page a trip to the browser's process, and memory until it is collected, however few
   * bytes it brings.
   */
  async fill(misses) {
    const bySource = new Map(), taken = new Map();
    for (const { handle, offset, count } of misses) {
      const file = this.files[handle], size = file.size;
      const start = Math.max(0, Math.min(offset, size));
      const before = this.runs[handle].find((run) => run.start < start && run.start + run.bytes.length >= start);
      const ahead = before ? Math.min(maxRead, Math.max(this.ahead, start - before.start)) : this.ahead;
      const end = Math.min(size, start + Math.max(count, ahead));
      if (end <= start || this.get(handle, start, end - start)) continue;
      // Where the bytes lie: in the file itself, or (a stored zip member) in its part.
      const located = file.located?.(), { blob, offset: base } = located ?? { blob: file, offset: 0 };
      const from = base + start, to = base + end, whole = Boolean(located) && start === 0 && end === size;
      if (whole && this.window && this.files.length === 1) {
        taken.set(handle, from);
        continue;
      }
      // A small member read whole is read with those beside it; a part of a larger one with its own ranges alone.
      const key = whole ? blob : file;
      if (!bySource.has(key)) bySource.set(key, []);
      bySource.get(key).push({ handle, start, from, to });
    }
    // Reads as asked (a zip's local headers, far apart) are joined only where they meet.
    const reads = [], gap = this.ahead === 0 ? 0 : joinedGap;
    for (const [key, ranges] of bySource) {
      const blob = key.located?.()?.blob ?? key;
      let read = null;
      for (const range of ranges.sort((a, b) => a.from - b.from)) {
        const to = Math.max(read?.to ?? 0, range.to);
        if (read && range.from <= read.to + gap && to - read.from <= Math.max(joinedRead, read.to - read.from)) {
          read.to = to;
          read.ranges.push(range);
        } else reads.push((read = { blob, from: range.from, to: range.to, ranges: [range] }));
      }
    }
    await Promise.all([...reads.map((read) => this.read(read)), ...[...taken].map(async ([handle, from]) => {
      const file = this.files[handle];
      try {
        this.add(handle, 0, await this.window.take(file.located().blob, from, file.size));
      } catch (error) {
        throw new LivePhotoError(`${nameOf(file, handle)}: cannot be read (${error.message})`, 2);
      }
    })]);
  }

  /** One read of `blob`'s bytes [from, to), kept as each of `ranges` asked; where it fails, each range is read alone. */
  async read({ blob, from, to, ranges }) {
    let bytes;
    try {
      // Into a library's buffers where the bytes are a Blob's (a deflated member's are read as it inflates).
      const piece = blob.slice(from, to), pooled = this.pool != null && piece instanceof Blob;
      bytes = pooled ? await this.pool.read(piece, to - from) : new Uint8Array(await piece.arrayBuffer());
      if (pooled) this.owned.push(bytes.buffer);
    } catch (error) {
      // The failure is the file's whose bytes it lies in, as when each one is read by itself.
      if (ranges.length > 1) return Promise.all(ranges.map((range) => this.read({ blob, from: range.from, to: range.to, ranges: [range] })));
      // A file that went away or changed since it was chosen (the browser refuses to read it).
      throw new LivePhotoError(`${nameOf(this.files[ranges[0].handle], ranges[0].handle)}: cannot be read (${error.message})`, 2);
    }
    // Each file's ranges are kept as one run, the read's bytes from its first to its last: ranges that overlap
    // (a zip's local headers, each asked with the bytes after it) added one by one would copy their run each time.
    const spans = new Map();
    for (const { handle, start, from: at, to: end } of ranges) {
      const span = spans.get(handle);
      if (!span) spans.set(handle, { start, at, end });
      else [span.start, span.at, span.end] = [Math.min(span.start, start), Math.min(span.at, at), Math.max(span.end, end)];
    }
    for (const [handle, { start, at, end }] of spans) {
      if (!this.get(handle, start, end - at)) this.add(handle, start, bytes.subarray(at - from, end - from));
    }
  }

  add(handle, start, bytes) {
    let runs = this.runs[handle];
    let merged = { start, bytes };
    const keep = [];
    for (const run of runs) {
      const runEnd = run.start + run.bytes.length, end = merged.start + merged.bytes.length;
      if (runEnd < merged.start || run.start > end) {
        keep.push(run);
        continue;
      }
      const from = Math.min(run.start, merged.start), to = Math.max(runEnd, end);
      const joined = new Uint8Array(to - from);
      joined.set(run.bytes, run.start - from);
      joined.set(merged.bytes, merged.start - from);
      this.held -= run.bytes.length;
      merged = { start: from, bytes: joined };
    }
    keep.push(merged);
    keep.sort((a, b) => a.start - b.start);
    this.runs[handle] = keep;
    this.held += merged.bytes.length;
    if (this.held > maxHeld) {
      throw new LivePhotoError(`the inputs' headers take more than ${maxHeld >> 20} MB: not a file the engine reads`, 2);
    }
  }
}

/**
 * An output's pieces (new bytes, and slices of the inputs) as one Blob; where an input is no Blob (a deflated zip
 * member, read as it inflates), as `{ size, type, stream() }` whose stream gives the pieces in turn.
 */
export function joinPieces(pieces, type) {
  if (pieces.every((piece) => piece instanceof Blob || ArrayBuffer.isView(piece))) return new Blob(pieces, { type });
  const size = pieces.reduce((sum, piece) => sum + (ArrayBuffer.isView(piece) ? piece.byteLength : piece.size), 0);
  const stream = () => {
    let next = 0, reader = null;
    return new ReadableStream({
      async pull(controller) {
        for (;;) {
          if (!reader) {
            if (next === pieces.length) return controller.close();
            const piece = pieces[next++];
            if (ArrayBuffer.isView(piece)) return controller.enqueue(piece);
            reader = piece.stream().getReader();
          }
          const { done, value } = await reader.read();
          if (!done) return controller.enqueue(value);
          reader = null;
        }
      },
      cancel: (reason) => reader?.cancel(reason),
    });
  };
  return { size, type, stream };
}
