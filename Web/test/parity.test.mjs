// Parity: the WebAssembly engine and the command line, given the same files and options, write the same files byte
// for byte and the same report (the command line's --json, with file names for paths), or fail with the same words
// and exit code. Run with `node --test Web/test/` after scripts/wasm.sh and swift build (scripts/test.sh does both).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, test } from 'node:test';
import {
  basename, cliError, clip, join, livephoto, photo, runCLI, sample, samples, sha256, sha256File, withoutFolders, withoutSamples, workFolder,
} from './support.mjs';
import { invoke } from './invoke.mjs';

const id = '71DCA213-5710-4A6C-BC6D-CE6306AEB8D8';
const { openFile, LivePhotoError } = livephoto;

// With LIVEPHOTO_PARITY_CASES=FILE, every case is written there as it was checked (its inputs, operation, options
// and what the command line gave), for the browser to replay (Tests/Browser/engine_parity.py).
const cases = [];
if (process.env.LIVEPHOTO_PARITY_CASES) {
  process.on('exit', () => writeFileSync(process.env.LIVEPHOTO_PARITY_CASES, JSON.stringify(cases)));
}

/**
 * Runs `args` through the command line (with `--out` and `--json` where it writes) and `[operation, options]` through
 * the module on the same inputs, and asserts they agree: the same report, the same files and bytes, or the same error
 * and code.
 */
async function agree(args, inputs, [operation, options = {}], { writes = true } = {}) {
  const engine = (files) => invoke(livephoto, operation, files, options);
  const out = workFolder('cli');
  const cli = await runCLI([...args, ...inputs, ...(writes ? ['--out', out] : []), '--json']);
  const folders = [out, samples, ...new Set(inputs.map(dirname))];
  const opened = await Promise.all(inputs.map(openFile));
  let result, failure;
  try {
    result = await engine(opened);
  } catch (error) {
    if (!(error instanceof LivePhotoError)) throw error;
    failure = error;
  }
  const cliFailed = cli.json === undefined || cli.json.error !== undefined;
  if (cliFailed) {
    assert.ok(failure, `the command line failed (${cli.code}: ${cliError(cli)}) but the engine did not`);
    assert.equal(failure.message, withoutFolders(cli.json?.error ?? cliError(cli), folders));
    assert.equal(failure.code, cli.code);
    cases.push({ inputs, operation, options, error: { message: failure.message, code: failure.code } });
    return { cli, failure };
  }
  assert.ok(!failure, `the engine failed (${failure?.code}: ${failure?.message}) but the command line did not`);
  assert.deepEqual(result.report, withoutFolders(cli.json, folders));
  const written = writes ? readdirSync(out).sort() : [];
  assert.deepEqual(result.files.map((f) => f.name).sort(), written);
  const digests = [];
  for (const file of result.files) {
    const digest = sha256File(join(out, file.name));
    assert.equal(await sha256(file.blob), digest, `${file.name}: the bytes differ`);
    digests.push({ name: file.name, sha256: digest });
  }
  cases.push({ inputs, operation, options, report: result.report, files: digests });
  return { cli, result };
}

describe('inspect and verify', () => {
  test('every sample, alone', { skip: withoutSamples }, async () => {
    for (const name of readdirSync(samples).filter((n) => !n.endsWith('.md'))) {
      await agree(['inspect'], [sample(name)], ['inspect'], { writes: false });
    }
  });

  test('the iPhone pair: inspect says they pair, verify passes', { skip: withoutSamples }, async () => {
    const pair = [sample('iphone_IMG_3853_gwy15.HEIC'), sample('iphone_IMG_3853_gwy15.MOV')];
    const { result } = await agree(['inspect'], pair, ['inspect'], { writes: false });
    assert.equal(result.report.pair.paired, true);
    const verified = await agree(['verify'], pair, ['verify'], { writes: false });
    assert.equal(verified.result.report.passed, true);
  });

  test('made clips: H.264 and HEVC, QuickTime and MP4, with and without sound', async () => {
    for (const spec of [{}, { codec: 'hevc', container: 'mp4' }, { audio: false, fps: 24 }]) {
      await agree(['inspect'], [clip(spec)], ['inspect'], { writes: false });
    }
  });

  test('a photo and a movie that are not a Live Photo: verify fails the same checks', async () => {
    const { result } = await agree(['verify'], [photo(), clip()], ['verify'], { writes: false });
    assert.equal(result.report.passed, false);
  });
});

