// The checksums a zip's records hold, for the `.pvt.zip` the engine lays out without reading its members
// (docs/formats/bundles.md#the-zip-a-browser-writes): each member read once as a stream, its CRC-32 written where the
// engine named. Loaded by livephoto.js only when an answer holds a checksum to fill in.
import { LivePhotoError } from './inputs.js';

/**
 * The CRC-32 of `blob` (ISO 3309, as a zip member carries it), read as a stream: the browser's own gzip computes it,
 * and its trailer holds it (RFC 1952: CRC-32, then the length, little-endian).
 */
export async function crc32(blob) {
  const reader = blob.stream().pipeThrough(new CompressionStream('gzip')).getReader();
  let tail = new Uint8Array(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const joined = new Uint8Array(tail.length + value.length);
    joined.set(tail);
    joined.set(value, tail.length);
    tail = joined.subarray(Math.max(0, joined.length - 8));
  }
  if (tail.length < 8) throw new LivePhotoError('the browser\'s gzip gave no trailer to read a checksum from', 70);
  return (tail[0] | tail[1] << 8 | tail[2] << 16 | tail[3] << 24) >>> 0;
}

/** Writes `value` little-endian into the 4 bytes at `at` of `file`, which lie in the engine's new bytes. */
export function fillChecksum(file, bytes, at, value) {
  for (let k = 0; k < 4; k++) {
    let position = 0;
    const place = at + k;
    const piece = file.pieces.find(([, , length]) => {
      if (place < position + length) return true;
      position += length;
      return false;
    });
    if (!piece || piece[0] >= 0) throw new LivePhotoError(`${file.name}: a checksum outside the engine's records`, 70);
    bytes[piece[1] + place - position] = (value >>> (8 * k)) & 0xff;
  }
}
