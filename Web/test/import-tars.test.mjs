// A Google Takeout downloaded as tar parts (`.tgz`, `.tar`) imported by importLibrary as the command line imports it:
// the tar listed where it lies, the tgz inflated first, each file a slice; names past a ustar header's 100 bytes (pax
// and GNU), a name that leads out of the folder, a folder entry and a link passed over; a tar and a tgz cut short inside a
// file.
// Each gives the library `livephoto import ...` writes: its files byte for byte, its report line for line, its record.
// Run with `node --test Web/test/` after scripts/wasm.sh and swift build (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { join, livephoto, outputFolder, sample, samples, withoutSamples, workFolder } from './support.mjs';
import { cliImport, library, recordLines, tree, withoutOutput } from './import-support.mjs';

const { importLibrary, openFile } = livephoto;

/**
 * Writes a tar at `path` with Python's tarfile (`format`: "pax" or "gnu"; gzipped where `path` ends in `.tgz`):
 * `entries` are `[name, a sample's path or bytes]`, or `[name, null, "folder" or "link"]`.
 */
function writeTar(path, entries, format = 'pax') {
  const listing = `${path}.entries.json`;
  writeFileSync(listing, JSON.stringify(entries.map(([name, from, kind]) => [name, typeof from === 'string' ? from : null,
    from && typeof from !== 'string' ? Buffer.from(from).toString('base64') : null, kind ?? 'file'])));
  execFileSync('python3', ['-c', `
import base64, io, json, sys, tarfile
path, listing, form = sys.argv[1:4]
with tarfile.open(path, 'w:gz' if path.endswith('.tgz') else 'w', format=tarfile.PAX_FORMAT if form == 'pax' else tarfile.GNU_FORMAT) as t:
    for name, source, data, kind in json.load(open(listing)):
        info = tarfile.TarInfo(name)
        info.mtime = 1700000000
        if kind == 'folder':
            info.type = tarfile.DIRTYPE
            t.addfile(info)
        elif kind == 'link':
            info.type = tarfile.SYMTYPE
            info.linkname = 'IMG_3853.HEIC'
            t.addfile(info)
        else:
            body = open(source, 'rb').read() if source else base64.b64decode(data)
            info.size = len(body)
            t.addfile(info, io.BytesIO(body))
`, path, listing, format]);
  return path;
}

const photos = 'Takeout/Google Photos/Photos from 2019';
const long = `${photos}/A folder whose name runs on past the hundred bytes a ustar header holds for a name, as albums do`;
const sidecar = (title, seconds) => Buffer.from(JSON.stringify({ title, photoTakenTime: { timestamp: String(seconds) } }));

/** A Takeout in two parts: the first a tgz, the second a tar (pax or GNU names). */
function takeout(label, format) {
  const folder = workFolder(label);
  const first = writeTar(join(folder, 'takeout-20240101T000000Z-001.tgz'), [
    [`${photos}`, null, 'folder'],
    [`${photos}/IMG_3853.HEIC`, sample('iphone_IMG_3853_gwy15.HEIC')],
    [`${photos}/IMG_3853.MOV`, sample('iphone_IMG_3853_gwy15.MOV')],
    [`${photos}/IMG_3853.HEIC.supplemental-metadata.json`, sidecar('IMG_3853.HEIC', 1560000000)],
    [`${photos}/link.HEIC`, null, 'link'],
    ['../outside.jpg', Buffer.from('not a photo')],
  ], format);
  const second = writeTar(join(folder, 'takeout-20240101T000000Z-002.tar'), [
    [`${long}/PXL_20190601.MP.jpg`, sample('androidx-media_pixel-motion-photo-shortened.jpg')],
    [`${long}/metadata.json`, Buffer.from(JSON.stringify({ title: 'A folder' }))],
    [`${photos}/DSC_0001.JPG`, sample('camera_nikon-d1x_mei.jpg')],
    [`${photos}/DSC_0001.JPG.supplemental-metadata.json`, sidecar('DSC_0001.JPG', 1200000000)],
  ], format);
  return [first, second];
}

/** The command line's library and the module's from the same parts, compared whole (albums as their list, as a browser
 * writes them). */
async function sameLibrary(parts, label) {
  const expectedOut = join(workFolder(`${label}-cli`), 'Library');
  const expected = await cliImport(parts, expectedOut, ['--albums', 'json']);
  const out = library(`${label}-module`);
  const { report } = await importLibrary(await Promise.all(parts.map(openFile)), { out: outputFolder(out), albums: 'json' });
  assert.deepEqual(withoutOutput(report), withoutOutput(expected));
  assert.deepEqual(tree(out), tree(expectedOut));
  assert.deepEqual(recordLines(out), recordLines(expectedOut));
  return expected;
}

