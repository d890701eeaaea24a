// The engine's worker: livephoto.js (the lossless operations compiled to WebAssembly) runs here, off the page's
// thread. The page posts Files and gets Blobs back (each a new header and slices of the Files: nothing is copied,
// nothing leaves the browser). A key photo drawn from a video is asked of the page, which has the video decoder. A
// library's scan posts its progress as it goes, and stops when the page cancels it.
// Loaded with `new Worker(..., {type: "module"})` by engine.js; the engine's files sit in ../engine/ on both hosts.

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

// The library scans under way, by the page's id: each one's AbortController, which the page's cancel aborts.
const scans = new Map();

async function scanLibrary({ id, inputs }) {
  const controller = new AbortController();
  scans.set(id, controller);
  try {
    const lp = await engine();
    const onProgress = (progress) => self.postMessage({ type: "progress", id, progress });
    return await lp.scanLibrary(inputs, { onProgress, signal: controller.signal });
  } finally {
    scans.delete(id);
  }
}

self.onmessage = async ({ data }) => {
  if (data.type === "cancel") {
    scans.get(data.id)?.abort();
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
    const answer = data.type === "ready" ? await ready() : data.type === "library" ? await scanLibrary(data) : await run(data);
    self.postMessage({ type: "done", id: data.id, ...(answer ?? {}) });
  } catch (error) {
    // A LivePhotoError carries the command line's words and exit status; anything else is the engine failing to load.
    const code = typeof error?.code === "number" ? error.code : 70;
    self.postMessage({ type: "failed", id: data.id, message: String(error?.message ?? error), code });
  }
};
