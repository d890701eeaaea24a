// Zips inside an export read by importLibrary as the command line reads them: an Apple data copy's shared albums (a
// zip stored in its part, one deflated, a zip inside one of those, and one a level deeper, which both keep as another
// file), from the zip parts and from the folder they unpack to (with a file named as a zip that holds none). Each
// gives the library `livephoto import ...` writes: its files byte for byte, its report line for line, its record.
// Run with `node --test Web/test/` after scripts/wasm.sh and swift build (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, test } from 'node:test';
import { folderHandle, join, livephoto, moduleDir, outputFolder, sample, withoutSamples, workFolder } from './support.mjs';
import { cliImport, library, recordLines, tree, withoutOutput, writeZip } from './import-support.mjs';

const { importLibrary, openFile } = livephoto;
const { ReadBuffers, nodeReads } = await import(join(moduleDir, 'readbuffers.js'));

/** A zip's bytes, written with Python's zipfile into `folder` as `name` first. */
const zipBytes = (folder, name, members) => readFileSync(writeZip(join(folder, name), members));

/** Apple's data copy in two parts, its shared albums in zips inside them. */
function dataCopy(label) {
  const folder = workFolder(label);
  const one = 'iCloud Photos Part 1 of 2', two = 'iCloud Photos Part 2 of 2';
  const deepest = zipBytes(folder, 'deepest.zip', [['IMG_0900.JPG', sample('camera_nikon-d1x_mei.jpg'), 'stored']]);
  const inner = zipBytes(folder, 'inner.zip', [
    ['Inner/IMG_0801.JPG', sample('phone_samsung-gt-i9000_mei.jpg'), 'deflated'], ['Inner/Deeper.zip', deepest, 'stored'],
  ]);
  const shared = zipBytes(folder, 'shared.zip', [
    ['My Albums/Trip/IMG_0701.JPG', sample('camera_sony-dsc-hx5v_mei.jpg'), 'stored'],
    ['My Albums/Trip/IMG_0702.HEIC', sample('iphone7-ios12_IMG_2682_immich.heic'), 'deflated'],
    ['My Albums/Trip/AlbumInfo.json', Buffer.from(JSON.stringify({ albumName: 'Trip', creationDate: 'Thursday August 29,2013 7:08 AM GMT',
      photos: [{ name: 'IMG_0701.JPG', dateCreated: 'Thursday August 29,2013 7:08 AM GMT' }] })), 'deflated'],
    ['My Albums/More.zip', inner, 'stored'],
  ]);
  const sharedToo = zipBytes(folder, 'shared-too.zip', [['My Albums/Party/IMG_0751.JPG', sample('camera_nikon-d1x_mei.jpg'), 'deflated']]);
  const first = writeZip(join(folder, `${one}.zip`), [
    [`${one}/Photos/IMG_0404.HEIC`, sample('iphone_IMG_3853_gwy15.HEIC'), 'stored'],
    [`${one}/Photos/IMG_0404.MOV`, sample('iphone_IMG_3853_gwy15.MOV'), 'stored'],
    [`${one}/iCloud Shared Albums.zip`, shared, 'stored'],
  ]);
  const second = writeZip(join(folder, `${two}.zip`), [
    [`${two}/Photos/IMG_0501.JPG`, sample('phone_samsung-gt-i9000_mei.jpg'), 'deflated'],
    [`${two}/iCloud Shared Albums-1.zip`, sharedToo, 'deflated'],
  ]);
  return [first, second];
}

