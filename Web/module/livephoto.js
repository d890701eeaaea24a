// livephoto in any browser, in a Worker and in Node: the lossless engine (make, split, convert, edit, inspect,
// verify) compiled to WebAssembly from the same Swift sources as the livephoto command. Inputs are Blobs or Files; the
// engine reads only the byte ranges it parses, and every output is a Blob of its new header bytes and slices of the
// inputs, so nothing is copied and nothing leaves the page. See docs/guide/javascript.md.

import { LivePhotoError, PartWindow, ReadCache, followingRead, isNode, joinPieces, maxRead, nameOf, readAhead, stem } from './inputs.js';

// Two engines (docs/guide/javascript.md#two-engines): the operations on single files, and a library's (with the others).
const wasmURLs = { file: new URL('./livephoto.wasm', import.meta.url), library: new URL('./livephoto-library.wasm', import.meta.url) };
const libraryOperations = new Set(['scan', 'pair', 'batch', 'holds', 'zip', 'zipMembers', 'zipWalk', 'zipData', 'tarWalk', 'importFacts', 'importKept', 'importStamp', 'import']);
const readsAsAsked = new Map([['zipData', 0], ['tarWalk', 16 * 1024]]); // reads far apart: a zip's local headers; a tar's

export { LivePhotoError };

/**
 * In a page: the frame at `seconds` of `video` (a Blob), drawn by the browser's decoder at the video's size, as a JPEG
 * Blob; code 5 where the browser cannot decode the video (HEVC in Chromium). Its code (frame.js) loads on first call.
 */
export const grabFrame = async (video, seconds) => (await import('./frame.js')).grabFrame(video, seconds);

/** An operation that still lacks bytes after this many runs stops (a walk of 64 MiB takes 9). */
const maxRounds = 100;
const compiled = {};
let statistics = { rounds: 0, bytesRead: 0, peakMemory: 0 };

/** What the last operation cost: the engine's runs (one more a range it had to read), the bytes read, its peak memory. */
export const lastRunStatistics = () => ({ ...statistics });

async function wasmModule(which) {
  if (!compiled[which]) {
    const wasmURL = wasmURLs[which];
    compiled[which] = (async () => {
      if (wasmURL.protocol === 'file:' && isNode()) {
        const { readFile } = await import('node:fs/promises');
        return WebAssembly.compile(await readFile(wasmURL));
      }
      const response = await fetch(wasmURL);
      if (!response.ok) throw new LivePhotoError(`${wasmURL.pathname.split('/').pop()} could not be loaded (${response.status})`, 70);
      if (WebAssembly.compileStreaming && (response.headers.get('content-type') || '').startsWith('application/wasm')) {
        return WebAssembly.compileStreaming(response);
      }
      return WebAssembly.compile(await response.arrayBuffer());
    })();
    compiled[which].catch(() => { compiled[which] = undefined; });
  }
  return compiled[which];
}

class Engine {
  constructor(instance, state) {
    this.instance = instance;
    this.state = state;
  }

  static async create(state, which) {
    const module = await wasmModule(which);
    let memory;
    const imports = {
      livephoto: {
        read(handle, offset, count, destination) {
          const bytes = state.cache && handle >= 0 && handle < state.cache.files.length && count <= maxRead
            ? state.cache.get(handle, offset, count) : null;
          if (bytes === null) {
            state.misses.push({ handle, offset, count });
            return -1;
          }
          new Uint8Array(memory.buffer, destination, bytes.length).set(bytes);
          return bytes.length;
        },
      },
      wasi_snapshot_preview1: {
        fd_write(fd, iovs, count, written) {
          // The engine's own messages (a fatal error's) go to the console.
          const view = new DataView(memory.buffer);
          let total = 0, text = '';
          for (let i = 0; i < count; i++) {
            const base = view.getUint32(iovs + i * 8, true), length = view.getUint32(iovs + i * 8 + 4, true);
            text += new TextDecoder().decode(new Uint8Array(memory.buffer, base, length));
            total += length;
          }
          if (text.trim()) state.messages.push(text.trim());
          view.setUint32(written, total, true);
          return 0;
        },
        fd_close() { return 0; },
        fd_seek() { return 0; },
        random_get(buffer, length) {
          globalThis.crypto.getRandomValues(new Uint8Array(memory.buffer, buffer, length));
          return 0;
        },
      },
    };
    const instance = await WebAssembly.instantiate(module, imports);
    memory = instance.exports.memory;
    return new Engine(instance, state);
  }

