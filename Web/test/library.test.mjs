// Libraries in the engine: scanLibrary over a folder gives what `livephoto scan --json` prints for it, item by item
// and in the same order (paths relative to the folder), from a list of { path, file } pairs and from a folder handle;
// convertLibrary writes the tree of files the command line's batch writes, byte for byte, with its report's lines,
// and a second run into the same folder rewrites nothing.
// Run with `node --test Web/test/` after scripts/wasm.sh and swift build (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, relative } from 'node:path';
import { describe, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { closeSync, createReadStream, openSync } from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  clip, fileSink, folderHandle, join, livephoto, moduleDir, outputFolder, photo, runCLI, sample, withoutSamples, workFolder,
} from './support.mjs';

const { scanLibrary, convertLibrary, openFile, LivePhotoError } = livephoto;

/** Every file below `folder`, as `{ path, file }` with its path relative to the folder. */
async function listing(folder) {
  const paths = [];
  (function walk(dir) {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path); else paths.push(path);
    }
  })(folder);
  return Promise.all(paths.map(async (path) => ({ path: relative(folder, path), file: await openFile(path) })));
}

/**
 * What a batch makes anew for each run, and so differs between two of them: a Live Photo's content identifier (a
 * UUID) and vivo's pairing id (28 hex digits).
 */
const madeAnew = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}|[0-9a-f]{28}/g;

/** Every file below `folder` by its path relative to it, with its SHA-256 once what is made anew is blanked out. */
function tree(folder) {
  return Object.fromEntries(readdirSync(folder, { recursive: true }).sort()
    .filter((path) => statSync(join(folder, path)).isFile())
    .map((path) => [path, sha256Of(Buffer.from(readFileSync(join(folder, path)).toString('latin1').replace(madeAnew, 'X'), 'latin1'))]));
}

function sha256Of(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `lines` with what is made anew blanked out of their notes. */
function blanked(lines) {
  return lines.map((line) => ({ ...line, notes: line.notes.map((note) => note.replace(madeAnew, 'X')) }));
}

/** A batch's `--json` lines as the module gives them: paths relative to the library and the output folder, by item. */
function batchLines(stdout, folder, out) {
  return stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)).map((line) => ({
    ...line, inputs: line.inputs.map((path) => relative(folder, path)), outputs: line.outputs.map((path) => relative(out, path)),
    ...(line.reason ? { reason: line.reason.split(`${folder}/`).join('').split(`${out}/`).join('') } : {}),
  })).sort((a, b) => (a.item < b.item ? -1 : a.item > b.item ? 1 : 0));
}

/** What the command line's scan of `folder` prints, its paths made relative to the folder and its roots left out. */
async function cliScan(folder) {
  const result = await runCLI(['scan', '--json', '--no-index', folder]);
  assert.equal(result.code, 0, result.stderr);
  const relativeTo = (path) => relative(folder, path);
  return result.stdout.trim().split('\n').filter(Boolean).map((line) => {
    const { root, ...item } = JSON.parse(line);
    assert.equal(root, folder);
    return { ...item, files: item.files.map(relativeTo), variants: item.variants.map(relativeTo) };
  });
}