describe('make', () => {
  test('a JPEG and an H.264 movie, a cover and an identifier given', async () => {
    const { result } = await agree(['make', '--cover', '1.5', '--id', id], [photo(), clip()], ['make', { cover: 1.5, id }]);
    assert.deepEqual(result.files.map((f) => f.name), ['clip-h264-aac-3s-30fps-320x240.JPG', 'clip-h264-aac-3s-30fps-320x240.MOV']);
  });

  test('an HEVC MP4 and a name, the wallpaper left out; a cover outside the video refused', async () => {
    await agree(['make', '--name', 'IMG_0001', '--no-wallpaper', '--id', id], [photo('480x640'), clip({ codec: 'hevc', container: 'mp4' })],
      ['make', { name: 'IMG_0001', noWallpaper: true, id }]);
    await agree(['make', '--cover', '9', '--id', id], [photo(), clip()], ['make', { cover: 9, id }]);
  });

  test('given the other way round, the two are swapped', async () => {
    await agree(['make', '--id', id], [clip(), photo()], ['make', { id }]);
  });

  test('the iPhone HEIC and its movie made again with a new cover', { skip: withoutSamples }, async () => {
    await agree(['make', '--cover', '0.5', '--id', id], [sample('iphone_IMG_3853_gwy15.HEIC'), sample('iphone_IMG_3853_gwy15.MOV')],
      ['make', { cover: 0.5, id }]);
  });

  test('a Motion Photo as the photo loses its video', { skip: withoutSamples }, async () => {
    await agree(['make', '--id', id, '--force'], [sample('libmphoto_motion_photo_v1_synthetic.jpg'), clip()],
      ['make', { id, force: true }]);
  });

  test('a Nikon\'s, a Sony\'s and a Samsung\'s photo: their MakerNotes replaced by default, refused when asked', { skip: withoutSamples }, async () => {
    for (const name of ['camera_nikon-d1x_mei.jpg', 'camera_sony-dsc-hx5v_mei.jpg', 'phone_samsung-gt-i9000_mei.jpg']) {
      const { cli } = await agree(['make', '--id', id], [sample(name), clip()], ['make', { id }]);
      assert.ok(cli.json.notes.some((n) => n.startsWith('the photo\'s MakerNote from ')), JSON.stringify(cli.json.notes));
      const refused = await agree(['make', '--id', id, '--refuse-foreign-maker-note'], [sample(name), clip()],
        ['make', { id, refuseForeignMakerNote: true }]);
      assert.equal(refused.failure?.code, 2);
    }
  });

  test('a .pvt.zip: the report and every member the command line zips, byte for byte; a zip unzip and Python take', { skip: withoutSamples }, async () => {
    const inputs = [sample('iphone_IMG_3853_gwy15.HEIC'), sample('iphone_IMG_3853_gwy15.MOV')];
    const out = workFolder('cli');
    const cli = await runCLI(['make', '--id', id, '--pvt-zip', ...inputs, '--out', out, '--json']);
    const { report, files } = await invoke(livephoto, 'make', await Promise.all(inputs.map(openFile)), { id, pvtZip: true });
    assert.deepEqual(report, withoutFolders(cli.json, [out, samples]));
    assert.deepEqual(files.map((f) => f.name), ['iphone_IMG_3853_gwy15.pvt.zip']);
    const mine = join(workFolder('engine'), files[0].name);
    writeFileSync(mine, new Uint8Array(await files[0].blob.arrayBuffer()));
    // Each member's name, method and SHA-256, and the archive's own check (every CRC-32 read again).
    const list = (zip) => JSON.parse(execFileSync('python3', ['-c', `
import hashlib, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
print(json.dumps([[i.filename, hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]))`, zip]).toString());
    const engine = list(mine);
    assert.deepEqual(engine, list(join(out, 'iphone_IMG_3853_gwy15.pvt.zip')));
    assert.equal(engine.length, 4);
    execFileSync('unzip', ['-tq', mine]);
  });

  test('a JPEG with stray bytes after a segment, and a Samsung HEIC made and turned back into a Motion Photo', { skip: withoutSamples }, async () => {
    const sony = readFileSync(sample('camera_sony-dsc-hx5v_mei.jpg'));
    const first = 4 + sony.readUInt16BE(4);
    const stray = join(workFolder('stray'), 'stray.jpg');
    writeFileSync(stray, Buffer.concat([sony.subarray(0, first), Buffer.from('?>\n'), sony.subarray(first)]));
    const { cli } = await agree(['make', '--id', id], [stray, clip()], ['make', { id }]);
    assert.ok(cli.json.notes.some((n) => n.includes('stray bytes between its segments')), JSON.stringify(cli.json.notes));
    const iphoneMovie = sample('iphone_IMG_3853_gwy15.MOV');
    const made = workFolder('samsung');
    await runCLI(['make', '--id', id, sample('samsung-s22-google-motionphoto-v1_ente.heic'), iphoneMovie, '--out', made, '--name', 'S']);
    await agree(['convert', '--to', 'motion'], [join(made, 'S.HEIC'), join(made, 'S.MOV')], ['convert', { to: 'motion' }]);
  });

  test('bad input fails in the same words: a movie as the photo, a photo as the video', async () => {
    await agree(['make', '--id', id], [clip(), clip({ audio: false, fps: 24 })], ['make', { id }]);
    await agree(['make', '--id', id], [photo(), photo('480x640')], ['make', { id }]);
  });
});

