// What the engine's Node tests share: where the built module, the command line and the samples are; clips made
// with ffmpeg; the command line run; outputs compared byte for byte; folders as a browser hands them over.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync, closeSync, copyFileSync, existsSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, renameSync,
  rmSync, statSync, writeFileSync, writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The ES module's folder: built by scripts/wasm.sh (scripts/test.sh builds it first). */
export const moduleDir = process.env.LIVEPHOTO_MODULE ?? join(root, '.build/wasm/module');
/** The command line the engine is compared with. */
export const cli = process.env.LIVEPHOTO_CLI ?? join(root, '.build/debug/livephoto');
/** The real camera files, read in place. */
export const samples = process.env.LIVEPHOTO_SAMPLES ?? resolve(root, '../shared/samples');

for (const [what, path] of [['the engine (scripts/wasm.sh)', join(moduleDir, 'livephoto.wasm')], ['the command line (swift build)', cli]]) {
  if (!existsSync(path)) throw new Error(`${what} is not built: ${path} is missing`);
}

export const livephoto = await import(join(moduleDir, 'livephoto.js'));

/** The samples present, by name; the suites that need them say where they are expected when there are none. */
export function sample(name) {
  return join(samples, name);
}

export const haveSamples = existsSync(join(samples, 'iphone_IMG_3853_gwy15.HEIC'));
/**
 * The `skip` of a test that reads the samples: a note where a clone has none; under CI (CI=true) never, so that a
 * missing samples folder fails those tests rather than passing them unseen.
 */
export const withoutSamples = haveSamples || process.env.CI === 'true' ? false : `no samples in ${samples}`;

const folders = [];
// LIVEPHOTO_KEEP_WORK=1 leaves them (the browser replays the parity cases' files after this process).
if (!process.env.LIVEPHOTO_KEEP_WORK) {
  process.on('exit', () => { for (const path of folders) rmSync(path, { recursive: true, force: true }); });
}

/** A folder removed when the process exits. */
export function workFolder(label) {
  const path = mkdtempSync(join(tmpdir(), `livephoto-${label}-`));
  folders.push(path);
  return path;
}

const clips = workFolder('clips');
const made = new Map();

/** A clip made once with ffmpeg: `{ codec: 'h264'|'hevc', container: 'mov'|'mp4', audio, seconds, fps, size }`. */
export function clip({ codec = 'h264', container = 'mov', audio = true, seconds = 3, fps = 30, size = '320x240' } = {}) {
  const name = `clip-${codec}-${audio ? 'aac' : 'mute'}-${seconds}s-${fps}fps-${size}.${container}`;
  const path = join(clips, name);
  if (!made.has(path)) {
    const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`];
    if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
    args.push('-c:v', codec === 'hevc' ? 'libx265' : 'libx264', '-pix_fmt', 'yuv420p', '-g', String(fps));
    if (codec === 'hevc') args.push('-tag:v', 'hvc1', '-x265-params', 'log-level=error');
    if (audio) args.push('-c:a', 'aac', '-shortest');
    args.push(path);
    execFileSync('ffmpeg', args);
    made.set(path, true);
  }
  return path;
}

/** A JPEG made once with ffmpeg, `size` pixels. */
export function photo(size = '640x480') {
  const path = join(clips, `photo-${size}.jpg`);
  if (!made.has(path)) {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}`, '-frames:v', '1', '-q:v', '3', path]);
    made.set(path, true);
  }
  return path;
}

const run = promisify(execFile);

