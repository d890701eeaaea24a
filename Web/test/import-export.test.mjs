// An export with sidecars imported by importLibrary: a Google Takeout (JSON beside each file, an album's metadata,
// the trash, a cut sidecar name, a sidecar no file takes, one that is no JSON, a Motion Photo whose video is beside
// it), an Apple data copy (Photo Details CSV files, an album's list, a hidden and a deleted photo), from zip parts and
// from the folder they unpack to, and a folder of icloudpd's XMP and osxphotos' exiftool JSON sidecars. Each gives
// the library `livephoto import ...` writes with the same flags: its files byte for byte (the sidecars' dates, places,
// captions, keywords and people written into them), its report line for line, its record and albums.json.
// Run with `node --test Web/test/` after scripts/wasm.sh and swift build (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, test } from 'node:test';
import { clip, fileSink, folderHandle, join, livephoto, outputFolder, photo, sample, samples, withoutSamples, workFolder } from './support.mjs';
import { cliImport, library, recordLines, tree, withoutOutput, writeZip } from './import-support.mjs';

const { importLibrary, openFile } = livephoto;
const google = 'Takeout/Google Photos';

/** A media sidecar as Google writes one. */
function sidecar(title, time, extra = {}) {
  return Buffer.from(JSON.stringify({
    title, creationTime: { timestamp: '1764000000', formatted: 'x' },
    photoTakenTime: { timestamp: String(time), formatted: 'whenever' }, ...extra,
  }));
}

const place = (latitude, longitude) => {
  const where = { latitude, longitude, altitude: 35.0, latitudeSpan: 0.0, longitudeSpan: 0.0 };
  return { geoData: where, geoDataExif: where };
};

/** A sidecar's name as Google cuts it: the first 46 UTF-16 units of NAME.supplemental-metadata, then `.json`. */
const sidecarName = (name) => `${`${name}.supplemental-metadata`.slice(0, 46)}.json`;

/** A Takeout in two zip parts, the first mostly stored, the second deflated. */
function takeout() {
  const folder = workFolder('import-takeout');
  const y2023 = `${google}/Photos from 2023`, y2022 = `${google}/Photos from 2022`, y2021 = `${google}/Photos from 2021`;
  const album = `${google}/Holiday in Paris`, pixel = 'PXL_20220101_120000123.MP.jpg', gone = 'PXL_20220202_120000456.MP.jpg';
  const synthetic = readFileSync(sample('libmphoto_motion_photo_v1_synthetic.jpg'));
  const first = writeZip(join(folder, 'takeout-20261206T000000Z-001.zip'), [
    [`${y2023}/IMG_0001.HEIC`, sample('iphone_IMG_3853_gwy15.HEIC'), 'stored'],
    [`${y2023}/IMG_0001.HEIC.supplemental-metadata.json`, sidecar('IMG_0001.HEIC', 1690000000, {
      ...place(51.5007, -0.1246), description: 'Westminster at noon', people: [{ name: 'Ada' }, { name: 'Grace' }],
    }), 'deflated'],
    [`${y2023}/IMG_0001.MOV`, sample('iphone_IMG_3853_gwy15.MOV'), 'stored'],
    [`${y2023}/IMG_0001.MOV.supplemental-metadata.json`, sidecar('IMG_0001.MOV', 1690000000), 'stored'],
    [`${y2022}/DSC_0002.JPG`, sample('camera_nikon-d1x_mei.jpg'), 'stored'],
    [`${y2022}/DSC_0002.JPG.supplemental-metadata.json`, sidecar('DSC_0002.JPG', 1641038400, { favorited: true }), 'stored'],
    [`${album}/metadata.json`, Buffer.from(JSON.stringify({ title: 'Holiday in Paris ✈︎', description: '', access: 'protected' })), 'deflated'],
    [`${album}/DSC_0002.JPG`, sample('camera_nikon-d1x_mei.jpg'), 'deflated'],
    [`${album}/DSC_0002.JPG.supplemental-metadata.json`, sidecar('DSC_0002.JPG', 1641038400, { favorited: true }), 'deflated'],
    ['Takeout/archive_browser.html', Buffer.from('<!doctype html><title>Takeout</title>\n'), 'deflated'],
  ]);
  const second = writeZip(join(folder, 'takeout-20261206T000000Z-002.zip'), [
    [`${y2022}/${pixel}`, sample('androidx-media_pixel-motion-photo-shortened.jpg'), 'deflated'],
    [`${y2022}/${sidecarName(pixel)}`, sidecar(pixel, 1641038400, place(48.8584, 2.2945)), 'deflated'],
    [`${google}/Trash/IMG_0003.JPG`, sample('camera_sony-dsc-hx5v_mei.jpg'), 'deflated'],
    [`${google}/Trash/IMG_0003.JPG.supplemental-metadata.json`, sidecar('IMG_0003.JPG', 1600000000, { trashed: true }), 'deflated'],
    [`${y2021}/IMG_0005.JPG`, sample('phone_samsung-gt-i9000_mei.jpg'), 'deflated'],
    [`${y2021}/IMG_0005.JPG.supplemental-metadata.json`, sidecar('IMG_0005.JPG', 1612345678, {
      ...place(-33.8568, 151.2153), description: 'Sydney',
    }), 'deflated'],
    [`${y2021}/IMG_0006.JPG`, photo('320x240'), 'deflated'],
    [`${y2021}/IMG_0006.JPG.supplemental-metadata.json`, sidecar('IMG_0006.JPG', 1612400000, place(35.6586, 139.7454)), 'deflated'],
    [`${y2021}/VID_0007.MP4`, clip({ container: 'mp4', seconds: 1 }), 'deflated'],
    [`${y2021}/VID_0007.MP4.supplemental-metadata.json`, sidecar('VID_0007.MP4', 1612500000), 'stored'],
    [`${y2021}/IMG_0009.JPG.supplemental-metadata.json`, sidecar('IMG_0009.JPG', 1612345679), 'deflated'],
    [`${y2021}/notes.json`, Buffer.from('{"title": "cut off'), 'deflated'],
    [`${album}/${pixel}`, sample('androidx-media_pixel-motion-photo-shortened.jpg'), 'stored'],
    // A Motion Photo whose embedded video is gone (cut off), and its video beside it as Google writes it: one again.
    [`${y2022}/${gone}`, synthetic.subarray(0, synthetic.length - 122562 + 100), 'deflated'],
    [`${y2022}/PXL_20220202_120000456.MP`, clip({ container: 'mp4', seconds: 2 }), 'deflated'],
    [`${y2022}/${sidecarName(gone)}`, sidecar(gone, 1643803200), 'deflated'],
  ]);
  return [first, second];
}

