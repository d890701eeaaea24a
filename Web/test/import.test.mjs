// Importing a camera's folder in the engine: importLibrary over a phone's DCIM writes the tree `livephoto import DIR
// --out OUT --json` writes for it, byte for byte, with the command's report line for line (`part` the folder's name,
// not its path), into a folder and into one zip; the record of what was written is the command's; a second run, or
// one after a stop, writes nothing twice.
// Run with `node --test Web/test/` after scripts/wasm.sh and swift build (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import {
  fileSink, folderHandle, join, livephoto, moduleDir, outputFolder, runCLI, sample, samples, sha256File, withoutSamples, workFolder,
} from './support.mjs';

const { importLibrary, openFile, LivePhotoError } = livephoto;
const record = '.livephoto-takeout';

/**
 * A camera's folder as a phone leaves it on a PC, named DCIM: an iPhone's Live Photo, its edited copy (the same bytes
 * under IMG_E), its `.AAE` edit file, Google Motion Photos (one with its video beside it), a plain JPEG with two copies
 * in another folder and a photo of its size that is not a copy, and a gallery's hidden thumbnails.
 */
function cameraFolder() {
  const dcim = join(workFolder('camera'), 'DCIM');
  const place = (path, from) => { // a sample's path, or the bytes
    mkdirSync(dirname(join(dcim, path)), { recursive: true });
    if (typeof from === 'string') copyFileSync(from, join(dcim, path)); else writeFileSync(join(dcim, path), from);
  };
  place('100APPLE/IMG_0001.HEIC', sample('iphone_IMG_3853_gwy15.HEIC'));
  place('100APPLE/IMG_0001.MOV', sample('iphone_IMG_3853_gwy15.MOV'));
  place('100APPLE/IMG_E0001.HEIC', sample('iphone_IMG_3853_gwy15.HEIC'));
  place('100APPLE/IMG_E0001.MOV', sample('iphone_IMG_3853_gwy15.MOV'));
  place('100APPLE/IMG_0001.AAE', Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict/></plist>\n'));
  place('100APPLE/IMG_0002.JPG', sample('camera_sony-dsc-hx5v_mei.jpg'));
  place('Camera/PXL_20240101_120000000.MP.jpg', sample('androidx-media_pixel-motion-photo-shortened.jpg'));
  place('Camera/Copies/IMG_0002.JPG', sample('camera_sony-dsc-hx5v_mei.jpg'));
  place('Camera/Copies/IMG_0002 (1).JPG', sample('camera_sony-dsc-hx5v_mei.jpg'));
  // Of the same size, not the same bytes: a byte of its image data changed.
  const changed = readFileSync(sample('camera_sony-dsc-hx5v_mei.jpg'));
  changed[changed.length - 4096] = 0;
  place('Camera/IMG_0003.JPG', changed);
  // A Motion Photo and its video beside it, as an app that took it apart left them: the video is the one inside.
  const motion = readFileSync(sample('libmphoto_motion_photo_v1_synthetic.jpg'));
  place('Camera/MVIMG_20240102_120000.jpg', motion);
  place('Camera/MVIMG_20240102_120000.mp4', motion.subarray(motion.length - 122562));
  place('Camera/.thumbnails/PXL_20240101_120000000.jpg', sample('camera_nikon-d1x_mei.jpg'));
  place('100APPLE/.DS_Store', Buffer.from('Bud1'));
  return dcim;
}

/** Every file below `folder` but the run's record, by its path relative to it, with its SHA-256. */
function tree(folder) {
  return Object.fromEntries(readdirSync(folder, { recursive: true }).sort()
    .filter((path) => !path.startsWith(record) && statSync(join(folder, path)).isFile())
    .map((path) => [path, sha256File(join(folder, path))]));
}

/** Every string in `value` with `from` replaced by `to`. */
function renamed(value, from, to) {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((v) => renamed(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renamed(v, from, to)]));
  return value;
}

/** Report lines without the summary's output folder, which the command prints as its path. */
function withoutOutput(lines) {
  return lines.map((line) => {
    if (line.type !== 'summary') return line;
    const { outputDirectory, ...rest } = line;
    return rest;
  });
}

/** The record's lines in `folder`, sorted (the command writes them as its items finish, several at once). */
function recordLines(folder) {
  const path = join(folder, record, 'written.jsonl');
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).sort() : [];
}

