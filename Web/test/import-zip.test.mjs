// An export's zip parts read in place by importLibrary: members stored and deflated give the library, report and record
// `livephoto import PART.zip ... --out OUT --json` gives, whichever shell began the library; damaged parts and members
// (a CRC that fails, a sidecar's too, a deflate bomb, names leading out, two of one name, a part cut short) are
// reported in words, nothing is written outside the library, and the rest is imported.
// Run with `node --test Web/test/` after scripts/wasm.sh and swift build (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, openAsBlob, readFileSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileSink, join, livephoto, moduleDir, outputFolder, sample, samples, withoutSamples, workFolder } from './support.mjs';
import { cliImport, library, recordLines, tree, withoutOutput, writeZip } from './import-support.mjs';

const { importLibrary, openFile } = livephoto;

/** A phone's camera folder in two zip parts: the first stored, the second deflated, with copies across them. */
function cameraParts() {
  const folder = workFolder('import-zip-parts');
  const motion = readFileSync(sample('libmphoto_motion_photo_v1_synthetic.jpg'));
  const first = writeZip(join(folder, 'Camera-001.zip'), [
    ['DCIM/100APPLE/IMG_0001.HEIC', sample('iphone_IMG_3853_gwy15.HEIC'), 'stored'],
    ['DCIM/100APPLE/IMG_0001.MOV', sample('iphone_IMG_3853_gwy15.MOV'), 'stored'],
    ['DCIM/100APPLE/IMG_0001.AAE', Buffer.from('<plist version="1.0"><dict/></plist>\n'), 'deflated'],
    ['DCIM/100APPLE/IMG_0002.JPG', sample('camera_sony-dsc-hx5v_mei.jpg'), 'stored'],
    ['DCIM/Camera/PXL_20240101_120000000.MP.jpg', sample('androidx-media_pixel-motion-photo-shortened.jpg'), 'stored'],
  ]);
  const second = writeZip(join(folder, 'Camera-002.zip'), [
    ['DCIM/100APPLE/IMG_E0001.HEIC', sample('iphone_IMG_3853_gwy15.HEIC'), 'deflated'],
    ['DCIM/100APPLE/IMG_E0001.MOV', sample('iphone_IMG_3853_gwy15.MOV'), 'deflated'],
    ['DCIM/Copies/IMG_0002.JPG', sample('camera_sony-dsc-hx5v_mei.jpg'), 'deflated'],
    ['DCIM/Camera/MVIMG_20240102_120000.jpg', motion, 'deflated'],
    ['DCIM/Camera/MVIMG_20240102_120000.mp4', motion.subarray(motion.length - 122562), 'deflated'],
    ['DCIM/Camera/IMG_0004.jpg', sample('camera_nikon-d1x_mei.jpg'), 'deflated'],
  ]);
  return [first, second];
}