/** A date as Apple writes it in a data copy's CSV files: `Thursday August 29,2013 7:08 AM GMT`. */
function appleDate(seconds) {
  const d = new Date(seconds * 1000);
  const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const hour = d.getUTCHours(), minute = d.getUTCMinutes();
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${minute < 10 ? '0' : ''}${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${weekdays[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${d.getUTCDate()},${d.getUTCFullYear()} ${clock} GMT`;
}

/** A Photo Details CSV: `rows` are `[name, favorite, hidden, deleted, created seconds]`. */
function photoDetails(rows) {
  const lines = rows.map(([name, favorite, hidden, deleted, created], i) => [
    name, `AQ${String(i).padStart(26, 'x')}`, favorite ? 'yes' : 'no', hidden ? 'yes' : 'no', deleted ? 'yes' : 'no',
    `"${appleDate(created)}"`, '0', `"${appleDate(1764000000)}"`,
  ].join(','));
  return Buffer.from(['imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate', ...lines, ''].join('\n'));
}

/** Apple's data copy of iCloud Photos in two zip parts. */
function dataCopy() {
  const folder = workFolder('import-icloud');
  const one = 'iCloud Photos Part 1 of 2', two = 'iCloud Photos Part 2 of 2';
  const first = writeZip(join(folder, `${one}.zip`), [
    [`${one}/Photos/IMG_0404.HEIC`, sample('iphone_IMG_3853_gwy15.HEIC'), 'stored'],
    [`${one}/Photos/IMG_0404.MOV`, sample('iphone_IMG_3853_gwy15.MOV'), 'stored'],
    [`${one}/Photos/IMG_0403.JPG`, sample('camera_sony-dsc-hx5v_mei.jpg'), 'deflated'],
    [`${one}/Photos/Photo Details.csv`, photoDetails([
      ['IMG_0403.JPG', true, false, false, 1377760080], ['IMG_0404.HEIC', false, false, false, 1522604700],
      ['IMG_0404.MOV', false, false, false, 1522604700],
    ]), 'deflated'],
    [`${one}/Albums/Trip.csv`, Buffer.from('Images\nIMG_0403.JPG\nIMG_0404.HEIC\n'), 'deflated'],
    [`${one}/Albums/Favorites.csv`, Buffer.from('imgName\nIMG_0403.JPG\n'), 'deflated'],
  ]);
  const second = writeZip(join(folder, `${two}.zip`), [
    [`${two}/Photos/IMG_0501.JPG`, sample('phone_samsung-gt-i9000_mei.jpg'), 'deflated'],
    [`${two}/Photos/IMG_0502.JPG`, sample('camera_nikon-d1x_mei.jpg'), 'deflated'],
    [`${two}/Photos/IMG_0503.JPG`, sample('iphone7-ios12_IMG_2682_immich.heic'), 'deflated'],
    [`${two}/Photos/Photo Details-1.csv`, photoDetails([
      ['IMG_0501.JPG', false, true, false, 1300000000], ['IMG_0502.JPG', false, false, true, 1400000000],
    ]), 'deflated'],
  ]);
  return [first, second];
}

/** `parts` unzipped into one folder, as a Takeout's parts are extracted side by side. */
function unzipped(parts, label) {
  const folder = join(workFolder(label), 'Takeout-extracted');
  mkdirSync(folder);
  for (const part of parts) execFileSync('unzip', ['-qo', part, '-d', folder]);
  return folder;
}

/**
 * The library the command line and the browser write from `inputs` with `flags`, compared whole; a folder given to the
 * command line by its path (`folder`) is named by its name in the browser.
 */
async function sameLibrary(cliInputs, browserInputs, flags, cliFlags, label, folder = null) {
  const named = (text) => (folder ? text.split(realpathSync(folder)).join(basename(folder)).split(folder).join(basename(folder)) : text);
  const expectedOut = join(workFolder(`${label}-cli`), 'Library');
  const expected = JSON.parse(named(JSON.stringify(await cliImport(cliInputs, expectedOut, cliFlags))));
  const out = library(`${label}-module`);
  const { report } = await importLibrary(await browserInputs(), { out: outputFolder(out), ...flags });
  assert.deepEqual(withoutOutput(report), withoutOutput(expected));
  assert.deepEqual(tree(out), tree(expectedOut));
  assert.deepEqual(recordLines(out), recordLines(expectedOut).map(named).sort());
  return { expected, expectedOut, report, out };
}

describe('importLibrary of an export with sidecars', { skip: withoutSamples }, () => {
  test('a Takeout\'s zip parts: the sidecars written into the files, the trash left out, albums.json, as the command line', async () => {
    const parts = takeout();
    const { expected, expectedOut } = await sameLibrary(parts, () => Promise.all(parts.map(openFile)), { albums: 'json' },
      ['--albums', 'json'], 'import-takeout');
    const wrote = expected.filter((line) => line.wrote?.length > 0).map((line) => line.wrote.join(','));
    for (const field of ['date', 'place', 'description', 'people', 'rating']) assert.ok(wrote.some((w) => w.includes(field)), `${field}: ${wrote}`);
    assert.ok(expected.some((line) => line.outcome === 'skipped' && /trash|deleted/i.test(line.reason ?? '')), 'the trash is left out');
    assert.ok(expected.some((line) => line.notes?.includes('its separate video was embedded byte for byte')), 'a lost video embedded again');
    const albums = JSON.parse(readFileSync(join(expectedOut, 'albums.json'), 'utf8'));
    assert.equal(albums[0].title, 'Holiday in Paris ✈︎');

    // By default the browser keeps albums as albums.json (it makes no links): the command line's list.
    const out = library('import-takeout-default');
    await importLibrary(await Promise.all(parts.map(openFile)), { out: outputFolder(out) });
    assert.equal(readFileSync(join(out, 'albums.json'), 'utf8'), readFileSync(join(expectedOut, 'albums.json'), 'utf8'));

    // Into one zip: it tests whole, unpacks to the library, and each entry is dated as the command line dates the file.
    const zipped = join(workFolder('import-takeout-zip'), 'Library.zip');
    const intoZip = await importLibrary(await Promise.all(parts.map(openFile)), { out: fileSink(zipped), albums: 'json' });
    assert.deepEqual(withoutOutput(intoZip.report), withoutOutput(expected));
    execFileSync('unzip', ['-tq', zipped]);
    const unpacked = workFolder('import-takeout-unzipped');
    execFileSync('unzip', ['-q', zipped, '-d', unpacked]);
    assert.deepEqual(tree(unpacked), tree(expectedOut));
    for (const path of Object.keys(tree(expectedOut)).filter((p) => p !== 'albums.json')) {
      assert.equal(Math.floor(statSync(join(unpacked, path)).mtimeMs / 1000), Math.floor(statSync(join(expectedOut, path)).mtimeMs / 1000), path);
    }
  });

  test('a Takeout extracted to a folder, with --prefer-json: the command line\'s library', async () => {
    const folder = unzipped(takeout(), 'import-takeout-folder');
    await sameLibrary([folder], async () => [folderHandle(folder)], { albums: 'json', preferJson: true },
      ['--albums', 'json', '--prefer-json'], 'import-takeout-folder', folder);
  });

  test('an Apple data copy\'s zip parts: dates from Photo Details, albums from its lists, the hidden and the deleted', async () => {
    const parts = dataCopy();
    const { expected } = await sameLibrary(parts, () => Promise.all(parts.map(openFile)), { albums: 'json' },
      ['--albums', 'json'], 'import-icloud');
    assert.ok(expected.some((line) => line.outcome === 'skipped' && /trash|deleted/i.test(line.reason ?? '')), JSON.stringify(expected));
    assert.ok(expected.some((line) => line.output?.startsWith('Hidden/')), 'the hidden photo goes under Hidden/');
  });

  test('an icloudpd folder\'s XMP sidecars and an osxphotos folder\'s exiftool JSON: the command line\'s library', async () => {
    const folder = join(workFolder('import-xmp'), 'Photos');
    const day = join(folder, '2021', '02', '03');
    mkdirSync(day, { recursive: true });
    copyFileSync(photo('320x240'), join(day, 'IMG_0006.JPG'));
    writeFileSync(join(day, 'IMG_0006.JPG.xmp'), `<?xml version="1.0" encoding="UTF-8"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/"
 xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">Shrine at dawn</rdf:li></rdf:Alt></dc:description>
<dc:subject><rdf:Bag><rdf:li>travel</rdf:li><rdf:li>japan</rdf:li></rdf:Bag></dc:subject>
<photoshop:DateCreated>2021-02-03T06:05:04+09:00</photoshop:DateCreated>
<exif:GPSLatitude>35,0.7N</exif:GPSLatitude><exif:GPSLongitude>135,46.4E</exif:GPSLongitude>
<xmp:Rating>5</xmp:Rating>
</rdf:Description></rdf:RDF></x:xmpmeta>
`);
    copyFileSync(sample('camera_sony-dsc-hx5v_mei.jpg'), join(day, 'IMG_0007.JPG'));
    writeFileSync(join(day, 'IMG_0007.JPG.json'), JSON.stringify([{
      SourceFile: 'IMG_0007.JPG', 'EXIF:DateTimeOriginal': '2021:02:03 10:00:00', 'EXIF:OffsetTimeOriginal': '+09:00',
      'XMP:Description': 'Kyoto', 'XMP:PersonInImage': ['Ada'], 'XMP:Rating': 5,
    }]));
    const { expected } = await sameLibrary([folder], async () => [folderHandle(folder)], { preferJson: true }, ['--prefer-json'],
      'import-xmp', folder);
    assert.ok(expected.filter((line) => line.sidecar).length === 2, JSON.stringify(expected));
    assert.ok(expected.some((line) => line.wrote?.includes('keywords')), JSON.stringify(expected));
  });

  test('every real sample with a sidecar, in a deflated Takeout part, first try: written into as the command line writes it', async () => {
    const names = readdirSync(samples).filter((name) => !name.endsWith('.md')).sort();
    const members = names.flatMap((name, i) => [
      [`${google}/Photos from 2020/${name}`, join(samples, name), 'deflated'],
      [`${google}/Photos from 2020/${sidecarName(name)}`, sidecar(name, 1590000000 + i * 3600, {
        ...place(45.4 + i / 100, 12.3), description: `Sample ${i}`, people: [{ name: 'Ada' }],
      }), 'deflated'],
    ]);
    const part = writeZip(join(workFolder('import-samples'), 'takeout-samples-001.zip'), members);
    for (const flags of [[], ['--prefer-json']]) {
      const { expected } = await sameLibrary([part], async () => [await openFile(part)], { preferJson: flags.length > 0 }, flags,
        `import-samples${flags.length}`);
      const media = expected.filter((line) => line.outcome);
      assert.ok(media.length === names.length && media.every((line) => line.outcome !== 'failed'), JSON.stringify(media));
      // All but the movie (its own date kept) and the HEIC Motion Photos (whose XMP has no room) take the sidecar's facts.
      assert.ok(media.filter((line) => line.wrote.length > 0).length >= names.length - 3, JSON.stringify(media.map((l) => l.wrote)));
    }
  });

  test('a Takeout resumed across the shells: nothing written twice', async () => {
    const [first, second] = takeout();
    const expectedOut = join(workFolder('import-takeout-resume-cli'), 'Library');
    await cliImport([first], expectedOut, ['--albums', 'json']);
    const resumed = await cliImport([first, second], expectedOut, ['--albums', 'json']);
    const out = library('import-takeout-resume');
    await importLibrary([await openFile(first)], { out: outputFolder(out), albums: 'json' });
    const cli = await cliImport([first, second], out, ['--albums', 'json']);
    assert.deepEqual(withoutOutput(cli), withoutOutput(resumed));
    assert.deepEqual(tree(out), tree(expectedOut));
    assert.deepEqual(recordLines(out), recordLines(expectedOut));
  });
});