  /** Runs the request once; returns the parsed answer and the answer's byte area (copied out of the engine). */
  run(request) {
    const { lp_allocate, lp_release, lp_run, memory } = this.instance.exports;
    const text = new TextEncoder().encode(JSON.stringify(request));
    const pointer = lp_allocate(text.length);
    new Uint8Array(memory.buffer, pointer, text.length).set(text);
    const answer = lp_run(pointer, text.length);
    lp_release(pointer);
    const view = new DataView(memory.buffer);
    const jsonLength = view.getUint32(answer, true), bytesLength = view.getUint32(answer + 4, true);
    const json = JSON.parse(new TextDecoder().decode(new Uint8Array(memory.buffer, answer + 8, jsonLength)));
    const bytes = new Uint8Array(memory.buffer, answer + 8 + jsonLength, bytesLength).slice();
    lp_release(answer);
    return { json, bytes };
  }
}

function checkInputs(files) {
  files.forEach((file, index) => {
    if (!file || typeof file.slice !== 'function' || typeof file.size !== 'number') {
      throw new LivePhotoError(`input ${index + 1} is not a Blob or a File`, 64);
    }
  });
}

/**
 * Runs `operation` on `files` (Blobs or Files) with `options` (the command line's long flags in camelCase), until
 * the engine has every byte it asks for.
 */
async function run(operation, files, options = {}) {
  const { frame, ...flags } = options ?? {};
  checkInputs(files);
  let inputs = files.slice();
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await runOnce(operation, inputs, flags);
    if (answer.needsFrame) {
      // The key photo is a frame of the video: the browser's decoder draws it, then the engine runs again with it.
      if (attempt > 0) throw new LivePhotoError('the engine asked for a video frame twice', 70);
      const { input, seconds } = answer.needsFrame;
      const grab = frame ?? defaultFrameGrabber();
      if (!grab) {
        throw new LivePhotoError(
          'a video alone\'s key photo is a frame of it, which needs a video decoder: give a photo too, or a frame grabber as options.frame', 5);
      }
      const picture = await grab(inputs[input], seconds);
      inputs = [...inputs, new File([picture], `${stem(nameOf(inputs[input], input))}-frame.jpg`, { type: 'image/jpeg' })];
      flags.videoFrame = inputs.length - 1;
      continue;
    }
    return answer;
  }
  throw new LivePhotoError('the engine asked for a video frame twice', 70);
}

/**
 * For library.js: one operation on `files`, run until the engine has every byte it asks for; `names` name the files
 * (their paths in a library), else their own names; with `session` (an object the caller keeps), a library's runs
 * share an engine instance, a new one only after a trap; a run `alone` has one of its own, let go after it.
 */
export function runEngine(operation, files, options, names, session, alone = false) {
  if (!session) return runOnce(operation, files, options, names);
  // A session's runs share its instance and its read state: one at a time; each one's headers read while it waits.
  const read = headers(files, operation, session), own = alone ? { state: (session.state ??= {}) } : session;
  read.ahead.catch(() => {}); // its failure is the run's, in its turn
  const run = (session.turn ?? Promise.resolve()).then(() => runOnce(operation, files, options, names, own, read));
  session.turn = run.catch(() => {});
  return run;
}

// What is read before the first run: a file's start (a photo's segments, a movie's ftyp) and end (a camera movie's moov,
// a Motion Photo's trailer), the rest after it (as asked, `readsAsAsked`). A session's runs share a `window` of its parts
// and the buffers they read into, where it has them (readbuffers.js).
function headers(files, operation, session = null) {
  const shared = session ? [(session.window ??= new PartWindow(followingRead)), session.buffers] : [];
  if (readsAsAsked.has(operation)) return { cache: new ReadCache(files, readsAsAsked.get(operation), ...shared), ahead: Promise.resolve() };
  const cache = new ReadCache(files, undefined, ...shared);
  return { cache, ahead: cache.fill(files.flatMap((file, handle) => [
    { handle, offset: 0, count: readAhead }, { handle, offset: Math.max(0, file.size - readAhead), count: readAhead }])) };
}