/** Runs the command line; resolves to `{ code, json, stdout, stderr }` (its `--json` output parsed when there is one). */
export async function runCLI(args) {
  try {
    const { stdout, stderr } = await run(cli, args, { maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr, json: parse(stdout) };
  } catch (error) {
    if (typeof error.code !== 'number') throw error;
    return { code: error.code, stdout: error.stdout, stderr: error.stderr, json: parse(error.stdout) };
  }
}

function parse(text) {
  try { return JSON.parse(text); } catch { return undefined; }
}

/** The command line's message for a failure: what it prints after `livephoto: error: `. */
export function cliError(result) {
  const line = result.stderr.split('\n').find((l) => l.startsWith('livephoto: error: '));
  if (line) return line.slice('livephoto: error: '.length);
  const validation = result.stderr.split('\n').find((l) => l.startsWith('Error: '));
  return validation ? validation.slice('Error: '.length) : result.stderr.trim();
}

/** `value` with every path under one of `folders` named by its last component, as the engine names files. */
export function withoutFolders(value, folders) {
  if (typeof value === 'string') {
    let text = value;
    for (const folder of folders) text = text.split(`${folder}/`).join('');
    return text;
  }
  if (Array.isArray(value)) return value.map((v) => withoutFolders(v, folders));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutFolders(v, folders)]));
  }
  return value;
}

export async function sha256(blob) {
  return createHash('sha256').update(Buffer.from(await blob.arrayBuffer())).digest('hex');
}

export function sha256File(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** `folder` as a browser hands one over: a FileSystemDirectoryHandle's `kind`, `name`, `values()` and `getFile()`. */
export function folderHandle(folder, refused = new Set()) {
  return {
    kind: 'directory', name: folder.split('/').pop(),
    async *values() {
      if (refused.has(folder)) throw new DOMException('The request is not allowed', 'NotAllowedError');
      for (const name of readdirSync(folder)) {
        const path = join(folder, name);
        yield statSync(path).isDirectory()
          ? folderHandle(path, refused) : { kind: 'file', name, getFile: () => livephoto.openFile(path) };
      }
    },
  };
}

/**
 * `folder` as a folder the user chose to write into: a FileSystemDirectoryHandle's `getDirectoryHandle`,
 * `getFileHandle`, `values()` and `createWritable`, whose file shows under its name only once it is closed (as
 * Chromium's does).
 */
export function outputFolder(folder) {
  const missing = () => new DOMException('A requested file or directory could not be found', 'NotFoundError');
  return {
    kind: 'directory', name: folder.split('/').pop(),
    async getDirectoryHandle(name, { create = false } = {}) {
      const path = join(folder, name);
      if (!existsSync(path)) {
        if (!create) throw missing();
        mkdirSync(path);
      }
      return outputFolder(path);
    },
    async *values() {
      for (const name of readdirSync(folder)) {
        yield statSync(join(folder, name)).isDirectory() ? outputFolder(join(folder, name)) : { kind: 'file', name };
      }
    },
    async getFileHandle(name, { create = false } = {}) {
      const path = join(folder, name);
      if (!existsSync(path) && !create) throw missing();
      return {
        kind: 'file', name, getFile: () => livephoto.openFile(path),
        async createWritable({ keepExistingData = false } = {}) {
          const swap = `${path}.crswap`;
          if (keepExistingData && existsSync(path)) copyFileSync(path, swap);
          else writeFileSync(swap, '');
          // A FileSystemWritableFileStream's own write(), which takes a Blob whole, seek() (to its end only, which is
          // all the module asks), and close() and abort().
          return {
            async seek(position) {
              if (position !== statSync(swap).size) throw new Error(`the test's folder seeks to a file's end only, not ${position}`);
            },
            async write(data) {
              if (data instanceof Uint8Array) appendFileSync(swap, data);
              else for await (const chunk of data.stream()) appendFileSync(swap, chunk);
            },
            async close() { renameSync(swap, path); },
            async abort() { rmSync(swap, { force: true }); },
          };
        },
      };
    },
  };
}

/**
 * A WritableStream into the file at `path` that leaves runs of zeros as holes (a sparse file): a zip of a large
 * member of zeros takes no room.
 */
export function fileSink(path) {
  const descriptor = openSync(path, 'w');
  let position = 0;
  return new WritableStream({
    write(chunk) {
      if (chunk.some((byte) => byte !== 0)) writeSync(descriptor, chunk, 0, chunk.length, position);
      position += chunk.length;
    },
    close() {
      ftruncateSync(descriptor, position);
      closeSync(descriptor);
    },
    abort() { closeSync(descriptor); },
  });
}

export { basename, join };