/** A library with one of everything scan tells apart. */
async function library() {
  const folder = workFolder('library');
  const place = (path) => { mkdirSync(dirname(join(folder, path)), { recursive: true }); return join(folder, path); };
  const make = async (stem, id, into) => {
    const out = workFolder('made');
    const made = await runCLI(['make', photo(), clip(), '--id', id, '--name', stem, '--out', out, '--json']);
    assert.equal(made.code, 0, made.stderr);
    return { still: join(out, `${stem}.JPG`), movie: join(out, `${stem}.MOV`) };
  };
  const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222',
    '33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'];
  // A Live Photo and its edited still (IMG_E), one with its movie renamed by an export, in another folder.
  const one = await make('IMG_0001', ids[0]);
  copyFileSync(one.still, place('2023/IMG_0001.JPG'));
  copyFileSync(one.movie, place('2023/IMG_0001.MOV'));
  copyFileSync(one.still, place('2023/IMG_E0001.JPG'));
  const two = await make('IMG_0002', ids[1]);
  copyFileSync(two.still, place('2024/IMG_0002.JPG'));
  copyFileSync(two.movie, place('2024/Été/IMG_0002(1).MP4'));
  // A still whose movie is gone; one identifier on two Live Photos' worth of files.
  copyFileSync((await make('IMG_0003', ids[2])).still, place('2024/IMG_0003.JPG'));
  const four = await make('IMG_0004', ids[3]);
  for (const stem of ['A', 'B']) {
    copyFileSync(four.still, place(`conflict/${stem}.JPG`));
    copyFileSync(four.movie, place(`conflict/${stem}.MOV`));
  }
  // A photo and a movie of one name that are not a Live Photo; a damaged photo, a sidecar, a zip.
  copyFileSync(photo(), place('plain/DSC_0005.JPG'));
  copyFileSync(clip({ container: 'mp4' }), place('plain/DSC_0005.MP4'));
  writeFileSync(place('plain/broken.jpg'), Buffer.from('not a photo at all'));
  writeFileSync(place('2023/IMG_0001.AAE'), '<?xml version="1.0"?><plist/>');
  writeFileSync(place('export.zip'), Buffer.from('504b0506000000000000000000000000000000000000', 'hex'));
  // What a Mac and an Android phone leave beside the photos, hidden: scan leaves it out.
  writeFileSync(place('2023/.DS_Store'), 'Bud1');
  copyFileSync(photo(), place('.thumbnails/IMG_0001.JPG'));
  if (!withoutSamples) {
    for (const name of ['androidx-media_pixel-motion-photo-shortened.jpg', 'samsung-s22-google-motionphoto-v1_ente.heic',
      'iphone_IMG_3853_gwy15.HEIC', 'iphone_IMG_3853_gwy15.MOV']) {
      copyFileSync(sample(name), place(`phones/${name}`));
    }
  }
  return folder;
}

describe('scanLibrary', () => {
  test('a library scanned in the engine is what scan --json prints, item by item, in order', async () => {
    const folder = await library();
    const expected = await cliScan(folder);
    const kinds = new Set(expected.map((item) => item.kind));
    for (const kind of ['live-photo', 'orphan-still', 'conflict', 'plain-photo', 'plain-movie', 'damaged', 'other']) {
      assert.ok(kinds.has(kind), `the library has a ${kind}`);
    }
    const progress = [];
    const { report, summary } = await scanLibrary(await listing(folder), { onProgress: (p) => progress.push(p) });
    assert.deepEqual(report, expected);
    const visible = readdirSync(folder, { recursive: true }).filter((p) => statSync(join(folder, p)).isFile() && !/(^|\/)\./.test(p));
    assert.equal(summary.filesFound, visible.length);
    assert.equal(progress.at(-1).files, summary.filesFound);
    const counted = Object.values(summary.counts).reduce((a, b) => a + b, 0);
    assert.equal(counted, report.length);
    // The same from the folder as a browser hands it over.
    const fromHandle = await scanLibrary(folderHandle(folder));
    assert.deepEqual(fromHandle.report, expected);
  });

  test('a folder the browser will not read is reported, and the rest is scanned', async () => {
    const folder = await library();
    const { report } = await scanLibrary(folderHandle(folder, new Set([join(folder, 'conflict')])));
    const refused = report.find((item) => item.files[0] === 'conflict');
    assert.equal(refused?.kind, 'damaged');
    assert.match(refused.note, /cannot be read \(The request is not allowed\)/);
    assert.ok(report.some((item) => item.kind === 'live-photo'));
    assert.ok(!report.some((item) => item.files.some((f) => f.startsWith('conflict/'))));
  });

  test('bad inputs and options are refused in the command line\'s words; a signal stops it', async () => {
    await assert.rejects(scanLibrary([42]), (e) => e instanceof LivePhotoError && e.code === 64 && /input 1 is not/.test(e.message));
    await assert.rejects(scanLibrary([], { jobs: 4 }), (e) => e instanceof LivePhotoError && e.message === "Unknown option '--jobs'");
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(scanLibrary([], { signal: controller.signal }), (e) => e.name === 'AbortError');
    const empty = await scanLibrary([]);
    assert.deepEqual(empty.report, []);
    assert.equal(empty.summary.filesFound, 0);
  });
});