/** The files below `folder` with their modification times. */
function times(folder) {
  return Object.fromEntries(readdirSync(folder, { recursive: true }).sort().map((path) => [path, statSync(join(folder, path)).mtimeMs]));
}

/**
 * The command line's import of `dcim` into a new folder: `{ out, lines, records }`, the report's lines and the record's
 * with the folder's path as the browser names the folder (`part` DCIM).
 */
async function cliImport(dcim) {
  const out = join(workFolder('import-cli'), 'Library');
  const cli = await runCLI(['import', dcim, '--out', out, '--json']);
  assert.ok(cli.code === 0 || cli.code === 6, `${cli.code}: ${cli.stderr}`);
  const lines = cli.stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const path = realpathSync(dcim);
  return { out, lines: renamed(lines, path, 'DCIM'), records: recordLines(out).map((line) => line.split(path).join('DCIM')).sort() };
}

/** `dcim`'s files as a folder input gives them: Files whose `webkitRelativePath` starts with the folder's name. */
async function folderInput(dcim) {
  const paths = readdirSync(dcim, { recursive: true }).sort().filter((path) => statSync(join(dcim, path)).isFile());
  return Promise.all(paths.map(async (path) => {
    const file = await openFile(join(dcim, path));
    Object.defineProperty(file, 'webkitRelativePath', { value: `DCIM/${path}` });
    return file;
  }));
}

