// Which files of a folder hold the same bytes, for an import (docs/guide/javascript.md#importing-a-camera-folder): the
// engine writes a file's bytes once and reports its other copies as duplicates, as `livephoto import` does. Files are
// told apart by their sizes, then (three or more of one size) the CRC-32s of their ends and then of their whole bytes,
// then their bytes, each read in slices: none is ever held whole.

import { crc32 } from './zipstream.js';

/** The most read of a file at once, to check or compare it. */
const slice = 4 * 1024 * 1024;

/** The bytes at [offset, offset + count) of `blob`. */
async function bytesOf(blob, offset, count) {
  return new Uint8Array(await blob.slice(offset, offset + count).arrayBuffer());
}

/** Whether two runs of bytes of one length are equal: four bytes at a time where both are aligned (a new buffer is). */
function equal(a, b) {
  if (a.length !== b.length) return false;
  const words = a.length >>> 2;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const x = new Uint32Array(a.buffer, a.byteOffset, words), y = new Uint32Array(b.buffer, b.byteOffset, words);
    for (let i = 0; i < words; i++) if (x[i] !== y[i]) return false;
    for (let i = words * 4; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Whether `count` bytes of `a` at `aOffset` are those of `b` at `bOffset` (false where either ends first), read a
 * slice of each at a time; `onBytes(count)` hears of each slice compared.
 */
export async function sameBytes(a, aOffset, b, bOffset, count, onBytes) {
  if (aOffset < 0 || bOffset < 0 || aOffset + count > a.size || bOffset + count > b.size) return false;
  for (let done = 0; done < count; done += slice) {
    const length = Math.min(slice, count - done);
    const [x, y] = await Promise.all([bytesOf(a, aOffset + done, length), bytesOf(b, bOffset + done, length)]);
    onBytes?.(length);
    if (!equal(x, y)) return false;
  }
  return true;
}

/** How much of each end of a file tells it from others of its size before its whole bytes are read. */
const end = 64 * 1024;

/** The CRC-32 of `blob`, read a slice at a time. */
async function checksum(blob) {
  let crc = 0;
  for (let offset = 0; offset < blob.size; offset += slice) crc = crc32(crc, await bytesOf(blob, offset, Math.min(slice, blob.size - offset)));
  return crc;
}

/**
 * The CRC-32 of the first and last `end` bytes of `blob` (of all of it when it is no longer than both): where a
 * camera's or an editor's file differs from another of its size, in its header (an identifier, a time) or its index.
 */
async function endsChecksum(blob) {
  if (blob.size <= 2 * end) return checksum(blob);
  const [head, tail] = await Promise.all([bytesOf(blob, 0, end), bytesOf(blob, blob.size - end, end)]);
  return crc32(crc32(0, head), tail);
}

/** `indices` grouped by what `key(index)` resolves to, in their order, `atOnce` keys asked for at a time. */
async function groupedBy(indices, key, signal, atOnce = 1) {
  const groups = new Map();
  for (let start = 0; start < indices.length; start += atOnce) {
    signal?.throwIfAborted();
    const batch = indices.slice(start, start + atOnce);
    const values = await Promise.all(batch.map(key));
    batch.forEach((index, i) => {
      if (!groups.has(values[i])) groups.set(values[i], []);
      groups.get(values[i]).push(index);
    });
  }
  return [...groups.values()];
}

/**
 * For each of `order` (indices into `files`, Blobs), the first of `order` that holds the same bytes (itself when none
 * comes before it): a file whose size (and `knownChecksum`, where it has one) no other has is read not at all; two of one size are compared byte for byte;
 * three or more of one size are checksummed by their ends, then those whose ends agree by their whole bytes, and those
 * of one size and checksum compared byte for byte. `progress({ done, total, bytes, totalBytes })` hears of each file
 * whose first copy is known (its size counted whole, however little of it was read) or pair compared; `signal` is
 * checked between two files.
 */
export async function firstCopies(order, files, { signal, progress } = {}) {
  const first = new Map(order.map((index) => [index, index]));
  const bySize = new Map();
  for (const index of order) {
    const { size } = files[index];
    if (!bySize.has(size)) bySize.set(size, []);
    bySize.get(size).push(index);
  }
  // Zip members' CRC-32s, from their parts' directories and checked as they were read, set them apart by themselves
  // where every file of the size has one (a folder's file beside a zip's has none: the two are compared).
  const alike = [...bySize.values()].flatMap((group) => {
    if (group.some((index) => files[index].knownChecksum == null)) return [group];
    const byChecksum = new Map();
    for (const index of group) {
      const { knownChecksum } = files[index];
      if (!byChecksum.has(knownChecksum)) byChecksum.set(knownChecksum, []);
      byChecksum.get(knownChecksum).push(index);
    }
    return [...byChecksum.values()];
  });
  // Two files of one size are compared at once (a checksum would read each as far, and then the bytes again); three
  // or more are checksummed first, so that each is compared with its likely twin alone.
  const groups = alike.filter((group) => group.length > 2);
  const pairs = alike.filter((group) => group.length === 2);
  const total = [...groups, ...pairs].reduce((sum, group) => sum + group.length, 0);
  const totalBytes = [...groups, ...pairs].reduce((sum, group) => sum + group.length * files[group[0]].size, 0);
  let done = 0, bytes = 0;
  const settled = (index) => {
    done += 1;
    bytes += files[index].size;
    progress?.({ done, total, bytes, totalBytes });
  };
  for (const [a, b] of pairs) {
    signal?.throwIfAborted();
    if (await sameBytes(files[b], 0, files[a], 0, files[a].size)) first.set(b, a);
    // Two that differ early are done as much as two read to their ends.
    done += 2;
    bytes += 2 * files[a].size;
    progress?.({ done, total, bytes, totalBytes });
  }
  for (const group of groups) {
    // Copies of one file re-tagged (a burst's, an export's) share their size but not their headers: their ends, read
    // at 128 KiB a file (eight files at once: a browser's reads of a File wait on another process), set them apart,
    // and only files whose ends agree are read whole.
    for (const sameEnds of await groupedBy(group, (index) => endsChecksum(files[index]), signal, 8)) {
      const whole = files[sameEnds[0]].size <= 2 * end;
      const candidates = sameEnds.length < 3 || whole ? [sameEnds]
        : await groupedBy(sameEnds, (index) => checksum(files[index]), signal);
      for (const same of candidates) {
        // Two files of one size and checksum are almost surely one: the bytes say so for sure.
        const firsts = [];
        for (const index of same) {
          signal?.throwIfAborted();
          let twin;
          for (const candidate of firsts) {
            if (await sameBytes(files[index], 0, files[candidate], 0, files[index].size)) {
              twin = candidate;
              break;
            }
          }
          if (twin === undefined) firsts.push(index); else first.set(index, twin);
          settled(index);
        }
      }
    }
  }
  return first;
}
