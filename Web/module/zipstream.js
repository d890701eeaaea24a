// A stored zip written as a stream into a WritableStream (docs/formats/bundles.md#the-zip-a-browser-streams): the
// engine writes every record (a member's local header, its data descriptor, the central directory); this module
// sends them and each member's bytes in order, and works out each member's CRC-32 as its bytes go by, so that no
// member is read twice and none is held. Loaded by library.js when a batch goes to a zip.
import { LivePhotoError, PartWindow } from './inputs.js';
import { runEngine } from './livephoto.js';

/**
 * CRC-32 (ISO 3309, as a zip member carries it) sixteen bytes at a time, read as four 32-bit words: sixteen tables of
 * 256 entries ("slicing by 16"), about twice the speed of eight bytes at a time (1.2 GB/s and more in V8).
 */
const tables = (() => {
  const t = new Int32Array(16 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n];
    for (let k = 1; k < 16; k++) {
      c = t[c & 0xff] ^ (c >>> 8);
      t[k * 256 + n] = c;
    }
  }
  return t;
})();

/** Whether this machine's typed arrays are little-endian, as the word-wise CRC reads them (every browser's are). */
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The CRC-32 of what `crc` was the CRC-32 of, followed by `bytes`; start with 0. */
export function crc32(crc, bytes) {
  const t = tables, n = bytes.length;
  let c = ~crc, i = 0;
  // Byte by byte up to a 4-byte boundary of the buffer, then four words at a time.
  while (i < n && (bytes.byteOffset + i) & 3) c = t[(c ^ bytes[i++]) & 0xff] ^ (c >>> 8);
  if (littleEndian && n - i >= 16) {
    const words = new Int32Array(bytes.buffer, bytes.byteOffset + i, (n - i) >> 4 << 2);
    for (let j = 0; j < words.length; j += 4) {
      const a = words[j] ^ c, b = words[j + 1], d = words[j + 2], e = words[j + 3];
      c = t[3840 + (a & 0xff)] ^ t[3584 + ((a >>> 8) & 0xff)] ^ t[3328 + ((a >>> 16) & 0xff)] ^ t[3072 + (a >>> 24)]
        ^ t[2816 + (b & 0xff)] ^ t[2560 + ((b >>> 8) & 0xff)] ^ t[2304 + ((b >>> 16) & 0xff)] ^ t[2048 + (b >>> 24)]
        ^ t[1792 + (d & 0xff)] ^ t[1536 + ((d >>> 8) & 0xff)] ^ t[1280 + ((d >>> 16) & 0xff)] ^ t[1024 + (d >>> 24)]
        ^ t[768 + (e & 0xff)] ^ t[512 + ((e >>> 8) & 0xff)] ^ t[256 + ((e >>> 16) & 0xff)] ^ t[e >>> 24];
    }
    i += words.length * 4;
  }
  while (i < n) c = t[(c ^ bytes[i++]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** CRC-32 polynomials as the tables above hold them (bit-reversed): 1, x, and x's inverse (x times it is 1). */
const one = 0x80000000, x = 0x40000000, inverseOfX = 0xdb710641;

/** a(x)·b(x) modulo CRC-32's polynomial (zlib's `multmodp`); `a` is not zero. */
function multiply(a, b) {
  let product = 0;
  for (let m = one; ; m >>>= 1) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ 0xedb88320 : b >>> 1;
  }
  return product >>> 0;
}

/** `base` to the power `exponent` (a whole number below 2^53) modulo the polynomial. */
function power(base, exponent) {
  let result = one;
  for (let square = base, e = exponent; e > 0; e = Math.floor(e / 2), square = multiply(square, square)) {
    if (e % 2 === 1) result = multiply(square, result);
  }
  return result;
}

/** The CRC-32 of A followed by B, from A's, B's and B's length in bytes (zlib's `crc32_combine`). */
export function crc32Combine(crcA, crcB, lengthB) {
  return (multiply(power(x, 8 * lengthB), crcA) ^ crcB) >>> 0;
}

/**
 * The CRC-32 of `length` bytes at `offset` of `file`, worked out without reading them from the CRC-32 of the whole
 * (`file.knownChecksum`, a zip member's, checked) and those of the bytes before and after them, which `cache` (the
 * engine's run's ReadCache, its `handle`) holds: A, B and C, crc(A‖B) = crc(A‖B‖C) ^ crc(C) taken back |C| bytes,
 * crc(B) = crc(A‖B) ^ crc(A) carried |B| bytes. Null where those bytes are not in the cache and the range not either.
 */
function rangeChecksum(file, handle, offset, length, cache) {
  const end = offset + length, before = cache.get(handle, 0, offset), after = cache.get(handle, end, file.size - end);
  if (file.knownChecksum != null && before && after) {
    const upToEnd = multiply(power(inverseOfX, 8 * (file.size - end)), (file.knownChecksum ^ crc32(0, after)) >>> 0);
    return crc32Combine(crc32(0, before), upToEnd, length);
  }
  const bytes = cache.get(handle, offset, length);
  return bytes ? crc32(0, bytes) : null;
}

/**
 * The CRC-32 of a file an engine's run wrote (its `layout`: pieces of its own bytes and of its inputs, the inputs and
 * the run's cache), piece by piece without reading the inputs' bytes again; null where a piece's is not known so.
 */
export function checksumOf(layout) {
  if (!layout) return null;
  let crc = 0;
  for (const [input, offset, length] of layout.pieces) {
    const piece = input < 0 ? crc32(0, layout.bytes.subarray(offset, offset + length))
      : rangeChecksum(layout.inputs[input], input, offset, length, layout.cache);
    if (piece == null) return null;
    crc = crc32Combine(crc, piece, length);
  }
  return crc;
}

/** The bytes of a zip's record an engine's run wrote (`file`): its own bytes, as the run gave them, else read. */
async function recordBytes(file) {
  const [[input, offset, length] = [], ...more] = file.layout?.pieces ?? [];
  // A copy of its own: a stream may hand a chunk's buffer on (transfer it), and the run's bytes hold other records.
  if (input < 0 && more.length === 0) return file.layout.bytes.slice(offset, offset + length);
  return new Uint8Array(await file.blob.arrayBuffer());
}

/**
 * The most of an export's part read at once for the small files written from it that lie side by side, and the
 * largest file so written.
 */
const partWindow = 4 << 20;
const smallFile = 256 << 10;

/** A zip written member by member. */
export class ZipStream {
  /**
   * A zip written into `writable`; `onBytes(count)` hears of each chunk written; `session` shares the caller's engine
   * instance (runEngine's).
   */
  constructor(writable, onBytes, session) {
    this.session = session;
    this.writer = writable.getWriter();
    this.offset = 0;
    this.members = [];
    this.onBytes = onBytes;
    this.window = new PartWindow(partWindow);
  }

  async send(bytes) {
    await this.writer.ready;
    await this.writer.write(bytes);
    this.offset += bytes.length;
    this.onBytes?.(bytes.length);
  }

  /**
   * The records of `files` (`{ name, blob, time }`, as `add` takes them), one engine run for them all: each file's
   * `{ header, descriptor }`, its local header and its data descriptor (CRC-32 to come). Neither holds where the file
   * lies in the zip, so a writer may ask for them ahead of its turn.
   */
  async records(files) {
    const members = files.map(({ name, blob, time }) => ({ name, size: blob.size, time: Math.floor(time / 1000), offset: 0 }));
    const answer = await runEngine('zip', [], { part: 'records', members }, undefined, this.session);
    const bytes = await Promise.all(answer.files.map(recordBytes));
    const at = answer.report.descriptorChecksumAt;
    return files.map((_, i) => ({ header: bytes[2 * i], descriptor: bytes[2 * i + 1], checksumAt: at }));
  }

  /**
   * Adds `files` (`{ name, blob, time, crc?, layout? }`: the path in the zip, the bytes, the modification time in
   * milliseconds since 1970, the bytes' CRC-32 where it is known already, and the engine run's layout of them) in
   * order, each read once: a small one made of stored members' bytes from its part (`heldBytes`), any other as a
   * stream; `records` are theirs (`records(files)`), where asked for already.
   */
  async add(files, records) {
    const made = await (records ?? this.records(files));
    for (const [index, { name, blob, time, crc: known }] of files.entries()) {
      const { header, descriptor, checksumAt } = made[index];
      const member = { name, size: blob.size, time: Math.floor(time / 1000), offset: this.offset };
      await this.send(header);
      let crc = 0;
      const held = await this.heldBytes(files[index].layout, blob.size);
      if (held) {
        crc = known ?? crc32(0, held);
        await this.send(held);
      } else {
        const reader = blob.stream().getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (known == null) crc = crc32(crc, value);
          await this.send(value);
        }
      }
      crc = known ?? crc;
      new DataView(descriptor.buffer, descriptor.byteOffset).setUint32(checksumAt, crc, true);
      await this.send(descriptor);
      this.members.push({ ...member, crc });
    }
  }

  /**
   * The bytes of a small file whose `layout` (an engine run's, as `checksumOf` takes it) is pieces of its own bytes
   * and of stored zip members, in a buffer of its own, its members' bytes from one read of their part shared with the
   * files after it: a stream of each small file would cost the page a trip to the browser's process and memory until
   * it is collected. Null for a larger file, or one with a piece elsewhere (it is streamed).
   */
  async heldBytes(layout, size) {
    if (!layout || size > smallFile) return null;
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const [input, offset, length] of layout.pieces) {
      const where = input < 0 ? null : layout.inputs[input].located?.();
      if (input >= 0 && !where) return null;
      const piece = where ? await this.window.take(where.blob, where.offset + offset, length) : layout.bytes.subarray(offset, offset + length);
      if (piece?.length !== length || at + length > size) return null;
      bytes.set(piece, at);
      at += length;
    }
    return at === size ? bytes : null;
  }

  /** Writes the central directory and closes the stream. */
  async close() {
    const answer = await runEngine('zip', [], { part: 'directory', members: this.members, at: this.offset }, undefined, this.session);
    await this.send(await recordBytes(answer.files[0]));
    await this.writer.close();
  }

  /** Stops the stream: what was written is no whole zip, and the stream says so to whoever reads it. */
  async abort(reason) {
    await this.writer.abort(reason ?? new LivePhotoError('the zip was stopped', 130)).catch(() => {});
  }
}