describe('convertLibrary', () => {
  for (const [label, to, args] of [
    ['every Live Photo to a Motion Photo', 'motion', ['convert', '--to', 'motion']],
    ['every Live Photo to vivo\'s two files', 'motion', ['convert', '--to', 'motion', '--flavor', 'vivo-pair']],
    ['every Live Photo and Motion Photo split', 'split', ['split']],
    ['every Motion Photo to a Live Photo', 'live', ['convert', '--to', 'live']],
  ]) {
    test(`${label}: the command line's files, byte for byte, and its report; a second run rewrites nothing`, async () => {
      const folder = await library();
      const cliOut = workFolder('batch-cli'), out = workFolder('batch-module');
      const cli = await runCLI([...args, folder, '--out', cliOut, '--no-index', '--json']);
      assert.ok(cli.code === 0 || cli.code === 6, `${cli.code}: ${cli.stderr}`);
      const flavor = args.includes('--flavor') ? { flavor: args[args.indexOf('--flavor') + 1] } : {};
      const progress = [];
      const { report, summary } = await convertLibrary(await listing(folder), {
        to, ...flavor, out: outputFolder(out), onProgress: (p) => progress.push(p),
      });
      const expected = batchLines(cli.stdout, folder, cliOut);
      assert.ok(expected.some((line) => line.status === 'done'), 'the command line did something');
      assert.deepEqual(tree(out), tree(cliOut));
      assert.deepEqual(blanked([...report].sort((a, b) => (a.item < b.item ? -1 : a.item > b.item ? 1 : 0))), blanked(expected));
      assert.equal(summary.done, expected.filter((line) => line.status === 'done').length);
      assert.equal(summary.damaged, expected.filter((line) => line.status === 'damaged').length);
      assert.equal(progress.at(-1).phase, 'writing');
      assert.equal(progress.at(-1).items, summary.items);
      // Again into the same folder: every item is skipped, no file is written.
      const before = Object.fromEntries(Object.keys(tree(out)).map((path) => [path, statSync(join(out, path)).mtimeMs]));
      const again = await convertLibrary(await listing(folder), { to, ...flavor, out: outputFolder(out) });
      assert.equal(again.summary.skipped, summary.done);
      assert.equal(again.summary.done, 0);
      for (const [path, time] of Object.entries(before)) assert.equal(statSync(join(out, path)).mtimeMs, time, path);
      // Into one zip instead: it tests whole, and unpacks to the same tree, each file dated as the command line dates it.
      const zipped = join(workFolder('batch-zip'), 'library.zip');
      const intoZip = await convertLibrary(await listing(folder), { to, ...flavor, out: fileSink(zipped) });
      assert.equal(intoZip.summary.done, summary.done);
      execFileSync('unzip', ['-tq', zipped]);
      execFileSync('python3', ['-c', 'import sys, zipfile; assert zipfile.ZipFile(sys.argv[1]).testzip() is None', zipped]);
      const unpacked = workFolder('batch-unzipped');
      execFileSync('unzip', ['-q', zipped, '-d', unpacked]);
      assert.deepEqual(tree(unpacked), tree(cliOut));
      for (const path of Object.keys(tree(cliOut))) {
        assert.equal(Math.floor(statSync(join(unpacked, path)).mtimeMs / 1000), Math.floor(statSync(join(cliOut, path)).mtimeMs / 1000), path);
      }
    });
  }

  test('an item that needs ffmpeg fails in words and the rest is done; a file in the way is not replaced', async () => {
    const folder = await library();
    const out = workFolder('batch-module');
    // HUAWEI's galleries play H.264 only: the HEVC Live Photo needs a transcode, which a browser does not have.
    const made = await runCLI(['make', photo(), clip({ codec: 'hevc' }), '--name', 'IMG_0009', '--out', join(folder, '2023'), '--json']);
    assert.equal(made.code, 0, made.stderr);
    mkdirSync(join(out, '2024'), { recursive: true });
    writeFileSync(join(out, '2024', 'IMG_0002.MP.jpg'), 'mine');
    const { report, summary } = await convertLibrary(await listing(folder), { to: 'motion', flavor: 'huawei', out: outputFolder(out) });
    const line = (item) => report.find((l) => l.item === item);
    assert.equal(line('2023/IMG_0009.JPG').status, 'failed');
    assert.match(line('2023/IMG_0009.JPG').reason, /ffmpeg/);
    assert.equal(line('2024/IMG_0002.JPG').status, 'failed');
    assert.match(line('2024/IMG_0002.JPG').reason, /its outputs are there but do not hold a whole result/);
    assert.equal(line('2023/IMG_0001.JPG').status, 'done');
    assert.equal(summary.failed, report.filter((l) => l.status === 'failed').length);
    assert.equal(statSync(join(out, '2024', 'IMG_0002.MP.jpg')).size, 4);
    assert.ok(!readdirSync(out, { recursive: true }).some((path) => path.endsWith('.crswap')));
  });

  test('a path that climbs out of the folder (..) is refused for its item: nothing lands outside, in a folder or a zip', async () => {
    const made = workFolder('made');
    for (const stem of ['IMG_0001', 'IMG_0002']) {
      const pair = await runCLI(['make', photo(), clip(), '--name', stem, '--out', made, '--json']);
      assert.equal(pair.code, 0, pair.stderr);
    }
    const inputs = [
      { path: '../outside/IMG_0001.JPG', file: await openFile(join(made, 'IMG_0001.JPG')) },
      { path: '../outside/IMG_0001.MOV', file: await openFile(join(made, 'IMG_0001.MOV')) },
      { path: 'inside/IMG_0002.JPG', file: await openFile(join(made, 'IMG_0002.JPG')) },
      { path: 'inside/IMG_0002.MOV', file: await openFile(join(made, 'IMG_0002.MOV')) },
    ];
    const parent = workFolder('climb'), out = join(parent, 'out');
    mkdirSync(out);
    const { report } = await convertLibrary(inputs, { to: 'motion', out: outputFolder(out) });
    const line = (item) => report.find((l) => l.item === item);
    assert.equal(line('../outside/IMG_0001.JPG').status, 'failed');
    assert.match(line('../outside/IMG_0001.JPG').reason, /climbs out of its folder/);
    assert.equal(line('inside/IMG_0002.JPG').status, 'done');
    assert.deepEqual(readdirSync(parent, { recursive: true }).sort(), ['out', 'out/inside', 'out/inside/IMG_0002.MP.jpg']);
    const zipped = join(parent, 'library.zip');
    const intoZip = await convertLibrary(inputs, { to: 'motion', out: fileSink(zipped) });
    assert.equal(intoZip.summary.failed, 1);
    assert.equal(execFileSync('unzip', ['-Z1', zipped]).toString().trim(), 'inside/IMG_0002.MP.jpg');
  });

  test('bad options are refused in the command line\'s words', async () => {
    await assert.rejects(convertLibrary([], { to: 'gif', out: outputFolder(workFolder('x')) }), (e) => e.code === 64 && /--to/.test(e.message));
    await assert.rejects(convertLibrary([], { to: 'motion' }), (e) => e.code === 64 && /--out/.test(e.message));
    await assert.rejects(convertLibrary([], { to: 'motion', out: outputFolder(workFolder('x')), jobs: 2 }), (e) => e.message === "Unknown option '--jobs'");
  });
});

