// Camera: a Live Photo at each press, as an iPhone takes them. The camera records all the time in staggered
// MediaRecorders: a new one starts every `before` seconds, so at any moment one has been recording for at least
// `before` seconds (and at most twice that). A press keeps the newest such recorder running until `after` seconds
// past the press (an unclaimed recorder is dropped once no press can need it), takes the still at the press, and
// hands the recording, the still and the press's time in the recording to the server, which cuts the window and
// makes the Live Photo. Presses in quick succession may share a recording; each is one Live Photo.
// The first recorder's frame rate is read from what it wrote: below `minimumRate`, the recording steps down a size
// (the preview drawn on a smaller canvas) and is measured again, while the preview and the still keep the camera's
// full size.
import { $, showError } from "./dom.js";
import { deliver, shotCard } from "./camerashots.js";
import { recordedFrameRate } from "./recordrate.js";

// The frame rate a recording must hold (a lock screen wants 20; this leaves room) when the camera gives that many,
// and the heights tried below the camera's own, in turn.
const minimumRate = 24;
const stepHeights = [720, 540, 360];

// The camera's state, this module's alone.
const camera = {
  before: 1.5, after: 1.5, facing: "environment", stream: null, type: "", imageCapture: null,
  recorders: [], timer: null, closing: false, shots: 0, deliveries: Promise.resolve(),
  // What is recorded (the camera's track, or a scaled clone, with the sound) and its size; the camera's own size.
  track: null, recordStream: null, recordSize: null, fullSize: null, cameraRate: 0, measuring: false,
  // Each size measured and its frame rate ("1920x1080 19.9"), for whoever looks at the page.
  measured: [],
};

// What this browser records: H.264 where it can (the server then copies the frames as they are), else VP8/VP9.
function recordingType(audio) {
  const types = audio
    ? ["video/mp4;codecs=avc1,mp4a.40.2", "video/webm;codecs=h264,opus", "video/mp4", "video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"]
    : ["video/mp4;codecs=avc1", "video/webm;codecs=h264", "video/mp4", "video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"];
  return types.find((type) => MediaRecorder.isTypeSupported(type)) || "";
}

function cameraErrorText(err) {
  if (!window.isSecureContext) return "The camera needs a secure page: open the app on this computer, or start serve with --tls.";
  if (err && err.name === "NotAllowedError") return "The browser was not allowed to use the camera.";
  if (err && err.name === "NotFoundError") return "No camera was found.";
  return `The camera could not be started: ${err && err.message ? err.message : err}`;
}

function startRecorder() {
  const entry = { chunks: [], presses: [], keepUntil: 0, anchor: 0, recorder: null, blob: null, stream: camera.recordStream, measure: false };
  entry.recorder = new MediaRecorder(entry.stream, camera.type ? { mimeType: camera.type } : {});
  entry.recorder.ondataavailable = (e) => { if (e.data.size) entry.chunks.push(e.data); };
  entry.blob = new Promise((resolve) => {
    entry.recorder.onstop = () => {
      resolve(new Blob(entry.chunks, { type: entry.recorder.mimeType || camera.type || "video/webm" }));
      releaseStream(entry.stream);
    };
  });
  // The first recorder of a size is the one measured.
  if (camera.measuring && !camera.recorders.some((r) => r.stream === entry.stream)) entry.measure = true;
  // The recording's time 0 is the first frame after start(): its time on the page's clock is taken as the moment of
  // the call (the server then finds the frame the still shows near the press).
  entry.anchor = performance.now();
  entry.recorder.start(1000);
  camera.recorders.push(entry);
}

// The camera's video at width×height: each frame the preview shows, drawn on a canvas of that size. (A clone of the
// camera's track given smaller constraints is recorded at the camera's size all the same: Chromium 156, measured.)
function scaledTrack(width, height) {
  const video = $("camera-preview"), canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  const track = canvas.captureStream(0).getVideoTracks()[0];
  const next = () => (video.requestVideoFrameCallback ? video.requestVideoFrameCallback(draw) : setTimeout(draw, 1000 / 60));
  const draw = () => {
    if (track.readyState === "ended") return;
    context.drawImage(video, 0, 0, width, height);
    track.requestFrame();
    next();
  };
  next();
  return track;
}

// A scaled copy no recorder uses any more is stopped (the camera's own track stops with the camera).
function releaseStream(stream) {
  if (stream === camera.recordStream || camera.recorders.some((r) => r.stream === stream)) return;
  for (const track of stream.getVideoTracks()) if (track !== camera.track) track.stop();
}

// Whether a recording at `fps` falls behind the camera (the encoder drops frames; a smaller size helps) rather than
// holding every frame the camera gives (a 20 fps camera, a dim webcam: nothing on the page helps).
function behindCamera(fps) {
  return camera.cameraRate ? fps < camera.cameraRate * 0.9 : true;
}

