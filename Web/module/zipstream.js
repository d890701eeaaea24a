// A stored zip written as a stream into a WritableStream (docs/formats/bundles.md#the-zip-a-browser-streams): the
// engine writes every record (a member's local header, its data descriptor, the central directory); this module
// sends them and each member's bytes in order, and works out each member's CRC-32 as its bytes go by, so that no
// member is read twice and none is held. Loaded by library.js when a batch goes to a zip.
import { LivePhotoError } from './inputs.js';
import { runEngine } from './livephoto.js';

/** CRC-32 (ISO 3309, as a zip member carries it) eight bytes at a time: eight tables of 256 entries. */
const tables = (() => {
  const t = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n];
    for (let k = 1; k < 8; k++) {
      c = t[c & 0xff] ^ (c >>> 8);
      t[k * 256 + n] = c;
    }
  }
  return t;
})();

/** The CRC-32 of what `crc` was the CRC-32 of, followed by `bytes`; start with 0. */
export function crc32(crc, bytes) {
  const t = tables;
  let c = ~crc;
  let i = 0;
  const end8 = bytes.length - (bytes.length % 8);
  while (i < end8) {
    c ^= bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    c = t[1792 + (c & 0xff)] ^ t[1536 + ((c >>> 8) & 0xff)] ^ t[1280 + ((c >>> 16) & 0xff)] ^ t[1024 + (c >>> 24)]
      ^ t[768 + bytes[i + 4]] ^ t[512 + bytes[i + 5]] ^ t[256 + bytes[i + 6]] ^ t[bytes[i + 7]];
    i += 8;
  }
  while (i < bytes.length) c = t[(c ^ bytes[i++]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

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
  }

  async send(bytes) {
    await this.writer.ready;
    await this.writer.write(bytes);
    this.offset += bytes.length;
    this.onBytes?.(bytes.length);
  }

  /**
   * Adds `files` (`{ name, blob, time }`: the path in the zip, the bytes, the modification time in milliseconds since
   * 1970) in order, each read once as a stream.
   */
  async add(files) {
    for (const { name, blob, time } of files) {
      const member = { name, size: blob.size, time: Math.floor(time / 1000), offset: this.offset };
      const answer = await runEngine('zip', [], { part: 'records', members: [member] }, undefined, this.session);
      const [header, descriptor] = await Promise.all(answer.files.map(async (file) => new Uint8Array(await file.blob.arrayBuffer())));
      await this.send(header);
      let crc = 0;
      const reader = blob.stream().getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        crc = crc32(crc, value);
        await this.send(value);
      }
      new DataView(descriptor.buffer, descriptor.byteOffset).setUint32(answer.report.descriptorChecksumAt, crc, true);
      await this.send(descriptor);
      this.members.push({ ...member, crc });
    }
  }

  /** Writes the central directory and closes the stream. */
  async close() {
    const answer = await runEngine('zip', [], { part: 'directory', members: this.members, at: this.offset }, undefined, this.session);
    await this.send(new Uint8Array(await answer.files[0].blob.arrayBuffer()));
    await this.writer.close();
  }

  /** Stops the stream: what was written is no whole zip, and the stream says so to whoever reads it. */
  async abort(reason) {
    await this.writer.abort(reason ?? new LivePhotoError('the zip was stopped', 130)).catch(() => {});
  }
}
