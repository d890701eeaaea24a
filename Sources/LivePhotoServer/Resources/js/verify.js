// Verify, in this browser by the engine: what each file chosen is (inspect), and, for a photo and a movie, whether
// they pass `livephoto verify`: every check with its reason, and the lock-screen wallpaper's gates. Nothing is
// uploaded; the engine reads only the bytes it parses.
import { showChosen } from "./chosen.js";
import { $, announce, showError } from "./dom.js";
import { runEngine } from "./engine.js";
import { megabytes } from "./outputs.js";

let chosen = [];

const roles = {
  "live-photo-still": "a Live Photo's photo", "live-photo-movie": "a Live Photo's movie", "motion-photo": "a Motion Photo",
  bundle: "a .pvt bundle", still: "a photo (no Live Photo's identifier)", movie: "a movie (no Live Photo's identifier)",
  unknown: "not a file livephoto reads",
};
const formats = { jpeg: "JPEG", heic: "HEIC", avif: "AVIF", quicktime: "QuickTime", mp4: "MP4", zip: "zip" };
const isPhoto = (file) => ["jpeg", "heic", "avif"].includes(file.format);
const isMovie = (file) => ["quicktime", "mp4"].includes(file.format);

// One file's report in words: what it is, then what it holds.
function describe(file) {
  const parts = [`${formats[file.format] ?? "unknown format"}, ${roles[file.role] ?? file.role}`, megabytes(file.sizeBytes)];
  if (file.family && file.family !== "apple") parts.push(`made the way ${file.family}'s phones make it`);
  if (file.still) parts.push(`${file.still.width}×${file.still.height}${file.still.model ? `, ${file.still.model}` : ""}`);
  const movie = file.movie;
  if (movie) {
    const video = movie.video;
    if (video) parts.push(`${video.codec.toUpperCase()} ${video.width}×${video.height}, ${video.frameRate.toFixed(0)} fps`);
    parts.push(`${movie.durationSeconds.toFixed(2)} s`);
    if (movie.coverTimeSeconds !== undefined) parts.push(`the still at ${movie.coverTimeSeconds.toFixed(3)} s`);
  }
  const motion = file.motionPhoto;
  if (motion) {
    parts.push(`the movie at byte ${motion.videoOffset} (${megabytes(motion.videoLength)})`);
    if (motion.coverTimeSeconds !== undefined) parts.push(`the cover at ${motion.coverTimeSeconds.toFixed(3)} s`);
  }
  if (file.contentIdentifier) parts.push(`identifier ${file.contentIdentifier}`);
  return parts.join("; ");
}

function listItem(passed, text, extra = {}) {
  const li = document.createElement("li");
  li.dataset.passed = passed ? "yes" : "no";
  li.textContent = `${passed ? "Passed" : "Failed"}: ${text}`;
  Object.assign(li.dataset, extra);
  return li;
}

function showFiles(report) {
  const list = $("verify-files-report");
  list.replaceChildren(...report.files.flatMap((file) => {
    const term = document.createElement("dt");
    term.textContent = file.path;
    const about = document.createElement("dd");
    about.textContent = file.error ? `${roles.unknown}: ${file.error}` : describe(file);
    const problems = (file.problems ?? []).map((problem) => Object.assign(document.createElement("dd"), { className: "problem", textContent: problem }));
    return [term, about, ...problems];
  }));
}

function showChecks(verdict) {
  const required = verdict.checks.filter((check) => check.requirement === "required" && !check.passed);
  $("verify-verdict").textContent = verdict.passed
    ? "Passes verify: Photos takes these as one Live Photo."
    : `Fails verify: ${required.map((check) => check.detail).join("; ")}.`;
  $("verify-checks").replaceChildren(...verdict.checks.map((check) =>
    listItem(check.passed, `${check.id} (${check.requirement}): ${check.detail}`, { check: check.id, requirement: check.requirement })));
  $("verify-checks").hidden = false;
  const wallpaper = verdict.wallpaper;
  $("verify-wallpaper").hidden = !wallpaper;
  $("verify-gates").hidden = !wallpaper;
  if (!wallpaper) return;
  $("verify-wallpaper").textContent = wallpaper.ready
    ? "As a lock-screen wallpaper it animates."
    : "As a lock-screen wallpaper it does not animate: a gate below fails.";
  $("verify-gates").replaceChildren(...wallpaper.gates.map((gate) => listItem(gate.passed, `${gate.id} ${gate.name}: ${gate.detail}`, { gate: gate.id })));
}

// Inspects what was chosen; a photo and a movie are verified too.
async function check() {
  const files = chosen;
  showError("verify-error", "");
  $("verify-result").hidden = true;
  if (!files.length) return;
  try {
    const { report } = await runEngine("inspect", files);
    if (chosen !== files) return;
    showFiles(report);
    const photo = report.files.findIndex(isPhoto), movie = report.files.findIndex(isMovie);
    if (files.length === 2 && photo >= 0 && movie >= 0) {
      const verdict = (await runEngine("verify", [files[photo], files[movie]])).report;
      if (chosen !== files) return;
      showChecks(verdict);
    } else {
      const what = report.files.length === 1 ? describe(report.files[0]).split(";")[0] : `${report.files.length} files`;
      const half = report.files.length === 1 && ["live-photo-still", "live-photo-movie"].includes(report.files[0].role);
      $("verify-verdict").textContent = report.files.some((file) => file.error) ? "Not a file livephoto reads."
        : `${what}.${half ? " Choose it with its other half to verify the pair." : ""}`;
      for (const id of ["verify-checks", "verify-wallpaper", "verify-gates"]) $(id).hidden = true;
    }
    $("verify-result").hidden = false;
    $("verify-result").dataset.verified = files.length === 2 && photo >= 0 && movie >= 0 ? "yes" : "no";
    announce($("verify-verdict").textContent);
  } catch (err) {
    showError("verify-error", err.message);
  }
}

export function setUpVerify() {
  $("verify-files").addEventListener("change", (e) => {
    chosen = [...e.target.files];
    showChosen("verify", chosen);
    check();
  });
}