// The recording's size, said on the page when it is smaller than the camera's; and the camera, when it is what keeps
// the frame rate under `minimumRate`.
function showRate(fps) {
  const { width, height } = camera.recordSize, full = camera.fullSize;
  const stepped = width < full.width || height < full.height;
  const cameraLimited = !camera.measuring && fps !== null && fps < minimumRate && !behindCamera(fps);
  $("camera").dataset.rate = camera.measuring ? "measuring" : stepped ? "stepped" : "full";
  $("camera").dataset.limitedBy = cameraLimited ? "camera" : "";
  $("camera").dataset.recordSize = `${width}x${height}`;
  $("camera").dataset.recordRate = fps ? fps.toFixed(1) : "";
  $("camera").dataset.measured = camera.measured.join(", ");
  const line = $("camera-rate");
  line.hidden = camera.measuring || (!stepped && !cameraLimited);
  if (line.hidden) return;
  const lockScreen = Math.round(fps) < 20 ? "; a lock screen animates only from 20 fps" : "";
  line.textContent = cameraLimited
    ? `The camera gives ${Math.round(fps)} fps, and the recording keeps every frame: the camera limits the frame rate${lockScreen}.`
    : fps !== null && fps < minimumRate
      ? `Recording at ${width}×${height}, ${Math.round(fps)} fps, the most this browser keeps up with; the photo stays ${full.width}×${full.height}.`
      : `Recording at ${width}×${height} to keep ${minimumRate} fps; the photo stays ${full.width}×${full.height}.`;
}

// Reads the frame rate `entry` recorded (from 1 s on, once the next recorder runs beside it, as it will from then on)
// and steps the recording's size down while it is below `minimumRate`.
async function measureRate(entry) {
  const bytes = new Uint8Array(await new Blob(entry.chunks).arrayBuffer());
  const fps = recordedFrameRate(bytes, 1) ?? recordedFrameRate(bytes);
  if (entry.stream !== camera.recordStream || !camera.measuring || camera.closing) return;
  const full = camera.fullSize, height = stepHeights.find((h) => h < camera.recordSize.height);
  // Unreadable, fast enough, as fast as the camera itself (a camera that gives fewer frames gets nothing from a
  // smaller size), or nothing smaller to try: the size stays.
  const behind = behindCamera(fps);
  if (fps !== null) camera.measured.push(`${camera.recordSize.width}x${camera.recordSize.height} ${fps.toFixed(1)}`);
  if (fps === null || fps >= minimumRate || !behind || !height) {
    camera.measuring = false;
    showRate(fps);
    return;
  }
  const width = Math.round((height * full.width) / full.height / 2) * 2;
  camera.recordStream = new MediaStream([scaledTrack(width, height), ...camera.stream.getAudioTracks()]);
  camera.recordSize = { width, height };
  // Recorders of the larger size that no press holds would only slow the new one down.
  for (const old of [...camera.recorders]) if (old.presses.length === 0) stopRecorder(old);
  showRate(fps);
  cameraTick();
}

function stopRecorder(entry) {
  camera.recorders = camera.recorders.filter((r) => r !== entry);
  // A measured recorder stopped early (a short --before) is measured on what it recorded.
  if (entry.measure) {
    entry.measure = false;
    entry.blob.then(() => measureRate(entry));
  }
  if (entry.recorder.state !== "inactive") entry.recorder.stop();
  if (entry.presses.length) {
    const shots = entry.presses;
    camera.deliveries = camera.deliveries.then(() => deliver(entry.blob, shots));
  }
}

function cameraTick() {
  const now = performance.now(), stagger = camera.before * 1000;
  const newest = camera.recorders[camera.recorders.length - 1];
  if (!camera.closing && (!newest || now - newest.anchor >= stagger)) {
    try {
      startRecorder();
    } catch (err) {
      showError("camera-error", `This browser cannot record the camera: ${err.message || err}`);
      closeCamera();
      return;
    }
  }
  for (const entry of camera.recorders) {
    if (entry.measure && entry.chunks.length >= 3) {
      entry.measure = false;
      measureRate(entry);
    }
  }
  for (const entry of [...camera.recorders]) {
    // A recorder is the one a press claims while it is the newest that started `before` seconds ago or more.
    const unneeded = entry.presses.length === 0 && (camera.closing || now - entry.anchor >= camera.before * 1000 + stagger + 200);
    const complete = entry.presses.length > 0 && (now >= entry.keepUntil || entry.recorder.state === "inactive");
    if (unneeded || complete) stopRecorder(entry);
  }
  $("camera-state").textContent = camera.recorders.some((r) => r.presses.length) ? "LIVE" : "READY";
  $("camera-state").dataset.live = camera.recorders.some((r) => r.presses.length) ? "yes" : "no";
  if (camera.closing && camera.recorders.length === 0) {
    clearInterval(camera.timer);
    camera.timer = null;
    if (camera.stream) for (const track of camera.stream.getTracks()) track.stop();
    for (const track of camera.recordStream ? camera.recordStream.getVideoTracks() : []) track.stop();
    camera.stream = null;
    camera.recordStream = null;
    $("camera-state").textContent = "OFF";
    $("camera-state").dataset.live = "no";
  }
}