describe('importLibrary', { skip: withoutSamples }, () => {
  test('a camera folder: the command line\'s library byte for byte, its report line for line, into a folder and a zip', async () => {
    const dcim = cameraFolder();
    const expected = await cliImport(dcim);
    const outcomes = new Set(expected.lines.map((line) => line.outcome).filter(Boolean));
    for (const outcome of ['written', 'paired-live-photo', 'duplicate', 'merged-into-motion-photo']) assert.ok(outcomes.has(outcome), `the folder has a ${outcome} file`);
    assert.ok(expected.lines.some((line) => line.type === 'non-media' && line.member === '100APPLE/IMG_0001.AAE'));
    assert.ok(!expected.lines.some((line) => /thumbnails|DS_Store/.test(line.member ?? '')), 'hidden files are left out');

    const out = join(workFolder('import-module'), 'Library');
    mkdirSync(out);
    const progress = [];
    const { report } = await importLibrary(folderHandle(dcim), { out: outputFolder(out), onProgress: (p) => progress.push(p) });
    assert.deepEqual(withoutOutput(report), withoutOutput(expected.lines));
    assert.equal(report.at(-1).outputDirectory, 'Library');
    assert.deepEqual(tree(out), tree(expected.out));
    assert.deepEqual(recordLines(out), expected.records);
    assert.ok(Object.keys(tree(out)).length >= 4, 'files were written');
    assert.equal(progress.at(-1).stage, 'writing');
    assert.equal(progress.at(-1).done, progress.at(-1).total);
    assert.ok(!readdirSync(out, { recursive: true }).some((path) => path.endsWith('.crswap')));

    // Again into the same folder: every media file already written, nothing written or recorded again.
    const before = times(out);
    const again = await importLibrary(folderHandle(dcim), { out: outputFolder(out) });
    const media = again.report.filter((line) => line.outcome);
    assert.equal(media.length, expected.lines.filter((line) => line.outcome).length);
    for (const line of media) assert.equal(line.outcome, 'already-written', line.member);
    assert.deepEqual(times(out), before);

    // Into one zip, from a folder input's Files: it tests whole and unpacks to the same library and record.
    const zipped = join(workFolder('import-zip'), 'Library.zip');
    const intoZip = await importLibrary(await folderInput(dcim), { out: fileSink(zipped) });
    assert.deepEqual(withoutOutput(intoZip.report), withoutOutput(expected.lines));
    execFileSync('unzip', ['-tq', zipped]);
    const unpacked = workFolder('import-unzipped');
    execFileSync('unzip', ['-q', zipped, '-d', unpacked]);
    assert.deepEqual(tree(unpacked), tree(expected.out));
    assert.deepEqual(recordLines(unpacked), expected.records);
    // `{ path, file }` pairs are one folder, named by partName, whatever their Files' own webkitRelativePath says.
    const pairs = (await folderInput(dcim)).map((file) => ({ path: file.webkitRelativePath.slice('DCIM/'.length), file }));
    const viaPairs = await importLibrary(pairs, { out: fileSink(join(workFolder('import-pairs'), 'Library.zip')), partName: 'DCIM' });
    assert.deepEqual(withoutOutput(viaPairs.report), withoutOutput(expected.lines));
    // Each file dated as the command line dates it: the capture time it keeps (one with none, when it is written).
    const dated = Object.keys(tree(expected.out)).filter((path) => statSync(join(expected.out, path)).mtimeMs < Date.now() - 86400e3);
    assert.ok(dated.length >= 3, 'files of the folder keep capture times');
    for (const path of dated) {
      assert.equal(Math.floor(statSync(join(unpacked, path)).mtimeMs / 1000), Math.floor(statSync(join(expected.out, path)).mtimeMs / 1000), path);
    }
  });

  test('every real sample in one folder, as a phone\'s copy would hold them: the command line\'s library and report', async () => {
    const dcim = join(workFolder('import-samples'), 'DCIM');
    mkdirSync(dcim, { recursive: true });
    const names = readdirSync(samples).filter((name) => name !== 'PROVENANCE.md');
    for (const name of names) copyFileSync(join(samples, name), join(dcim, name));
    const expected = await cliImport(dcim);
    assert.equal(expected.lines.filter((line) => line.outcome).length, names.length, 'every sample is a media file of the report');
    assert.ok(!expected.lines.some((line) => line.outcome === 'failed'), 'no sample fails');
    const out = join(workFolder('import-samples-out'), 'Library');
    mkdirSync(out);
    const { report } = await importLibrary(folderHandle(dcim), { out: outputFolder(out) });
    assert.deepEqual(withoutOutput(report), withoutOutput(expected.lines));
    assert.deepEqual(tree(out), tree(expected.out));
    assert.deepEqual(recordLines(out), expected.records);
  });

  test('a folder the browser will not read is a problem of the report, and the rest of the folder is imported', async () => {
    const dcim = cameraFolder();
    const expected = await cliImport(dcim);
    const out = join(workFolder('import-refused'), 'Library');
    mkdirSync(out);
    const { report } = await importLibrary(folderHandle(dcim, new Set([join(dcim, 'Camera')])), { out: outputFolder(out) });
    const summary = report.at(-1);
    assert.ok(summary.problems.some((text) => /^DCIM: Camera: cannot be read \(.*not allowed.*\); the files in it were not imported$/.test(text)),
      summary.problems.join('\n'));
    const members = report.filter((line) => line.outcome).map((line) => line.member);
    assert.ok(members.length > 0 && members.every((member) => member.startsWith('100APPLE/')), members.join(', '));
    const written = Object.keys(tree(out));
    assert.ok(written.length > 0 && written.every((path) => path in tree(expected.out)), written.join(', '));
  });

  test('a run stopped while writing records what it wrote, and the next one finishes the library', async () => {
    const dcim = cameraFolder();
    const expected = await cliImport(dcim);
    const out = join(workFolder('import-stopped'), 'Library');
    mkdirSync(out);
    const controller = new AbortController();
    const stop = (p) => { if (p.stage === 'writing') controller.abort(); };
    await assert.rejects(importLibrary(folderHandle(dcim), { out: outputFolder(out), signal: controller.signal, onProgress: stop }),
      (e) => e.name === 'AbortError');
    const first = tree(out);
    assert.ok(Object.keys(first).length > 0 && Object.keys(first).length < Object.keys(tree(expected.out)).length, 'it stopped halfway');
    assert.equal(recordLines(out).length > 0, true);
    const { report } = await importLibrary(folderHandle(dcim), { out: outputFolder(out) });
    assert.ok(report.some((line) => line.outcome === 'already-written'));
    assert.ok(report.some((line) => line.outcome === 'written'));
    assert.deepEqual(tree(out), tree(expected.out));
    assert.deepEqual(recordLines(out), expected.records);
  });

  test('a broken zip inside an export is read as far as it goes and said so, the rest imported; bad options are refused as the command line refuses them', async () => {
    const out = outputFolder(workFolder('import-refused'));
    const photo = await openFile(sample('camera_sony-dsc-hx5v_mei.jpg'));
    const sidecar = new File(['{"title": "IMG_0002.JPG", "photoTakenTime": {"timestamp": "1273000000"}}'], 'IMG_0002.JPG.json');
    const inner = new File(['PK\x03\x04'], 'shared.zip');
    const { report } = await importLibrary([{ path: 'IMG_0002.JPG', file: photo }, { path: 'IMG_0002.JPG.json', file: sidecar },
      { path: 'Shared/shared.zip', file: inner }], { out, partName: 'Export' });
    assert.equal(report.find((line) => line.member === 'IMG_0002.JPG')?.sidecar, 'IMG_0002.JPG.json');
    // As the command line reports the same folder: the zip is the export's data, its directory and its front said.
    const inside = report.find((line) => line.member === 'Shared/shared.zip');
    assert.equal(inside?.kind, 'takeout-data');
    assert.equal(inside.reason, 'not a photo or video: a zip inside the export, whose files were read as well');
    assert.deepEqual(report.at(-1).problems, [
      'Export: Shared/shared.zip: its central directory cannot be read (a 4-byte file is too short to be a zip archive: a download cut short?); its files were read from the front',
      'Export: Shared/shared.zip: the archive ends inside a local header (at byte 4); the files after that point were not read']);
    await assert.rejects(importLibrary([], { out, albums: 'sideways' }),
      (e) => e instanceof LivePhotoError && e.code === 64 && /--albums: 'sideways'/.test(e.message));
    await assert.rejects(importLibrary([], {}), (e) => e instanceof LivePhotoError && e.code === 64 && /--out/.test(e.message));
    await assert.rejects(importLibrary([], { out, jobs: 2 }), (e) => e instanceof LivePhotoError && e.message === "Unknown option '--jobs'");
    await assert.rejects(importLibrary([photo, 42], { out }), (e) => e instanceof LivePhotoError && e.code === 64 && /input 2 is not/.test(e.message));
    await assert.rejects(importLibrary([], { out, to: 'android' }), (e) => e instanceof LivePhotoError && /--to android/.test(e.message));
  });
});