describe('split', () => {
  test('every Motion Photo sample, and the iPhone pair', { skip: withoutSamples }, async () => {
    for (const name of ['androidx-media_pixel-motion-photo-shortened.jpg', 'androidx-media_sample_MP.heic', 'libmphoto_motion_photo_v1_synthetic.jpg',
      'libmphoto_microvideo_samsung-remuxed.jpg', 'samsung-s22-google-motionphoto-v1_ente.heic', 'androidx-media_ss-motion-photo-shortened.jpg']) {
      await agree(['split'], [sample(name)], ['split']);
    }
    await agree(['split'], [sample('iphone_IMG_3853_gwy15.HEIC'), sample('iphone_IMG_3853_gwy15.MOV')], ['split']);
  });

  test('a Live Photo made here, and a plain photo refused', async () => {
    const out = workFolder('made');
    await runCLI(['make', photo(), clip(), '--id', id, '--name', 'IMG_0002', '--out', out]);
    await agree(['split'], [join(out, 'IMG_0002.JPG'), join(out, 'IMG_0002.MOV')], ['split']);
    await agree(['split'], [photo()], ['split']);
  });
});

describe('convert', () => {
  test('a Live Photo to a Motion Photo, every single-file flavour, and back', async () => {
    const out = workFolder('made');
    await runCLI(['make', photo(), clip(), '--id', id, '--name', 'IMG_0003', '--out', out]);
    const pair = [join(out, 'IMG_0003.JPG'), join(out, 'IMG_0003.MOV')];
    for (const flavor of ['samsung', 'google', 'oppo', 'vivo', 'xiaomi', 'huawei', 'honor']) {
      const { cli } = await agree(['convert', '--to', 'motion', '--flavor', flavor], pair, ['convert', { to: 'motion', flavor }]);
      const motion = join(dirname(cli.json.output) === '.' ? out : dirname(cli.json.output), basename(cli.json.output));
      await agree(['convert', '--to', 'live'], [motion], ['convert', { to: 'live' }]);
    }
    await agree(['convert', '--to', 'motion', '--strip-identifier'], pair, ['convert', { to: 'motion', stripIdentifier: true }]);
  });

  test('vivo\'s two files: the same photo and movie but for the pairing id', async () => {
    const out = workFolder('made');
    await runCLI(['make', photo(), clip(), '--id', id, '--name', 'IMG_0004', '--out', out]);
    const files = await Promise.all([join(out, 'IMG_0004.JPG'), join(out, 'IMG_0004.MOV')].map(openFile));
    const { report, files: outputs } = await livephoto.convert(files, { to: 'motion', flavor: 'vivo-pair' });
    assert.deepEqual(outputs.map((f) => f.name), ['IMG_0004.jpg', 'IMG_0004.mp4']);
    assert.equal(report.companion, 'IMG_0004.mp4');
  });

  test('the iPhone pair to a Motion Photo (its PCM sound copied under sowt, with ffmpeg at hand) and every Motion Photo sample to a Live Photo',
    { skip: withoutSamples }, async () => {
      await agree(['convert', '--to', 'motion'], [sample('iphone_IMG_3853_gwy15.HEIC'), sample('iphone_IMG_3853_gwy15.MOV')],
        ['convert', { to: 'motion' }]);
      for (const name of ['androidx-media_pixel-motion-photo-shortened.jpg', 'androidx-media_sample_MP.heic', 'libmphoto_motion_photo_v1_synthetic.jpg',
        'libmphoto_microvideo_samsung-remuxed.jpg', 'samsung-s22-google-motionphoto-v1_ente.heic']) {
        await agree(['convert', '--to', 'live', '--id', id], [sample(name)], ['convert', { to: 'live', id }]);
      }
    });
});

describe('edit', () => {
  test('trimmed by an edit list, muted, both; a key photo outside the range refused', async () => {
    const out = workFolder('made');
    await runCLI(['make', photo(), clip({ seconds: 4 }), '--id', id, '--cover', '2', '--name', 'IMG_0005', '--out', out]);
    const pair = [join(out, 'IMG_0005.JPG'), join(out, 'IMG_0005.MOV')];
    await agree(['edit', '--trim', '0.5..3.5'], pair, ['edit', { trim: '0.5..3.5' }]);
    await agree(['edit', '--mute'], pair, ['edit', { mute: true }]);
    await agree(['edit', '--trim', '1..', '--mute', '--name', 'cut'], pair, ['edit', { trim: '1..', mute: true, name: 'cut' }]);
    await agree(['edit', '--trim', '2.5..3.5'], pair, ['edit', { trim: '2.5..3.5' }]);
  });
});