describe('the streamed zip', () => {
  test('a member past 4 GiB: Zip64 records that Python and unzip read, its CRC-32 worked out as its bytes went by', async () => {
    const { ZipStream, crc32 } = await import(join(moduleDir, 'zipstream.js'));
    assert.equal(crc32(0, new TextEncoder().encode('123456789')), 0xcbf43926);
    const folder = workFolder('zip64');
    const big = join(folder, 'big.bin'), zipped = join(folder, 'big.zip');
    const size = 4 * 1024 ** 3 + 12345;
    closeSync(openSync(big, 'w'));
    execFileSync('truncate', ['-s', String(size), big]);
    const small = new Blob([new TextEncoder().encode('after the big one')]);
    const zip = new ZipStream(fileSink(zipped));
    // Node 20's Blobs of a file past 4 GiB give its size modulo 2^32 (fs.openAsBlob, File): the file's bytes as a stream
    // and its true size stand in for one, which is all the zip reads of a member.
    const bigBlob = { size, stream: () => Readable.toWeb(createReadStream(big, { highWaterMark: 1 << 20 })) };
    await zip.add([{ name: 'a/big.bin', blob: bigBlob, time: Date.UTC(2023, 4, 1, 10) }, { name: 'a/é.txt', blob: small, time: Date.UTC(2024, 0, 2) }]);
    await zip.close();
    const listed = JSON.parse(execFileSync('python3', ['-c', `
import json, sys, zipfile, zlib
archive = zipfile.ZipFile(sys.argv[1])
crc = 0
block = bytes(1 << 24)
left = ${size}
while left:
    n = min(left, len(block))
    crc = zlib.crc32(block[:n], crc)
    left -= n
infos = archive.infolist()
print(json.dumps([[i.filename, i.file_size, i.CRC, i.date_time[:4], i.flag_bits & 8] for i in infos] + [crc, archive.read('a/é.txt').decode()]))
`, zipped]).toString());
    assert.deepEqual(listed.slice(0, 2), [['a/big.bin', size, listed[2], [2023, 5, 1, 10], 8], ['a/é.txt', 17, crc32(0, new TextEncoder().encode('after the big one')), [2024, 1, 2, 0], 8]]);
    assert.equal(listed[3], 'after the big one');
    execFileSync('unzip', ['-tq', zipped]);
  });

  test('CRC-32 sixteen bytes a step is zlib\'s at every length and alignment, in pieces as in one', async () => {
    const { crc32 } = await import(join(moduleDir, 'zipstream.js'));
    const bytes = createHash('sha512').update('seed').digest();
    const data = new Uint8Array(70000);
    for (let i = 0; i < data.length; i++) data[i] = bytes[i % 64] ^ (i * 131 >>> 3);
    for (let start = 0; start < 8; start++) {
      for (const length of [0, 1, 3, 15, 16, 17, 31, 64, 100, 4099, 65536 + 5]) {
        const piece = data.subarray(start, start + length);
        assert.equal(crc32(0, piece), zlib.crc32(piece), `${length} bytes from ${start}`);
      }
    }
    let chained = 0;
    for (let at = 0; at < data.length; at += 777) chained = crc32(chained, data.subarray(at, at + 777));
    assert.equal(chained, zlib.crc32(data));
  });

  test('a written file\'s CRC-32 from its pieces: its own bytes, and ranges of a member whose CRC-32 is known, unread', async () => {
    const { checksumOf, crc32Combine } = await import(join(moduleDir, 'zipstream.js'));
    const { ReadCache } = await import(join(moduleDir, 'inputs.js'));
    const data = new Uint8Array(3 << 20);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761 >>> 13) & 0xff;
    assert.equal(crc32Combine(zlib.crc32(data.subarray(0, 1000)), zlib.crc32(data.subarray(1000)), data.length - 1000), zlib.crc32(data));
    // The member as the engine's run saw it: its first and last 256 KiB read, its CRC-32 the part's directory's.
    const member = new Blob([data]);
    member.knownChecksum = zlib.crc32(data);
    const layout = (pieces, bytes = new Uint8Array([9, 8, 7, 6])) => {
      const cache = new ReadCache([member]);
      cache.add(0, 0, data.slice(0, 262144));
      cache.add(0, data.length - 262144, data.slice(data.length - 262144));
      return { pieces, bytes, inputs: [member], cache };
    };
    const expect = (pieces) => {
      const parts = pieces.map(([input, offset, length]) => (input < 0 ? new Uint8Array([9, 8, 7, 6]).subarray(offset, offset + length) : data.subarray(offset, offset + length)));
      return zlib.crc32(Buffer.concat(parts));
    };
    for (const pieces of [
      [[0, 0, data.length]], // copied as it was
      [[0, 0, 2], [-1, 0, 4], [0, 40000, data.length - 40000]], // a photo's new header: its first bytes, new ones, the rest
      [[0, 0, data.length - 50000], [-1, 1, 3]], // a movie's moov at its end, written anew
      [[-1, 0, 4], [0, 100, data.length - 200], [0, data.length - 30, 30]], // bytes before, after and between
    ]) assert.equal(checksumOf(layout(pieces)), expect(pieces), JSON.stringify(pieces));
    // A range whose bytes before and after were not read, of a member of no known CRC-32, is worked out as it is read.
    assert.equal(checksumOf(layout([[0, 300000, 1000000]])), null);
    const unknown = layout([[0, 40000, data.length - 40000]]);
    unknown.inputs = [new Blob([data])];
    assert.equal(checksumOf(unknown), null);
    assert.equal(checksumOf(undefined), null);
  });
});