describe('an import too large for the engine', () => {
  test('its last run past 16 MiB of JSON is refused in words before anything is written; one under it is not', async () => {
    const { refuseOversizedReport } = await import(join(moduleDir, 'import.js'));
    const request = (files) => ({
      parts: ['DCIM'], members: Array.from({ length: files }, (_, i) => [0, `100APPLE/IMG_${String(i).padStart(6, '0')}.HEIC`, 3_000_000]),
      bytes: Array.from({ length: files }, (_, i) => [i, i]),
      facts: Array.from({ length: files }, (_, i) => [i, { kind: 'still', format: 'heic', identifier: crypto.randomUUID(), captured: 1_700_000_000 + i }]),
    });
    const jobs = (files) => Array.from({ length: files }, (_, i) => ({ number: i, copies: [[i, `2023/11/IMG_${i}.HEIC`, 1_700_000_000]] }));
    assert.doesNotThrow(() => refuseOversizedReport(request(20_000), jobs(20_000), 20_000));
    assert.throws(() => refuseOversizedReport(request(120_000), jobs(120_000), 120_000),
      (e) => e instanceof LivePhotoError && e.code === 2 && /^120,000 files are more than the engine takes in one run .*in turns$/.test(e.message));
  });
});

describe('the writing of an import', () => {
  // C as a zip's stored member: its part's slice, with the CRC-32 the part's directory gives.
  const memberC = { size: 7, knownChecksum: zlib.crc32('mine, c'), whole: () => new Blob(['mine, c']) };
  const members = () => [
    { file: new Blob(['mine, a']), path: 'DCIM/A.JPG' }, { file: new Blob(['mine, b']), path: 'DCIM/B.JPG' },
    { file: memberC, path: 'DCIM/C.JPG' },
  ];
  const jobs = [
    { number: 1, copies: [[0, '2020/01/A.JPG', 1_580_000_000]], records: [['DCIM', 'DCIM/A.JPG', 7, '2020/01/A.JPG']] },
    { number: 2, copies: [[1, '2020/01/B.JPG', 1_580_000_000]], records: [['DCIM', 'DCIM/B.JPG', 7, '2020/01/B.JPG']] },
    { number: 3, copies: [[2, '2020/02/C.JPG', null]], records: [['DCIM', 'DCIM/C.JPG', 7, '2020/02/C.JPG']] },
  ];

  test('a file put in the library since it was listed is not replaced: its item fails in words, the others are written', async () => {
    const { writeJobs } = await import(join(moduleDir, 'importwrite.js'));
    const folder = workFolder('written-meanwhile');
    mkdirSync(join(folder, '2020/01'), { recursive: true });
    writeFileSync(join(folder, '2020/01/A.JPG'), 'theirs');
    const recorded = new Set();
    const done = await writeJobs(jobs, members(), { out: outputFolder(folder), zip: null, session: {}, progress: () => {}, recorded });
    assert.deepEqual(done.map(({ number, written, failure }) => [number, written, failure]).sort(), [
      [1, [], '2020/01/A.JPG: 2020/01/A.JPG is there already: it is not replaced'], [2, [1], undefined], [3, [2], undefined],
    ]);
    assert.equal(readFileSync(join(folder, '2020/01/A.JPG'), 'utf8'), 'theirs');
    assert.equal(readFileSync(join(folder, '2020/01/B.JPG'), 'utf8'), 'mine, b');
    assert.equal(readFileSync(join(folder, '2020/02/C.JPG'), 'utf8'), 'mine, c');
    // Only what was written is in the record.
    const lines = readFileSync(join(folder, '.livephoto-takeout/written.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line).member);
    assert.deepEqual(lines.sort(), ['DCIM/B.JPG', 'DCIM/C.JPG']);
  });

  test('into a zip, each entry\'s records asked for with its plan, a member copied as it is with its known CRC-32: the zip unzip reads', async () => {
    const { writeJobs } = await import(join(moduleDir, 'importwrite.js'));
    const { ZipStream } = await import(join(moduleDir, 'zipstream.js'));
    const folder = workFolder('written-zip'), zipped = join(folder, 'library.zip');
    const zip = new ZipStream(fileSink(zipped), undefined, {});
    const day = () => { const d = new Date(); return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]; };
    const before = day();
    const done = await writeJobs(jobs, members(), { out: null, zip, session: {}, progress: () => {}, recorded: new Set() });
    await zip.close();
    const after = day();
    assert.deepEqual(done.map(({ written }) => written).sort(), [[0], [1], [2]]);
    execFileSync('unzip', ['-tq', zipped]);
    const listed = JSON.parse(execFileSync('python3', ['-c', `
import json, sys, zipfile
archive = zipfile.ZipFile(sys.argv[1])
print(json.dumps([[i.filename, archive.read(i).decode(), i.date_time[:3], i.CRC] for i in archive.infolist()]))`, zipped]).toString());
    // C, undated, is dated with the time it was written.
    assert.ok([JSON.stringify(before), JSON.stringify(after)].includes(JSON.stringify(listed[2][2])), JSON.stringify(listed[2]));
    listed[2][2] = 'now';
    assert.deepEqual(listed, [
      ['2020/01/A.JPG', 'mine, a', [2020, 1, 26], zlib.crc32('mine, a')], ['2020/01/B.JPG', 'mine, b', [2020, 1, 26], zlib.crc32('mine, b')],
      ['2020/02/C.JPG', 'mine, c', 'now', zlib.crc32('mine, c')],
    ]);
  });

  test('into a zip, an item whose middle copy fails: the others written under their own names, the known CRC-32 not worked out again', async () => {
    const { writeJobs } = await import(join(moduleDir, 'importwrite.js'));
    const { ZipStream } = await import(join(moduleDir, 'zipstream.js'));
    const zipped = join(workFolder('written-zip-failed'), 'library.zip');
    const zip = new ZipStream(fileSink(zipped), undefined, {});
    const unreadable = { size: 3, whole: () => { throw new Error('the browser refuses to read it'); } };
    // The member's CRC-32 as its part's directory gives it (checked when it was listed) is the entry's: none read.
    const kept = { size: 7, knownChecksum: 0x12345678, whole: () => new Blob(['mine, c']) };
    const three = [{ file: new Blob(['mine, a']), path: 'A.JPG' }, { file: unreadable, path: 'B.JPG' }, { file: kept, path: 'C.JPG' }];
    const job = { number: 1, copies: [[0, '2020/01/A.JPG', 1_580_000_000], [1, '2020/01/B.JPG', 1_580_000_000], [2, '2020/01/C.JPG', 1_580_000_000]], records: [] };
    const [result] = await writeJobs([job], three, { out: null, zip, session: {}, progress: () => {}, recorded: new Set() });
    await zip.close();
    assert.deepEqual([result.written, result.failure], [[0, 2], '2020/01/B.JPG: the browser refuses to read it']);
    const listed = JSON.parse(execFileSync('python3', ['-c', `
import json, sys, zipfile
print(json.dumps([[i.filename, i.file_size, i.CRC] for i in zipfile.ZipFile(sys.argv[1]).infolist()]))`, zipped]).toString());
    assert.deepEqual(listed, [['2020/01/A.JPG', 7, zlib.crc32('mine, a')], ['2020/01/C.JPG', 7, 0x12345678]]);
  });
});