describe('an export\'s tar parts', { skip: withoutSamples }, () => {
  for (const format of ['pax', 'gnu']) {
    test(`a Takeout as a tgz and a tar (${format} names): the command line's library`, async () => {
      const expected = await sameLibrary(takeout(`import-tars-${format}`, format), `import-tars-${format}`);
      const outcomes = Object.fromEntries(expected.filter((line) => line.member).map((line) => [line.member, line.outcome]));
      assert.equal(outcomes[`${photos}/IMG_3853.HEIC`], 'paired-live-photo', JSON.stringify(expected));
      assert.equal(outcomes[`${long}/PXL_20190601.MP.jpg`], 'written', 'a name past 100 bytes is read whole');
      assert.equal(outcomes['../outside.jpg'], 'failed', 'a name that leads out of the folder is not read');
      assert.ok(!Object.keys(outcomes).some((member) => member.endsWith('link.HEIC')), 'a link is passed over');
    });
  }

  test('every real sample in a tgz, under a Takeout\'s folder: the command line\'s library', async () => {
    const names = readdirSync(samples).filter((name) => name !== 'PROVENANCE.md').sort();
    const tgz = writeTar(join(workFolder('import-tars-samples'), 'takeout-20240101T000000Z-001.tgz'),
      names.map((name) => [`${photos}/${name}`, sample(name)]));
    const expected = await sameLibrary([tgz], 'import-tars-samples');
    const members = expected.filter((line) => line.member).map((line) => line.member.split('/').pop());
    assert.deepEqual([...new Set(members)].sort(), names, 'every sample is accounted for');
    assert.ok(!expected.some((line) => line.outcome === 'failed'), JSON.stringify(expected.filter((line) => line.outcome === 'failed')));
  });

  test('a tar cut short inside a file: the files before it, the cut one failed, the part\'s problem, as the command line', async () => {
    const [, tar] = takeout('import-tars-cut', 'pax');
    const bytes = readFileSync(tar);
    const cut = join(workFolder('import-tars-cut-part'), 'takeout-20240101T000000Z-002.tar');
    // Inside the Motion Photo's bytes, the second file's, past its header.
    writeFileSync(cut, bytes.subarray(0, 1536 + 600));
    const expected = await sameLibrary([cut], 'import-tars-cut');
    const summary = expected.find((line) => line.type === 'summary');
    assert.match(summary.problems.join('\n'), /is cut short.*the files after that point were not read/, JSON.stringify(summary));
    assert.ok(expected.some((line) => line.outcome === 'failed' && /cut short/.test(line.reason)), JSON.stringify(expected));
  });

  test('a tgz cut short (a download stopped): the files inflated before the cut, in the command line\'s words', async () => {
    const [tgz] = takeout('import-tars-cut-tgz', 'pax');
    const bytes = readFileSync(tgz);
    const cut = join(workFolder('import-tars-cut-tgz-part'), 'takeout-20240101T000000Z-001.tgz');
    // Inside the movie, the second file: its still is written, the movie fails.
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    const expected = await sameLibrary([cut], 'import-tars-cut-tgz');
    const summary = expected.find((line) => line.type === 'summary');
    assert.deepEqual(summary.problems.filter((text) => /gzip/.test(text)),
      ['takeout-20240101T000000Z-001.tgz: the gzip stream is cut short: member 1 does not end; the files after that point were not read']);
    assert.ok(expected.some((line) => line.outcome === 'written'), 'the files before the cut are written');
  });

  test('a stop while a tgz is inflated: the import rejects with the stop, and the next run imports it whole', async () => {
    const [tgz] = takeout('import-tars-stop', 'pax');
    const controller = new AbortController();
    const stages = [];
    const onProgress = ({ stage }) => {
      stages.push(stage);
      if (stage === 'inflating') controller.abort();
    };
    const out = library('import-tars-stop-module');
    await assert.rejects(importLibrary([await openFile(tgz)], { out: outputFolder(out), signal: controller.signal, onProgress }),
      (error) => error.name === 'AbortError');
    assert.deepEqual([...new Set(stages)], ['inflating'], 'it stopped while inflating');
    assert.deepEqual(tree(out), {}, 'nothing written');
    await sameLibrary([tgz], 'import-tars-stop-again');
  });

  // A browser's DecompressionStream reads one gzip member (Google writes one): Node's, as here, reads them all.
  test('a tgz in two gzip members (as cat joins them), and one with bytes after its end: the command line\'s library', async () => {
    const [tgz] = takeout('import-tars-members', 'pax');
    const tar = gunzipSync(readFileSync(tgz));
    const folder = workFolder('import-tars-members-parts');
    const joined = join(folder, 'takeout-20240101T000000Z-001.tgz'), padded = join(folder, 'takeout-20240101T000000Z-002.tgz');
    const half = 512 * Math.floor(tar.length / 1024);
    writeFileSync(joined, Buffer.concat([gzipSync(tar.subarray(0, half)), gzipSync(tar.subarray(half))]));
    writeFileSync(padded, Buffer.concat([gzipSync(tar), Buffer.alloc(700)]));
    const expected = await sameLibrary([joined], 'import-tars-members');
    assert.deepEqual(expected.find((line) => line.type === 'summary').problems, []);
    const after = await sameLibrary([padded], 'import-tars-padded');
    assert.deepEqual(after.find((line) => line.type === 'summary').problems, []);
  });
});