describe('importLibrary of zip parts', { skip: withoutSamples }, () => {
  test('stored and deflated members read in place: the command line\'s library, report and record, into a folder and a zip', async () => {
    const parts = cameraParts();
    const expectedOut = join(workFolder('import-zip-cli'), 'Library');
    const expected = await cliImport(parts, expectedOut);
    const outcomes = new Set(expected.map((line) => line.outcome).filter(Boolean));
    for (const outcome of ['written', 'paired-live-photo', 'duplicate', 'merged-into-motion-photo']) assert.ok(outcomes.has(outcome), outcome);

    const out = library('import-zip-module');
    const progress = [];
    const { report } = await importLibrary(await Promise.all(parts.map(openFile)), { out: outputFolder(out), onProgress: (p) => progress.push(p) });
    assert.deepEqual(withoutOutput(report), withoutOutput(expected));
    assert.deepEqual(tree(out), tree(expectedOut));
    assert.deepEqual(recordLines(out), recordLines(expectedOut));
    const checked = progress.filter((p) => p.stage === 'checking');
    assert.ok(checked.length > 0 && checked.at(-1).done === checked.at(-1).total, 'each member is read through once');

    // Into one zip: it tests whole and unpacks to the same library.
    const zipped = join(workFolder('import-zip-zip'), 'Library.zip');
    const intoZip = await importLibrary(await Promise.all(parts.map(openFile)), { out: fileSink(zipped) });
    assert.deepEqual(withoutOutput(intoZip.report), withoutOutput(expected));
    execFileSync('unzip', ['-tq', zipped]);
    const unpacked = workFolder('import-zip-unzipped');
    execFileSync('unzip', ['-q', zipped, '-d', unpacked]);
    assert.deepEqual(tree(unpacked), tree(expectedOut));
  });

  test('a library the command line began is finished in the browser, and one the browser began by the command line', async () => {
    const [first, second] = cameraParts();
    // The command line's own resume: the first part, then both (the second's copies of what the first run wrote are
    // written again, as a resumed run does not compare with the library's files).
    const expectedOut = join(workFolder('import-zip-both'), 'Library');
    await cliImport([first], expectedOut);
    const resumed = await cliImport([first, second], expectedOut);

    const out = library('import-zip-cli-first');
    await cliImport([first], out);
    const { report } = await importLibrary([await openFile(first), await openFile(second)], { out: outputFolder(out) });
    assert.deepEqual(withoutOutput(report), withoutOutput(resumed));
    const firstMembers = report.filter((line) => line.outcome && line.part === 'Camera-001.zip');
    assert.ok(firstMembers.length > 0 && firstMembers.every((line) => line.outcome === 'already-written'), JSON.stringify(firstMembers));
    assert.ok(report.some((line) => line.part === 'Camera-002.zip' && line.outcome === 'paired-live-photo'));
    assert.deepEqual(tree(out), tree(expectedOut));
    assert.deepEqual(recordLines(out), recordLines(expectedOut));

    const other = library('import-zip-module-first');
    await importLibrary([await openFile(first)], { out: outputFolder(other) });
    const cli = await cliImport([first, second], other);
    assert.deepEqual(withoutOutput(cli), withoutOutput(resumed));
    assert.deepEqual(tree(other), tree(expectedOut));
    assert.deepEqual(recordLines(other), recordLines(expectedOut));
  });

  test('every real sample in one zip, deflated, first try, no flag: the command line\'s library and report', async () => {
    const names = readdirSync(samples).filter((name) => name !== 'PROVENANCE.md').sort();
    const part = writeZip(join(workFolder('import-zip-samples'), 'Samples.zip'),
      names.map((name) => [`DCIM/${name}`, join(samples, name), 'deflated']));
    const expectedOut = join(workFolder('import-zip-samples-cli'), 'Library');
    const expected = await cliImport([part], expectedOut);
    assert.equal(expected.filter((line) => line.outcome).length, names.length, 'every sample is a media file of the report');
    assert.ok(!expected.some((line) => line.outcome === 'failed'), 'no sample fails');
    const out = library('import-zip-samples-module');
    const { report } = await importLibrary([await openFile(part)], { out: outputFolder(out) });
    assert.deepEqual(withoutOutput(report), withoutOutput(expected));
    assert.deepEqual(tree(out), tree(expectedOut));
    assert.deepEqual(recordLines(out), recordLines(expectedOut));
  });

  test('damaged members and names: each in words as the command line gives them, nothing outside the library, the rest imported', async () => {
    const folder = workFolder('import-zip-damaged');
    const jpeg = readFileSync(sample('camera_sony-dsc-hx5v_mei.jpg'));
    const damagedSidecar = '{"title": "IMG_0001.JPG", "photoTakenTime": {"timestamp": "1273000000"}}';
    const part = writeZip(join(folder, 'parts', 'Damaged.zip'), [
      ['DCIM/IMG_0001.JPG', jpeg, 'stored'],
      ['DCIM/IMG_0001.JPG.json', Buffer.from(damagedSidecar), 'stored'],
      ['DCIM/IMG_0002.JPG', sample('camera_nikon-d1x_mei.jpg'), 'stored'],
      ['DCIM/BOMB.JPG', Buffer.alloc(4 << 20), 'deflated'],
      ['../IMG_0003.JPG', jpeg, 'stored'],
      ['/tmp/IMG_0004.JPG', jpeg, 'stored'],
      ['DCIM/../../notes.txt', Buffer.from('a note'), 'stored'],
      ['DCIM/IMG_0005.JPG', sample('camera_nikon-d1x_mei.jpg'), 'deflated'],
      ['DCIM/IMG_0005.JPG', jpeg, 'stored'],
    ]);
    // IMG_0002's bytes and its sidecar's changed after their CRC-32s were written; BOMB says it holds 1,000 bytes and
    // inflates to 4 MiB.
    const bytes = readFileSync(part);
    bytes[bytes.indexOf(damagedSidecar) + damagedSidecar.indexOf('1273')] = '2'.charCodeAt(0);
    const at = bytes.indexOf(readFileSync(sample('camera_nikon-d1x_mei.jpg')).subarray(0, 64));
    bytes[at + 5000] ^= 0xFF;
    for (let i = bytes.indexOf('DCIM/BOMB.JPG'); i >= 0; i = bytes.indexOf('DCIM/BOMB.JPG', i + 1)) {
      const local = bytes.readUInt32LE(i - 30) === 0x04034b50, field = local ? i - 30 + 22 : i - 46 + 24;
      bytes.writeUInt32LE(1000, field);
    }
    writeFileSync(part, bytes);
    const expectedOut = join(workFolder('import-zip-damaged-cli'), 'Library');
    const expected = await cliImport([part], expectedOut);
    const failed = expected.filter((line) => line.outcome === 'failed').map((line) => `${line.member}: ${line.reason ?? line.error}`);
    assert.ok(failed.some((text) => /IMG_0002.JPG.*CRC-32/.test(text)), failed.join('\n'));
    assert.ok(failed.some((text) => /BOMB.JPG.*zip bomb/.test(text)), failed.join('\n'));
    const problems = expected.at(-1).problems;
    assert.ok(problems.some((text) => /IMG_0001.JPG.json.*CRC-32/.test(text)), problems.join('\n'));

    const out = library('import-zip-damaged-module');
    const { report } = await importLibrary([await openFile(part)], { out: outputFolder(out) });
    assert.deepEqual(withoutOutput(report), withoutOutput(expected));
    assert.deepEqual(tree(out), tree(expectedOut));
    assert.ok(report.some((line) => line.member === 'DCIM/IMG_0001.JPG' && line.outcome === 'written'));
    // Nothing beside the library, nor above it.
    assert.deepEqual(readdirSync(dirname(out)), ['Library']);
    assert.ok(!existsSync('/tmp/IMG_0004.JPG'));
  });

  test('stored members checked as one stream of their part: a read that fails is only the failure of the member it lies in', async () => {
    const { checkMembers } = await import(join(moduleDir, 'zipcheck.js'));
    const { ZipMemberBlob } = await import(join(moduleDir, 'zipmember.js'));
    const { runEngine } = await import(join(moduleDir, 'livephoto.js'));
    const folder = workFolder('import-zip-check-runs');
    const content = [200000, 300000, 250000, 100000].map((size) => randomBytes(size));
    const bytes = (n, seed) => content[seed - 1].subarray(0, n);
    const path = writeZip(join(folder, 'Runs.zip'), [
      ['a.bin', content[0], 'stored'], ['b.bin', content[1], 'stored'], ['empty.bin', Buffer.alloc(0), 'stored'],
      ['c.bin', content[2], 'stored'], ['d.bin', content[3], 'stored'],
    ]);
    const whole = new Blob([readFileSync(path)]);
    // A part whose byte `at` cannot be streamed (a bad place on a disk), read whole otherwise.
    const failingFrom = (at) => {
      const part = (blob, offset) => ({
        size: blob.size, name: 'Runs.zip', lastModified: 0,
        slice: (start = 0, end = blob.size) => part(blob.slice(start, end), offset + start),
        arrayBuffer: () => blob.arrayBuffer(),
        stream: () => {
          let position = offset;
          return blob.stream().pipeThrough(new TransformStream({
            transform(chunk, controller) {
              if (position <= at && position + chunk.length > at) throw new DOMException('the file could not be read', 'NotReadableError');
              position += chunk.length;
              controller.enqueue(chunk);
            },
          }));
        },
      });
      return part(whole, 0);
    };
    const check = async (part) => {
      const listed = (await runEngine('zipMembers', [part], {}, ['Runs.zip'])).report.files;
      const files = listed.map((entry) => new ZipMemberBlob(part, entry));
      const seen = [];
      const failed = await checkMembers(files.map((_, i) => i), files, {}, { progress: ({ done }) => seen.push(done) });
      return { names: listed.map((entry) => entry.path), failed: failed.map(([member, , problem]) => [listed[member].path, problem]), seen };
    };
    const good = await check(failingFrom(Infinity));
    assert.deepEqual(good.failed, []);
    assert.deepEqual(good.seen, [1, 2, 3, 4, 5]);
    // The read fails inside b.bin's bytes (a's and the local headers are fine): b fails, c and d are read alone and pass.
    const data = readFileSync(path);
    const inB = data.indexOf(bytes(64, 2)) + 1000;
    const broken = await check(failingFrom(inB));
    assert.deepEqual(broken.failed, [['b.bin', 'unreadable']]);
    assert.deepEqual(broken.seen, [1, 2, 3, 4, 5]);
    // A progress callback that throws ends the check with its error, and is not taken for a read's failure.
    const listed = (await runEngine('zipMembers', [failingFrom(Infinity)], {}, ['Runs.zip'])).report.files;
    const files = listed.map((entry) => new ZipMemberBlob(failingFrom(Infinity), entry));
    const refusal = new Error('the page is gone');
    await assert.rejects(checkMembers(files.map((_, i) => i), files, {}, { progress: () => { throw refusal; } }), (error) => error === refusal);
  });

  test('a part whose directory is cut off is read from the front, as the command line reads it; one cut in a member, up to it', async () => {
    const [first, second] = cameraParts();
    const folder = workFolder('import-zip-cut');
    // A download cut short in the directory: every member is there, found by its local header.
    const cut = join(folder, 'Camera-002.zip');
    writeFileSync(cut, readFileSync(second));
    truncateSync(cut, statSync(cut).size - 200);
    const expectedOut = join(workFolder('import-zip-cut-cli'), 'Library');
    const expected = await cliImport([first, cut], expectedOut);
    assert.ok(expected.at(-1).problems.some((text) => text.startsWith('Camera-002.zip: its central directory cannot be read (')
      && text.endsWith('; its files were read from the front')), expected.at(-1).problems.join('\n'));
    const out = library('import-zip-cut-module');
    const { report } = await importLibrary([await openFile(first), await openFile(cut)], { out: outputFolder(out) });
    assert.deepEqual(withoutOutput(report), withoutOutput(expected));
    assert.deepEqual(tree(out), tree(expectedOut));
    assert.ok(report.some((line) => line.part === 'Camera-002.zip' && line.outcome === 'merged-into-motion-photo'));

    // Cut inside the Live Photo's movie: the members before it are imported, it fails, and none after it is read.
    const short = join(folder, 'short', 'Camera-002.zip');
    mkdirSync(dirname(short));
    const bytes = readFileSync(second);
    writeFileSync(short, bytes.subarray(0, bytes.indexOf('DCIM/100APPLE/IMG_E0001.MOV') + 100000));
    const cliShort = await cliImport([short], join(workFolder('import-zip-short-cli'), 'Library'));
    const ours = (await importLibrary([await openFile(short)], { out: outputFolder(library('import-zip-short')) })).report;
    const outcomes = (lines) => lines.filter((line) => line.outcome).map((line) => [line.member, line.outcome]);
    assert.deepEqual(outcomes(ours), outcomes(cliShort));
    assert.deepEqual(outcomes(ours).map(([, outcome]) => outcome), ['written', 'failed']);
  });

  test('a part\'s members are located from their local headers read where they lie, the engine\'s 64 KiB each, then imported', async () => {
    // 40 stored photos of 300 KB and more: each local header lies a photo past the last.
    const photo = readFileSync(sample('camera_sony-dsc-hx5v_mei.jpg'));
    const members = Array.from({ length: 40 }, (_, i) => [`DCIM/100APPLE/IMG_${String(i + 1).padStart(4, '0')}.JPG`,
      Buffer.concat([photo, randomBytes(300000), Buffer.from([i])]), 'stored']);
    const part = writeZip(join(workFolder('import-zip-headers'), 'Camera-001.zip'), members);
    // Every read of the part before its members are checked: its directory, the local headers, and the one read of
    // the members' data that checks them.
    const reads = [];
    let checking = false;
    class CountedFile extends File {
      slice(start = 0, end = this.size, type = undefined) {
        if (!checking) reads.push([start, Math.min(end, this.size) - start]);
        return super.slice(start, end, type);
      }
    }
    const counted = new CountedFile([await openAsBlob(part)], 'Camera-001.zip');
    const onProgress = ({ stage }) => { checking ||= stage === 'checking'; };
    const { report } = await importLibrary([counted], { out: outputFolder(library('import-zip-headers')), onProgress });
    assert.equal(report.filter((line) => line.outcome === 'written').length, 40);
    assert.ok(checking, 'the members were checked');
    const dataSize = members.reduce((sum, [, bytes]) => sum + bytes.length, 0);
    const check = reads.filter(([, length]) => length >= dataSize);
    assert.equal(check.length, 1, 'the members\' data is read once, to check it');
    const located = reads.filter((read) => read !== check[0]).reduce((sum, [, length]) => sum + length, 0);
    // The engine reads through a 64 KiB window (RandomAccessFile's), and the part's ends once for its directory; 256
    // KiB around each header and the part's ends each run had been 11.8 MB in all.
    assert.ok(located <= 40 * 64 * 1024 + 2 * 256 * 1024, `${located} bytes of the part read to locate 40 members`);
  });
});
