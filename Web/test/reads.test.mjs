// How the module reads an export's zip parts (Web/module/inputs.js's ReadCache, zipstream.js's ZipStream): the
// ranges of stored members that lie side by side are one read of their part, a library's runs of one member each take
// the members after it from the last read, and a zip takes small members from one read of their part; what fails is
// the failing member's alone; a library's reads go into buffers its next runs use again. Each read costs a browser a
// trip to another process and memory until it is collected.
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
const { ReadBuffers, librarySession } = await import(join(moduleDir, 'readbuffers.js'));

/** A part's bytes as a Blob that records each read (`[from, to]`, and `stream` for a stream), and fails those in `bad`. */
class CountedPart {
  constructor(bytes) {
    this.blob = new Blob([bytes]);
    this.size = bytes.length;
    this.name = 'Part 1 of 1.zip';
    this.reads = [];
    this.buffers = [];
    this.bad = null;
  }

  slice(from, to) {
    const inner = this.blob.slice(from, to), part = this;
    const failing = () => part.bad && from < part.bad[1] && to > part.bad[0];
    // A Blob of those bytes, its reads recorded.
    inner.arrayBuffer = async () => {
      part.reads.push([from, to]);
      if (failing()) throw new Error('the browser would not read it');
      const buffer = await Blob.prototype.arrayBuffer.call(inner);
      part.buffers.push(buffer);
      return buffer;
    };
    inner.stream = () => {
      part.reads.push(['stream', from, to]);
      return Blob.prototype.stream.call(inner);
    };
    return inner;
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

  test('a zip\'s local headers, each asked with the bytes after it, are one read kept as it came, not copied a header at a time', async () => {
    // The engine's zipData asks 64 KiB at each of 32 local headers 28 KB apart: ranges that overlap. Merged one by one
    // into the run before them, they copied a run growing to the whole read 32 times (15 MB for a read of 930 KB).
    const bytes = new Uint8Array(31 * 28000 + 65536).map((_, i) => (i * 2654435761) >>> 24);
    const part = new CountedPart(bytes), cache = new ReadCache([part], 0);
    await cache.fill(Array.from({ length: 32 }, (_, i) => ({ handle: 0, offset: i * 28000, count: 65536 })));
    assert.equal(part.reads.length, 1);
    assert.equal(cache.runs[0].length, 1);
    assert.ok(cache.runs[0][0].bytes.buffer === part.buffers[0], 'the run is the read\'s own buffer, not a copy');
    assert.equal(cache.held, bytes.length);
    for (const at of [0, 5 * 28000, 31 * 28000]) assert.deepEqual(cache.get(0, at, 65536), bytes.subarray(at, at + 65536));
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

  test('with a library\'s buffers, reads go through a stream into buffers the next runs use again, and give their bytes', async () => {
    const { part, members } = storedMembers(12, 30000, 300000);
    const pool = new ReadBuffers();
    const first = new ReadCache(members.slice(0, 6), readAhead, null, pool);
    await first.fill(headerMisses(first.files));
    assertHeld(first, members.slice(0, 6));
    // Read as streams of their part (into the buffers), none as a buffer of the browser's own.
    assert.deepEqual(part.reads.map(([kind]) => kind), Array(6).fill('stream'));
    first.recycle();
    assert.equal(pool.free.length, 6);
    assert.equal(first.get(0, 0, 10), null, 'a recycled cache forgets its bytes');
    // The next run's reads take those buffers, and each holds its own member's bytes.
    const next = new ReadCache(members.slice(6), readAhead, null, pool);
    await next.fill(headerMisses(next.files));
    assert.equal(pool.free.length, 0);
    members.slice(6).forEach((member, i) => assert.deepEqual(next.get(i, 0, member.size), member.bytes, `m${i + 6}`));
    // Node's runs read with arrayBuffer() (its Blob streams are slower): its sessions have no buffers.
    assert.equal(librarySession().buffers, undefined);
  });

  test('the buffers kept are the newest 16 MiB; a read past 8 MiB and a run joined of two are buffers of their own', async () => {
    const { part, members } = storedMembers(1, 40 << 20, 60);
    const pool = new ReadBuffers();
    const cache = new ReadCache(members, readAhead, null, pool);
    // Five reads of 4 MiB far apart, then one that joins the first two (the engine reading on), then one of 9 MiB.
    await cache.fill([0, 1, 2, 3, 4].map((i) => ({ handle: 0, offset: i * (6 << 20), count: 4 << 20 })));
    await cache.fill([{ handle: 0, offset: 4 << 20, count: 1 << 20 }]);
    await cache.fill([{ handle: 0, offset: 30 << 20, count: 9 << 20 }]);
    assert.deepEqual(cache.get(0, 0, 10 << 20), members[0].bytes.subarray(0, 10 << 20));
    assert.deepEqual(cache.get(0, 30 << 20, 9 << 20), members[0].bytes.subarray(30 << 20, 39 << 20));
    assert.deepEqual(part.reads.at(-1), [members[0].range[0] + (30 << 20), members[0].range[0] + (39 << 20)], 'read with arrayBuffer()');
    assert.deepEqual(cache.owned.map((buffer) => buffer.byteLength), [...Array(6).fill(4 << 20), 9 << 20]);
    cache.recycle();
    assert.deepEqual(pool.free.map((buffer) => buffer.byteLength), Array(4).fill(4 << 20));
    // A small read takes 64 KiB; a read of a size between two powers of two, the larger.
    assert.equal(pool.take(1000).byteLength, 1 << 16);
    assert.equal(pool.take((1 << 20) + 1).byteLength, 2 << 20);
  });

  test('a library\'s read that waits for good is read on as a plain stream; one cut short fails', async () => {
    const pool = new ReadBuffers(100);
    const data = new Uint8Array(100000).map((_, i) => i & 0xff);
    let streams = 0;
    const stalling = new Blob([data]);
    stalling.stream = () => new ReadableStream({
      type: 'bytes',
      pull(controller) {
        if (streams++ === 0) controller.enqueue(data.slice(0, 40000));
        else return new Promise(() => {});
      },
    });
    const started = Date.now();
    assert.deepEqual(await pool.read(stalling, data.length), data);
    assert.ok(Date.now() - started >= 95, 'after its patience');
    const short = new Blob([data]);
    short.stream = () => new Blob([data.subarray(0, 5000)]).stream();
    await assert.rejects(pool.read(short, data.length), /5000 bytes of the 100000 asked/);
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
