// The page's side of the engine: one Worker (engine-worker.js) that runs livephoto.js, the lossless operations
// compiled to WebAssembly. `runEngine` posts the Files and resolves to {report, files: [{name, type, blob}]}, the
// command line's --json report and its outputs as Blobs; it rejects with an EngineError carrying the command line's
// words and exit status. A frame the engine asks for is drawn here, where the video decoder is, by the module's
// grabFrame (the engine's livephoto.js, loaded in the page only when a frame is asked for).

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
// for it a few; a worker still busy after this is stopped, and the next call starts a new one.
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
    clearTimeout(call.timer);
    waiting.delete(data.id);
    if (data.type === "done") call.resolve(data);
    else call.reject(new EngineError(data.message, data.code));
  };
  // The worker's module could not load (no engine on this server): every call under way fails, and the next starts
  // a new worker.
  worker.onerror = (event) => { event.preventDefault(); failAll("the engine could not be loaded"); };
  return worker;
}

// Posts `message` and resolves to the worker's answer; a worker that gives none in `seconds` is stopped, and every
// call under way fails with code 70.
function post(message, seconds = operationSeconds) {
  return new Promise((resolve, reject) => {
    const id = ++nextID;
    const timer = setTimeout(() => failAll(`the engine gave no answer in ${seconds} s and was stopped`), seconds * 1000);
    waiting.set(id, { resolve, reject, timer });
    started().postMessage({ ...message, id });
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