describe('reading a stream through one buffer (eachChunk)', () => {
  const random = (size) => {
    const data = new Uint8Array(size);
    for (let at = 0; at < size; at += 64) data.set(createHash('sha512').update(String(at)).digest().subarray(0, Math.min(64, size - at)), at);
    return data;
  };

  test('every byte of a Blob in order, in pieces of at most 1 MiB; a stream of another kind as it comes', async () => {
    const { eachChunk } = await import(join(moduleDir, 'readbuffers.js'));
    const data = random(3 * 1048576 + 12345);
    for (const [bytes, source] of [[true, () => new Blob([data])], [false, () => new Blob([data]).stream().pipeThrough(new TransformStream())]]) {
      for (let round = 0; round < 3; round++) {
        const pieces = [];
        await eachChunk(source(), (chunk) => pieces.push(chunk.slice()));
        assert.ok(pieces.every((piece) => piece.length > 0 && (!bytes || piece.length <= 1048576)));
        assert.deepEqual(Buffer.concat(pieces), Buffer.from(data));
      }
    }
    let called = 0;
    await eachChunk(new Blob([]), () => called++);
    assert.equal(called, 0);
  });

  test('a Blob whose reads stop coming is read on from where they stopped, as a plain stream', async () => {
    const { eachChunk } = await import(join(moduleDir, 'readbuffers.js'));
    const data = random(300000);
    let hung = 0;
    // Its first stream gives 100,000 bytes and then nothing, ever; a slice of it is a Blob's.
    const stalling = {
      size: data.length,
      stream: () => new ReadableStream({
        type: 'bytes',
        pull(controller) {
          if (hung++ === 0) controller.enqueue(data.slice(0, 100000));
          else return new Promise(() => {});
        },
      }),
      slice: (start) => new Blob([data.subarray(start)]),
    };
    const pieces = [];
    await eachChunk(stalling, (chunk) => pieces.push(chunk.slice()), { stalledAfter: 100 });
    assert.deepEqual(Buffer.concat(pieces), Buffer.from(data));
  });

  test('a piece its reader refuses stops the stream: the error is the caller\'s, the source cancelled', async () => {
    const { eachChunk } = await import(join(moduleDir, 'readbuffers.js'));
    let cancelled = null;
    const stream = new ReadableStream({
      type: 'bytes',
      pull(controller) { controller.enqueue(new Uint8Array(1000)); },
      cancel(reason) { cancelled = reason; },
    });
    const refusal = new Error('not what the directory says');
    await assert.rejects(eachChunk(stream, () => { throw refusal; }), (error) => error === refusal);
    assert.equal(cancelled, refusal);
  });
});