async function openCamera() {
  showError("camera-error", "");
  closeCamera();
  while (camera.timer) await new Promise((resolve) => setTimeout(resolve, 50));
  const audio = $("camera-audio").checked;
  try {
    if (!navigator.mediaDevices || !window.MediaRecorder) throw new Error("this browser cannot record video");
    camera.stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: camera.facing }, width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 30 } },
      audio,
    });
  } catch (err) {
    showError("camera-error", cameraErrorText(err));
    return;
  }
  camera.type = recordingType(audio);
  const track = camera.stream.getVideoTracks()[0];
  camera.imageCapture = window.ImageCapture ? new ImageCapture(track) : null;
  // Recorded at the camera's size until the first recorder's frame rate says otherwise.
  const settings = track.getSettings();
  camera.track = track;
  camera.recordStream = camera.stream;
  camera.fullSize = { width: settings.width || 0, height: settings.height || 0 };
  camera.cameraRate = settings.frameRate || 0;
  camera.recordSize = { ...camera.fullSize };
  camera.measured = [];
  camera.measuring = Boolean(camera.fullSize.height);
  showRate(null);
  $("camera-preview").srcObject = camera.stream;
  camera.closing = false;
  camera.timer = setInterval(cameraTick, 50);
  cameraTick();
  $("camera-shutter").disabled = false;
  $("camera-switch").disabled = false;
  $("camera-start").textContent = "Stop camera";
  $("camera").dataset.recording = camera.type || "default";
}

// Stops the camera once every press under way has its video; recorders nobody needs stop at once.
function closeCamera() {
  if (!camera.timer) return;
  camera.closing = true;
  $("camera-shutter").disabled = true;
  $("camera-switch").disabled = true;
  $("camera-start").textContent = "Start camera";
  cameraTick();
}

// The still: the camera's own photo at full resolution where the browser can take one, else the frame on screen
// at the press, at the video's own size.
function takeStill() {
  const video = $("camera-preview");
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d").drawImage(video, 0, 0);
  const frame = () => new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.95));
  if (!camera.imageCapture) return frame();
  return camera.imageCapture.takePhoto().catch(frame);
}

function shutter() {
  if (!camera.timer || camera.closing) return;
  const now = performance.now();
  const recording = camera.recorders.filter((r) => r.recorder.state === "recording");
  // The newest recorder with `before` seconds behind the press; just after the camera starts, the oldest there is.
  const entry = recording.filter((r) => r.anchor <= now - camera.before * 1000).pop() || recording[0];
  if (!entry) return;
  const id = ++camera.shots;
  const shot = { id, press: (now - entry.anchor) / 1000, still: takeStill(), card: shotCard(id) };
  entry.presses.push(shot);
  entry.keepUntil = Math.max(entry.keepUntil, now + camera.after * 1000);
  cameraTick();
}

// Shows the camera's window (seconds kept before and after a press) as the server was told it.
export function configureCamera(config) {
  camera.before = config.captureBefore ?? camera.before;
  camera.after = config.captureAfter ?? camera.after;
  $("camera-window").textContent = camera.before === camera.after
    ? `${camera.before} s before and after` : `${camera.before} s before and ${camera.after} s after`;
}

// The camera runs while its mode is shown: showing it starts the camera, leaving it stops it (once the presses
// under way have their video).
export function cameraModeShown(mode) {
  if (mode === "camera" && !camera.timer) openCamera();
  if (mode !== "camera") closeCamera();
}

export function setUpCamera() {
  $("camera-start").addEventListener("click", () => (camera.timer && !camera.closing ? closeCamera() : openCamera()));
  $("camera-shutter").addEventListener("click", shutter);
  $("camera-switch").addEventListener("click", () => { camera.facing = camera.facing === "environment" ? "user" : "environment"; openCamera(); });
  $("camera-audio").addEventListener("change", () => { if (camera.timer && !camera.closing) openCamera(); });
  document.addEventListener("keydown", (e) => {
    if ($("camera").hidden || e.repeat || !(e.key === " " || e.key === "Enter")) return;
    // Keys meant for another control, or for a Live Photo in the roll (held to play it), are left to it.
    if (e.target.closest && e.target.closest("input, select, textarea, a, button:not(.shutter), .live-viewer")) return;
    e.preventDefault();
    shutter();
  });
}
