// The page's side of the engine: one Worker (engine-worker.js) that runs livephoto.js, the lossless operations
// compiled to WebAssembly. `runEngine` posts the Files and resolves to {report, files: [{name, type, blob}]}, the
// command line's --json report and its outputs as Blobs; it rejects with an EngineError carrying the command line's
// words and exit status. A frame the engine asks for is drawn here, where the video decoder is, by the module's
// grabFrame (the engine's livephoto.js, loaded in the page only when a frame is asked for). `scanLibraryInEngine`,
// `convertLibraryInEngine` and `importLibraryInEngine` run the module's scanLibrary, convertLibrary and importLibrary
// there too, with their progress posted back and no time limit.

// Why an operation failed: the message in the command line's words, `code` its exit status (2 bad input, 64 bad
// option, 5 needs a tool the browser does not have, 70 the engine itself).
export class EngineError extends Error {
  constructor(message, code) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

// True when the failure needs what only the server or the command line has (ffmpeg, a .pvt.zip's reader).
export const needsTool = (error) => error instanceof EngineError && error.code === 5;

// The longest one operation may take: the lossless work on a large file takes well under a second, a frame drawn
// for it a few; a worker still busy after this is stopped, and the next call starts a new one. A library's scan has
// no such limit: it takes as long as its files take to read, and the user cancels it.
const operationSeconds = 120;

let worker = null;
const waiting = new Map();
let nextID = 0;

function failAll(message) {
  for (const { reject, timer } of waiting.values()) {
    clearTimeout(timer);
    reject(new EngineError(message, 70));
  }
  waiting.clear();
  worker?.terminate();
  worker = null;
}

async function answerFrame(data) {
  try {
    const { grabFrame } = await import(new URL("../engine/livephoto.js", import.meta.url));
    const blob = await grabFrame(data.video, data.seconds);
    worker?.postMessage({ type: "frame", frame: data.frame, blob });
  } catch (error) {
    worker?.postMessage({ type: "frame", frame: data.frame, message: error.message, code: error.code ?? 5 });
  }
}

function started() {
  if (worker) return worker;
  worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module", name: "livephoto engine" });
  worker.onmessage = ({ data }) => {
    if (data.type === "frame") { answerFrame(data); return; }
    const call = waiting.get(data.id);
    if (!call) return;
    if (data.type === "progress") { call.onProgress?.(data.progress); return; }
    clearTimeout(call.timer);
    waiting.delete(data.id);
    if (data.type === "done") call.resolve(data);
    else if (data.name === "AbortError") call.reject(new DOMException(data.message, "AbortError"));
    else call.reject(new EngineError(data.message, data.code));
  };
  // The worker's module could not load (no engine on this server): every call under way fails, and the next starts
  // a new worker.
  worker.onerror = (event) => { event.preventDefault(); failAll("the engine could not be loaded"); };
  return worker;
}

// Posts `message` (with `transfer`, the MessagePorts it hands over) and resolves to the worker's answer; a worker that
// gives none in `seconds` is stopped, and every call under way fails with code 70. With `seconds` null there is no
// limit; `onProgress` gets the worker's progress messages; `signal` cancels the call: the worker is told to stop, and
// the promise rejects with the signal's reason at once, or, with `answerAfterCancel`, settles with the worker's own
// answer (a batch stops between two items, and says how far it got).
function post(message, seconds = operationSeconds, { onProgress, signal, transfer = [], answerAfterCancel = false } = {}) {
  return new Promise((resolve, reject) => {
    const id = ++nextID;
    const timer = seconds === null ? null
      : setTimeout(() => failAll(`the engine gave no answer in ${seconds} s and was stopped`), seconds * 1000);
    const finish = (settle) => (value) => { signal?.removeEventListener("abort", cancel); settle(value); };
    const cancel = () => {
      if (!waiting.has(id)) return;
      if (answerAfterCancel) {
        worker?.postMessage({ type: "cancel", id });
        return;
      }
      clearTimeout(timer);
      waiting.delete(id);
      worker?.postMessage({ type: "cancel", id });
      reject(signal.reason);
    };
    if (signal?.aborted) { reject(signal.reason); return; }
    signal?.addEventListener("abort", cancel, { once: true });
    waiting.set(id, { resolve: finish(resolve), reject: finish(reject), timer, onProgress });
    started().postMessage({ ...message, id }, transfer);
  });
}

// Whether the engine loads here (its module and its WebAssembly, compiled once): false, not an error, when it
// cannot, so the page falls back to the server, or says what is missing.
export async function startEngine(seconds = 30) {
  if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") return false;
  try {
    await post({ type: "ready" }, seconds);
    return true;
  } catch (error) {
    return false;
  }
}

// Runs `operation` (inspect, verify, make, split, convert, edit) on `files` with `options` (the command line's long
// flags in camelCase).
export async function runEngine(operation, files, options = {}) {
  const answer = await post({ type: "run", operation, files, options });
  return { report: answer.report, files: answer.files };
}

// `livephoto scan` of a library in the worker (the module's scanLibrary): `inputs` are Files, `{ path, file }` pairs or
// a FileSystemDirectoryHandle, all of which the worker receives as they are (nothing is read here). Resolves to
// `{ report, summary }`; `onProgress` gets the module's progress ({ files, totalFiles, bytes, totalBytes, seconds });
// `signal` cancels the scan, which rejects with the signal's reason (an AbortError).
export async function scanLibraryInEngine(inputs, { onProgress, signal } = {}) {
  const answer = await post({ type: "library", inputs }, null, { onProgress, signal });
  return { report: answer.report, summary: answer.summary };
}

// The command line's batch over a library in the worker (the module's convertLibrary): `options` are its `to` and
// `flavor`; `out` is where the outputs go, `{ folder }` (a FileSystemDirectoryHandle), `{ file }` (a
// FileSystemFileHandle the zip is written into) or `{ port }` (a MessagePort to a streamed download, transferred: see
// download-stream.js). Resolves to `{ report, summary }`; `onProgress` gets the module's progress, reading then
// writing. `signal` stops the batch between two items, and it resolves with what was done (`summary.interrupted`);
// stopped while the files are read, it rejects with an AbortError.
export async function convertLibraryInEngine(inputs, options, out, { onProgress, signal } = {}) {
  const answer = await post({ type: "convert-library", inputs, options, out }, null,
    { onProgress, signal, transfer: out.port ? [out.port] : [], answerAfterCancel: true });
  return { report: answer.report, summary: answer.summary };
}

// `livephoto import` of a camera's folder in the worker (the module's importLibrary): `options` are its `layout` and
// `partName`; `out` as for convertLibraryInEngine. Resolves to `{ report }`, the lines `import --json` prints;
// `onProgress` gets the module's progress (`{ stage, done, total, bytes, totalBytes }`, and the `seconds` of its stage).
// `signal` stops it between two files, or two items while writing; the worker records what was written (a second
// run resumes there), then this rejects with an AbortError.
export async function importLibraryInEngine(inputs, options, out, { onProgress, signal } = {}) {
  const answer = await post({ type: "import-library", inputs, options, out }, null,
    { onProgress, signal, transfer: out.port ? [out.port] : [], answerAfterCancel: true });
  return { report: answer.report };
}