describe('a whole library\'s run', () => {
  test('runs in its turn in an engine instance of its own, let go after: the item runs keep theirs, small', async () => {
    const { runEngine } = await import(join(moduleDir, 'livephoto.js'));
    const { wholeLibraryRun } = await import(join(moduleDir, 'library.js'));
    const session = {};
    await runEngine('pair', [], { files: [] }, undefined, session);
    const items = session.engine;
    const size = () => items.instance.exports.memory.buffer.byteLength, before = size();
    // 20,000 files' facts to pair, 1.4 MB of JSON, which would grow the instance it ran in for good; an item run
    // still waiting for its turn when the library's run is asked for, and one asked for after.
    const files = Array.from({ length: 20000 }, (_, n) => ({
      path: `Photos/${String(n).padStart(5, '0')}/IMG_${n}.JPG`, kind: 'still', format: 'jpeg',
    }));
    const ahead = runEngine('pair', [], { files: [] }, undefined, session);
    const whole = wholeLibraryRun('pair', { files }, session, files.length);
    const after = runEngine('pair', [], { files: [] }, undefined, session);
    const [, { report }] = await Promise.all([ahead, whole, after]);
    assert.equal(report.items.length, files.length);
    assert.equal(session.engine, items, 'the item runs went on in their own instance');
    assert.equal(size(), before, 'which did not grow');
  });
});
