// How the module reads an export's zip parts (Web/module/inputs.js's ReadCache, zipstream.js's ZipStream): the
// ranges of stored members that lie side by side are one read of their part, a library's runs of one member each take
// the members after it from the last read, and a zip takes small members from one read of their part; what fails is
// the failing member's alone. Each read costs a browser a trip to another process and memory until it is collected.
// Run with `node --test Web/test/` after scripts/wasm.sh (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { join, moduleDir, workFolder } from './support.mjs';

const { PartWindow, ReadCache, followingRead, readAhead } = await import(join(moduleDir, 'inputs.js'));
const { ZipMemberBlob } = await import(join(moduleDir, 'zipmember.js'));
const { ZipStream } = await import(join(moduleDir, 'zipstream.js'));

/** A part's bytes as a Blob that records each read (`[from, to]`, and `stream` for a stream), and fails those in `bad`. */
class CountedPart {
  constructor(bytes) {
    this.blob = new Blob([bytes]);
    this.size = bytes.length;
    this.name = 'Part 1 of 1.zip';
    this.reads = [];
    this.bad = null;
  }

  slice(from, to) {
    const inner = this.blob.slice(from, to), part = this;
    const failing = () => part.bad && from < part.bad[1] && to > part.bad[0];
    return {
      size: inner.size,
      arrayBuffer: async () => {
        part.reads.push([from, to]);
        if (failing()) throw new Error('the browser would not read it');
        return inner.arrayBuffer();
      },
      stream: () => {
        part.reads.push(['stream', from, to]);
        return inner.stream();
      },
    };
  }
}

/** A part of `count` stored members of `size` bytes each, `gap` bytes apart (their local headers), located. */
function storedMembers(count, size, gap) {
  const bytes = new Uint8Array(gap + count * (size + gap));
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761 >>> 11) & 0xff;
  const part = new CountedPart(bytes);
  const members = Array.from({ length: count }, (_, i) => {
    const start = gap + i * (size + gap), data = bytes.subarray(start, start + size);
    const member = new ZipMemberBlob(part, { size, crc: zlib.crc32(data), read: 'stored', entry: [`m${i}.jpg`], path: `m${i}.jpg` });
    member.range = [start, size];
    member.bytes = data;
    return member;
  });
  return { part, members };
}

/** What the engine's first run reads of each of `files`: its start and its end (livephoto.js's `headers`). */
const headerMisses = (files) => files.flatMap((file, handle) => [
  { handle, offset: 0, count: readAhead }, { handle, offset: Math.max(0, file.size - readAhead), count: readAhead },
]);

const assertHeld = (cache, members) => members.forEach((member, i) => assert.deepEqual(cache.get(i, 0, member.size), member.bytes, `m${i}`));

describe('reading an export\'s parts', () => {
  test('the starts and ends of stored members side by side are one read of their part', async () => {
    const { part, members } = storedMembers(6, 40000, 60);
    const cache = new ReadCache(members);
    await cache.fill(headerMisses(members));
    assert.equal(part.reads.length, 1);
    assertHeld(cache, members);
  });

  test('members far apart are read each by itself, and a large one\'s start and end by themselves', async () => {
    const far = storedMembers(3, 1000, 300000);
    const cache = new ReadCache(far.members);
    await cache.fill(headerMisses(far.members));
    assert.equal(far.part.reads.length, 3);
    assertHeld(cache, far.members);
    const large = storedMembers(1, 3 << 20, 60);
    await new ReadCache(large.members).fill(headerMisses(large.members));
    assert.deepEqual(large.part.reads.map(([from, to]) => to - from), [readAhead, readAhead]);
  });

  test('a read that fails is the failing member\'s alone: the error names it, and the others are read', async () => {
    const { part, members } = storedMembers(4, 30000, 60);
    part.bad = [members[2].range[0] + 10, members[2].range[0] + 20];
    const cache = new ReadCache(members);
    await assert.rejects(cache.fill(headerMisses(members)), (error) => error.code === 2 && /^m2\.jpg: cannot be read/.test(error.message));
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const i of [0, 1, 3]) assert.deepEqual(cache.get(i, 0, members[i].size), members[i].bytes, `m${i}`);
  });

  test('runs of one member each take the members after it from the last read of their part, under way or done', async () => {
    const { part, members } = storedMembers(8, 50000, 60);
    const window = new PartWindow(followingRead);
    // The writing plans a few items ahead: their runs' reads start before the first one's is done.
    const caches = members.map((member) => new ReadCache([member], readAhead, window));
    await Promise.all(caches.map((cache) => cache.fill(headerMisses([cache.files[0]]))));
    // The first member's own, then one that follows it brings in the rest.
    assert.deepEqual(part.reads.map(([from, to]) => to - from), [50000, part.size - members[1].range[0]]);
    caches.forEach((cache, i) => assert.deepEqual(cache.get(0, 0, members[i].size), members[i].bytes, `m${i}`));
    // Without a library's shared read, each run reads its own member.
    const alone = storedMembers(3, 50000, 60);
    for (const member of alone.members) await new ReadCache([member]).fill(headerMisses([member]));
    assert.equal(alone.part.reads.length, 3);
    // Small members far apart (a data copy's photos, each beside its movie): read as they are asked for.
    const apart = storedMembers(4, 50000, 300000);
    const windowApart = new PartWindow(followingRead);
    for (const member of apart.members) await new ReadCache([member], readAhead, windowApart).fill(headerMisses([member]));
    assert.deepEqual(apart.part.reads.map(([from, to]) => to - from), [50000, 50000, 50000, 50000]);
  });

  test('a zip takes small stored members from one read of their part, and writes the bytes it streams', async () => {
    const { part, members } = storedMembers(5, 20000, 60);
    const zipped = join(workFolder('reads-zip'), 'out.zip');
    const chunks = [];
    const zip = new ZipStream(new WritableStream({ write(chunk) { chunks.push(chunk.slice()); } }), undefined, {});
    // As the import gives a member copied as it came: a slice of its part, and its layout.
    await zip.add(members.map((member, i) => ({
      name: `2024/01/m${i}.jpg`, blob: member.whole(), time: Date.UTC(2024, 0, 2), crc: member.knownChecksum,
      layout: { pieces: [[0, 0, member.size]], inputs: [member] },
    })));
    await zip.close();
    assert.deepEqual(part.reads.filter(([kind]) => kind === 'stream'), []);
    // The first member's own, then one that follows it brings in the rest.
    assert.deepEqual(part.reads.map(([from, to]) => to - from), [20000, part.size - members[1].range[0]]);
    writeFileSync(zipped, Buffer.concat(chunks));
    execFileSync('unzip', ['-tq', zipped]);
    members.forEach((member, i) => assert.deepEqual(new Uint8Array(execFileSync('unzip', ['-p', zipped, `2024/01/m${i}.jpg`])), member.bytes));
  });
});