/** The command line's library and the module's from the same export, compared whole. */
async function sameLibrary(cliInputs, moduleInputs, label, folder = null) {
  const named = (text) => (folder ? text.split(realpathSync(folder)).join(basename(folder)).split(folder).join(basename(folder)) : text);
  const expectedOut = join(workFolder(`${label}-cli`), 'Library');
  const expected = JSON.parse(named(JSON.stringify(await cliImport(cliInputs, expectedOut, ['--albums', 'json']))));
  const out = library(`${label}-module`);
  const { report } = await importLibrary(moduleInputs, { out: outputFolder(out), albums: 'json' });
  assert.deepEqual(withoutOutput(report), withoutOutput(expected));
  assert.deepEqual(tree(out), tree(expectedOut));
  assert.deepEqual(recordLines(out), recordLines(expectedOut).map(named).sort());
  return expected;
}

describe('zips inside an export', { skip: withoutSamples }, () => {
  test('an Apple data copy\'s shared albums, stored and deflated, a zip in one: the command line\'s library', async () => {
    const parts = dataCopy('import-zips');
    const expected = await sameLibrary(parts, await Promise.all(parts.map(openFile)), 'import-zips');
    const written = expected.filter((line) => line.outcome === 'written').map((line) => line.member);
    for (const member of ['iCloud Shared Albums.zip/My Albums/Trip/IMG_0701.JPG', 'iCloud Shared Albums.zip/My Albums/Trip/IMG_0702.HEIC',
      'iCloud Shared Albums.zip/My Albums/More.zip/Inner/IMG_0801.JPG', 'iCloud Shared Albums-1.zip/My Albums/Party/IMG_0751.JPG']) {
      assert.ok(written.some((path) => path.endsWith(member)), `${member} is written: ${JSON.stringify(written)}`);
    }
    const others = expected.filter((line) => line.type === 'non-media').map((line) => [line.member, line.reason]);
    assert.ok(others.some(([member, reason]) => member.endsWith('iCloud Shared Albums.zip') && /whose files were read/.test(reason)),
      JSON.stringify(others));
    assert.ok(others.some(([member]) => member.endsWith('More.zip/Inner/Deeper.zip')), 'a zip three deep is kept as another file');
    assert.ok(!JSON.stringify(expected).includes('not in a browser'), 'no zip is left unread');
  });

  test('the same export unpacked into a folder: its zips read where they are, the command line\'s library', async () => {
    const folder = join(workFolder('import-zips-folder'), 'Export');
    mkdirSync(folder);
    for (const part of dataCopy('import-zips-folder-parts')) execFileSync('unzip', ['-qo', part, '-d', folder]);
    // A file named as a zip that holds none: read from the front as far as it goes, and said so, as the command line does.
    writeFileSync(join(folder, 'Broken.zip'), 'hello, not a zip');
    const expected = await sameLibrary([folder], folderHandle(folder), 'import-zips-folder', folder);
    assert.ok(expected.at(-1).problems.some((problem) => problem.startsWith('Export: Broken.zip: no local file header')), expected.at(-1).problems);
  });

  test('both, read as a browser reads them (headers through the library\'s buffers, used again): the same library', async () => {
    const counts = { take: 0, given: 0 };
    const { take, give } = ReadBuffers.prototype;
    ReadBuffers.prototype.take = function (length) { counts.take += 1; return take.call(this, length); };
    ReadBuffers.prototype.give = function (buffers) { counts.given += buffers.length; return give.call(this, buffers); };
    nodeReads.throughBuffers = true;
    try {
      const parts = dataCopy('import-zips-buffers');
      await sameLibrary(parts, await Promise.all(parts.map(openFile)), 'import-zips-buffers');
      const folder = join(workFolder('import-zips-buffers-folder'), 'Export');
      mkdirSync(folder);
      for (const part of parts) execFileSync('unzip', ['-qo', part, '-d', folder]);
      await sameLibrary([folder], folderHandle(folder), 'import-zips-buffers-folder', folder);
    } finally {
      nodeReads.throughBuffers = false;
      Object.assign(ReadBuffers.prototype, { take, give });
    }
    // The runs read through the buffers, and gave them back.
    assert.ok(counts.take > 20 && counts.given > 20, JSON.stringify(counts));
  });
});
