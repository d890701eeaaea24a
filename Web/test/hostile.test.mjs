// Hostile input: every fuzz target's corpus and every input that once crashed a fuzzer, replayed through the
// WebAssembly engine. Each operation must end (no hang), in a report or in a LivePhotoError with the command line's
// words and code, never in a trap (code 70); inspect's reports must equal the command line's. A header that claims more
// than the engine reads at once is refused, and the instance's memory stays under its stated bound.
import assert from 'node:assert/strict';
import { closeSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { describe, test } from 'node:test';
import { join, livephoto, root, runCLI, withoutFolders, workFolder } from './support.mjs';

const { LivePhotoError, lastRunStatistics } = livephoto;
/** The instance's memory never grows past this (scripts/wasm.sh links it with --max-memory). */
const memoryBound = 512 * 1024 * 1024;
/** A fuzzer's input is at most 16 KiB: the instance working on one stays far under its bound. */
const smallInputBound = 64 * 1024 * 1024;
/** An operation on a fuzzer's small input takes well under this. */
const timeLimit = 10_000;

function corpus(kind) {
  const files = [];
  for (const base of ['Fuzz/Corpus', 'Fuzz/Regressions']) {
    let names = [];
    try { names = readdirSync(join(root, base, kind)); } catch { continue; }
    files.push(...names.map((n) => join(root, base, kind, n)));
  }
  return files.sort();
}

/** Runs `operation`; resolves to the result or the LivePhotoError, after checking the run ended in time and held no more than `bound`. */
async function ends(label, operation, bound = smallInputBound) {
  const started = performance.now();
  let outcome;
  try {
    outcome = await operation();
  } catch (error) {
    assert.ok(error instanceof LivePhotoError, `${label}: ${error}`);
    assert.notEqual(error.code, 70, `${label}: the engine trapped: ${error.message}`);
    assert.ok(error.message.length > 0);
    outcome = error;
  }
  assert.ok(performance.now() - started < timeLimit, `${label}: took ${Math.round(performance.now() - started)} ms`);
  const { peakMemory } = lastRunStatistics();
  assert.ok(peakMemory > 0 && peakMemory <= bound, `${label}: the instance held ${peakMemory} bytes`);
  return outcome;
}

function file(path, name = path.split('/').pop()) {
  return new File([readFileSync(path)], name);
}

describe('every fuzz corpus', () => {
  for (const kind of ['heif', 'isobmff', 'jpeg', 'motion_photo', 'quicktime_metadata', 'xmp', 'pvt_zip', 'tar', 'zip_stream']) {
    test(`${kind}: inspect as the command line does; split and convert --to live end in a result or its error`, async () => {
      const files = corpus(kind);
      assert.ok(files.length > 0, `no corpus for ${kind}`);
      let failures = 0;
      for (const path of files) {
        const input = file(path);
        const inspected = await ends(`inspect ${path}`, () => livephoto.inspect(input));
        const cli = withoutFolders((await runCLI(['inspect', '--json', path])).json, [join(root, 'Fuzz/Corpus', kind), join(root, 'Fuzz/Regressions', kind)]);
        if (cli.files[0].format === 'zip') {
          // The command line opens a .pvt.zip and reports its members; the browser reads no archive (its limits).
          const [mine, theirs] = [inspected.report.files[0], cli.files[0]];
          assert.deepEqual([mine.format, mine.role, mine.sizeBytes], [theirs.format, theirs.role, theirs.sizeBytes], path);
        } else {
          assert.deepEqual(inspected.report, cli, path);
        }
        for (const [name, operation] of [['split', () => livephoto.split(input)], ['to live', () => livephoto.convert(input, { to: 'live' })]]) {
          if ((await ends(`${name} ${path}`, operation)) instanceof LivePhotoError) failures += 1;
        }
      }
      assert.ok(failures > 0, 'a corpus of broken files gave no error at all');
    });
  }

  test('make: a still and a movie from each input (a 4-byte length, the still, the movie); what is made passes verify', async () => {
    for (const path of corpus('make')) {
      const bytes = readFileSync(path);
      if (bytes.length < 4) continue;
      const stillSize = Math.min(bytes.readUInt32LE(0), bytes.length - 4);
      const still = new File([bytes.subarray(4, 4 + stillSize)], 'still.jpg');
      const movie = new File([bytes.subarray(4 + stillSize)], 'movie.mov');
      const made = await ends(`make ${path}`, () => livephoto.make(still, movie, { force: true, name: 'IMG' }));
      if (made instanceof LivePhotoError) continue;
      const verified = await livephoto.verify(made.files[0].blob, made.files[1].blob);
      assert.equal(verified.report.passed, true, `${path}: ${JSON.stringify(verified.report.checks.filter((c) => !c.passed))}`);
    }
  });
});

describe('lying sizes', () => {
  const box = (type, size) => { const b = Buffer.alloc(8); b.writeUInt32BE(size); b.write(type, 4, 'latin1'); return b; };
  /** A sparse movie: an ftyp, then a moov of `size` bytes of zeros. */
  function sparseMovie(name, size) {
    const path = join(workFolder('sparse'), name);
    const fd = openSync(path, 'w');
    writeSync(fd, Buffer.concat([box('ftyp', 16), Buffer.from('qt  \0\0\0\0', 'latin1'), box('moov', size)]));
    writeSync(fd, Buffer.from([0]), 0, 1, 16 + size - 1);
    closeSync(fd);
    return path;
  }

  test('a movie box that claims 300 MB of a sparse file is refused in words, as by the command line', async () => {
    const path = sparseMovie('huge.mov', 300 * 1024 * 1024);
    const input = await livephoto.openFile(path);
    const inspected = await ends('inspect huge.mov', () => livephoto.inspect(input), memoryBound);
    const cli = await runCLI(['inspect', '--json', path]);
    assert.equal(inspected.report.files[0].error, cli.json.files[0].error);
    assert.match(inspected.report.files[0].error ?? '', /more than the 268435456 accepted/);
    const made = await ends('make huge.mov', () => livephoto.make(null, input), memoryBound);
    assert.ok(made instanceof LivePhotoError);
  });

  test('a movie box of 100 MB, which the command line reads, is more than the engine reads at once: refused in words', async () => {
    const input = await livephoto.openFile(sparseMovie('large.mov', 100 * 1024 * 1024));
    const inspected = await ends('inspect large.mov', () => livephoto.inspect(input), memoryBound);
    assert.match(inspected.report.files[0].error ?? '', /more than 64 MiB at once/);
  });

  test('a movie box just under the engine\'s 64 MiB read is read whole and judged, the instance under its bound', async () => {
    const input = await livephoto.openFile(sparseMovie('bound.mov', 64 * 1024 * 1024 - 64));
    const inspected = await ends('inspect bound.mov', () => livephoto.inspect(input), memoryBound);
    const error = inspected.report.files[0].error ?? '';
    assert.doesNotMatch(error, /at once/);
    assert.ok(lastRunStatistics().bytesRead >= 64 * 1024 * 1024 - 64, `read ${lastRunStatistics().bytesRead} bytes`);
    const made = await ends('make bound.mov', () => livephoto.make(null, input), memoryBound);
    assert.ok(made instanceof LivePhotoError, 'a movie of zeros made a Live Photo');
  });
});