async function runOnce(operation, files, options, names, session, read = headers(files, operation)) {
  // The instance's imports read the state at each call: a session's instance reads this run's.
  const state = session ? (session.state ??= {}) : {};
  Object.assign(state, { cache: read.cache, misses: [], messages: [] });
  statistics = { rounds: 0, bytesRead: 0, peakMemory: 0 };
  const request = { operation, options, files: files.map((file, index) => ({
    name: names?.[index] ?? nameOf(file, index), size: file.size, lastModified: typeof file.lastModified === 'number' ? file.lastModified : Date.now(),
  })) };
  // A library's runs (a session) and its operations go to the library engine; a single file's to the first one.
  const which = session || libraryOperations.has(operation) ? 'library' : 'file';
  let [engine] = await Promise.all([session?.engine ?? Engine.create(state, which), read.ahead]);
  for (let round = 0; round < maxRounds; round++) {
    state.misses = [];
    let answer;
    const measure = () => {
      statistics = {
        rounds: round + 1, bytesRead: state.cache.held,
        peakMemory: Math.max(statistics.peakMemory, engine.instance.exports.memory.buffer.byteLength),
      };
    };
    try {
      if (session) session.engine = engine;
      answer = engine.run(request);
      measure();
    } catch (error) {
      measure();
      // A trap in a run that lacked bytes may come of what it read in their place: the bytes are read and the run made
      // again in a new instance. A trap with every byte there is the engine's fault; the error names the inputs.
      if (session) session.engine = null;
      if (state.misses.length > 0 && !(error instanceof LivePhotoError)) {
        await state.cache.fill(state.misses);
        engine = await Engine.create(state, which);
        continue;
      }
      const names = request.files.map((f) => f.name).join(', ');
      throw new LivePhotoError(`${names}: the engine stopped on these files (${error.message}${state.messages.length ? `: ${state.messages.join(' ')}` : ''})`, 70);
    }
    if (state.misses.length > 0) {
      await state.cache.fill(state.misses);
      continue;
    }
    const { json, bytes } = answer;
    if (json.ok) {
      const blobOf = (file) => joinPieces(
        file.pieces.map(([input, offset, length]) => (input < 0 ? bytes.subarray(offset, offset + length) : files[input].slice(offset, offset + length))),
        file.type);
      // A library's run tells what each file is made of (its CRC-32 and a zip's records come of it without a read).
      const layoutOf = (file) => (session ? { layout: { pieces: file.pieces, bytes, inputs: files, cache: read.cache } } : {});
      // A zip's members first: their checksums go into the zip's records before its Blob is made.
      const parts = json.files.map((file) => (file.part ? blobOf(file) : null));
      if (json.files.some((file) => file.checksums)) {
        const { crc32, fillChecksum } = await import('./checksums.js');
        for (const file of json.files) {
          for (const [of, at] of file.checksums ?? []) fillChecksum(file, bytes, at, await crc32(parts[of]));
        }
      }
      if (!json.files.some((file) => !file.part)) read.cache.recycle(); // a run that wrote no file is done with its reads
      return {
        report: json.report,
        files: json.files.filter((file) => !file.part).map((file) => ({ name: file.name, type: file.type, blob: blobOf(file), ...layoutOf(file) })),
      };
    }
    if (json.needsFrame) return { needsFrame: json.needsFrame };
    throw new LivePhotoError(json.error.message, json.error.code);
  }
  throw new LivePhotoError(`${request.files.map((f) => f.name).join(', ')}: the engine kept asking for more bytes`, 70);
}

/** In a page, `grabFrame`; null elsewhere (Node, a Worker), where the caller gives `options.frame`. */
const defaultFrameGrabber = () => (typeof document === 'undefined' ? null : grabFrame);

/** What the files are: format, role, identifier, cover time, codecs; whether one still and one movie pair. */
export function inspect(...files) {
  return run('inspect', files);
}

/** Whether Photos will pair `photo` and `movie` as a Live Photo, check by check, and the lock screen's gates. */
export function verify(photo, movie) {
  return run('verify', [photo, movie]);
}

/** A Live Photo from a photo and a video (or the video alone: its key photo is a frame the browser draws). */
export function make(photo, video, options = {}) {
  return run('make', photo == null ? [video] : [photo, video], options);
}

/** Live Photos and Motion Photos taken apart into plain photos and movies. */
export function split(...files) {
  const last = files[files.length - 1];
  const options = last && typeof last.slice !== 'function' ? files.pop() : {};
  return run('split', files, options);
}

/** A Live Photo to a Motion Photo (`{ to: "motion", flavor }`), or a Motion Photo to a Live Photo (`{ to: "live" }`). */
export function convert(files, options = {}) {
  return run('convert', Array.isArray(files) ? files : [files], options);
}

/** A Live Photo edited: `{ trim: "0.3..1.8", mute: true, keyPhoto: 1.2, newId: true }`. */
export function edit(photo, movie, options = {}) {
  return run('edit', [photo, movie], options);
}

/**
 * A library, as `livephoto scan` (`scanLibrary(inputs, { onProgress, signal })`) and as its batches over folders
 * (`convertLibrary(inputs, { to, flavor, out, ... })`): each resolves to `{ report, summary }`, the lines the command
 * prints with `--json`. Their code (library.js) is loaded on the first call.
 */
export const scanLibrary = async (inputs, options = {}) => (await import('./library.js')).scanLibrary(inputs, options);
export const convertLibrary = async (inputs, options = {}) => (await import('./library.js')).convertLibrary(inputs, options);
/** `livephoto import FOLDER --out OUT` for a camera's folder, into a folder or a zip: `{ report }`, its `--json` lines (import.js). */
export const importLibrary = async (inputs, options = {}) => (await import('./import.js')).importLibrary(inputs, options);

/** Node only: the file at `path` as a File whose bytes are read when sliced, never whole. */
export async function openFile(path) {
  const [{ openAsBlob }, { basename }, { stat }] = await Promise.all([import('node:fs'), import('node:path'), import('node:fs/promises')]);
  const [blob, info] = await Promise.all([openAsBlob(path), stat(path)]);
  return new File([blob], basename(path), { lastModified: info.mtimeMs });
}
