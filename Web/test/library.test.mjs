// Libraries in the engine: scanLibrary over a folder gives what `livephoto scan --json` prints for it, item by item
// and in the same order (paths relative to the folder), from a list of { path, file } pairs and from a folder handle.
// Run with `node --test Web/test/` after scripts/wasm.sh and swift build (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { describe, test } from 'node:test';
import { clip, join, livephoto, photo, runCLI, sample, withoutSamples, workFolder } from './support.mjs';

const { scanLibrary, openFile, LivePhotoError } = livephoto;

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

/** `folder` as a browser hands one over: a FileSystemDirectoryHandle's `kind`, `name`, `values()` and `getFile()`. */
function folderHandle(folder, refused = new Set()) {
  return {
    kind: 'directory', name: folder.split('/').pop(),
    async *values() {
      if (refused.has(folder)) throw new DOMException('The request is not allowed', 'NotAllowedError');
      for (const name of readdirSync(folder)) {
        const path = join(folder, name);
        yield statSync(path).isDirectory()
          ? folderHandle(path, refused) : { kind: 'file', name, getFile: () => openFile(path) };
      }
    },
  };
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
    assert.equal(summary.filesFound, readdirSync(folder, { recursive: true }).filter((p) => statSync(join(folder, p)).isFile()).length);
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
