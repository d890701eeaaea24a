// The engine's worker: livephoto.js (the lossless operations compiled to WebAssembly) runs here, off the page's
// thread. The page posts Files and gets Blobs back (each a new header and slices of the Files: nothing is copied,
// nothing leaves the browser). A key photo drawn from a video is asked of the page, which has the video decoder. A
// library's scan, batch and import post their progress as they go, and stop when the page cancels them; a batch or
// an import writes its outputs from here, into the folder or the file the page was given, or into a download.
// Loaded with `new Worker(..., {type: "module"})` by engine.js; the engine's files sit in ../engine/ on both hosts.
import { writableToPort } from "./download-stream.js";

let loaded = null;
const engine = () => (loaded ??= import("../engine/livephoto.js"));

// The frames asked of the page, by number, until it answers.
const frames = new Map();
let nextFrame = 0;

function askFrame(video, seconds) {
  return new Promise((resolve, reject) => {
    const id = ++nextFrame;
    frames.set(id, { resolve, reject });
    self.postMessage({ type: "frame", frame: id, video, seconds });
  });
}

// Each operation from the page's {operation, files, options}, as the module's functions take them.
const calls = {
  inspect: (lp, files) => lp.inspect(...files),
  verify: (lp, files) => lp.verify(files[0], files[1]),
  make: (lp, files, options) => (files.length === 1 ? lp.make(null, files[0], options) : lp.make(files[0], files[1], options)),
  split: (lp, files, options) => lp.split(...files, options),
  convert: (lp, files, options) => lp.convert(files, options),
  edit: (lp, files, options) => lp.edit(files[0], files[1], options),
};

// Whether the engine loads and runs: an inspect of nothing compiles it and is refused in the CLI's words (64).
async function ready() {
  const lp = await engine();
  try {
    await lp.inspect();
  } catch (error) {
    if (error instanceof lp.LivePhotoError && error.code !== 70) return;
    throw error;
  }
}

async function run({ operation, files, options }) {
  const lp = await engine();
  const call = calls[operation];
  if (!call) throw new Error(`no such operation: ${operation}`);
  const { report, files: outputs } = await call(lp, files, { ...options, frame: askFrame });
  return { report, files: outputs.map(({ name, type, blob }) => ({ name, type, blob })) };
}

// The library jobs under way, by the page's id: each one's AbortController, which the page's cancel aborts.
const libraryJobs = new Map();

async function scanLibrary({ id, inputs }) {
  const controller = new AbortController();
  libraryJobs.set(id, controller);
  try {
    const lp = await engine();
    const onProgress = (progress) => self.postMessage({ type: "progress", id, progress });
    return await lp.scanLibrary(inputs, { onProgress, signal: controller.signal });
  } finally {
    libraryJobs.delete(id);
  }
}

// A library job that writes (convertLibrary, importLibrary: `run`) into the folder, or into one zip: the file's own
// writable stream, or the download's port.
async function writeLibrary({ id, inputs, options, out }, run) {
  const controller = new AbortController();
  libraryJobs.set(id, controller);
  let zip = null;
  try {
    const lp = await engine();
    zip = out.file ? await out.file.createWritable() : out.port ? writableToPort(out.port, controller.signal) : null;
    const onProgress = (progress) => self.postMessage({ type: "progress", id, progress });
    return await run(lp, inputs, { ...options, out: zip ?? out.folder, onProgress, signal: controller.signal });
  } catch (error) {
    // The job never reached its zip (it was stopped while the files were read, or failed before): a zip stopped
    // is closed whole, with nothing in it; one that failed is aborted, so that the download says it failed.
    if (zip && !zip.locked) {
      if (error?.name === "AbortError") await closeEmpty(zip).catch(() => zip.abort(error).catch(() => {}));
      else await zip.abort(error).catch(() => {});
    }
    throw error;
  } finally {
    libraryJobs.delete(id);
  }
}

const convertLibrary = (lp, inputs, options) => lp.convertLibrary(inputs, options).then(({ report, summary }) => ({ report, summary }));

// importLibrary, its progress given the seconds since its stage began (the module's batches give theirs), from
// which the page reckons the time left.
function importLibrary(lp, inputs, { onProgress, ...options }) {
  let stage = null, started = 0;
  const timed = (progress) => {
    if (progress.stage !== stage) [stage, started] = [progress.stage, Date.now()];
    onProgress({ ...progress, seconds: (Date.now() - started) / 1000 });
  };
  return lp.importLibrary(inputs, { ...options, onProgress: timed }).then(({ report }) => ({ report }));
}

// A zip of no member: its end record alone (the module's zip stream, closed at once).
async function closeEmpty(writable) {
  const { ZipStream } = await import("../engine/zipstream.js");
  return new ZipStream(writable).close();
}

self.onmessage = async ({ data }) => {
  if (data.type === "cancel") {
    libraryJobs.get(data.id)?.abort();
    return;
  }
  if (data.type === "frame") {
    const waiting = frames.get(data.frame);
    frames.delete(data.frame);
    if (!waiting) return;
    if (data.blob) waiting.resolve(data.blob);
    else waiting.reject(Object.assign(new Error(data.message), { code: data.code ?? 5 }));
    return;
  }
  try {
    const answer = data.type === "ready" ? await ready() : data.type === "library" ? await scanLibrary(data)
      : data.type === "convert-library" ? await writeLibrary(data, convertLibrary)
      : data.type === "import-library" ? await writeLibrary(data, importLibrary) : await run(data);
    self.postMessage({ type: "done", id: data.id, ...(answer ?? {}) });
  } catch (error) {
    // A LivePhotoError carries the command line's words and exit status; an AbortError is a job the page stopped;
    // anything else is the engine failing to load.
    const code = typeof error?.code === "number" ? error.code : 70;
    self.postMessage({ type: "failed", id: data.id, message: String(error?.message ?? error), code, name: error?.name });
  }
};
