// The members of an export's zip parts checked before anything is compared or written
// (docs/guide/javascript.md#an-exports-zips), as the command line checks each member it lands: each read through once,
// its size and CRC-32 against what the part's directory says. Stored members that lie one after another in a part are
// read as one stream of the part, through one buffer used again for every read: a few streams in all, and nothing
// left per read for the garbage collector. A deflated member is read through its inflater.

import { eachChunk } from './readbuffers.js';
import { runEngine } from './livephoto.js';
import { ZipMemberBlob, problemOf } from './zipmember.js';
import { crc32 } from './zipstream.js';

/** Members whose data the engine finds in one run (it reads each one's local header). */
const locatedPerRun = 32;
/** Streams read at once: one's bytes come while another's are checked. */
const checkLanes = 3;
/** The most bytes between two stored members read past in one stream (a local header, a file not asked for). */
const largestGap = 1 << 20;

/**
 * The media `wanted` (indices into `files`) that are zip members, located and read through once each, as the command
 * line reads each member as it lands it: the CRC-32 and size checked, a deflate bomb stopped at its declared size.
 * Resolves to the import's `failed` rows, `[member, entry, problem, detail]`, for those that could not be read right.
 */
export async function checkMembers(wanted, files, session, { signal, progress } = {}) {
  const zipped = wanted.filter((member) => files[member] instanceof ZipMemberBlob);
  const failed = [];
  const byPart = new Map();
  for (const member of zipped) {
    const { part } = files[member];
    if (!byPart.has(part)) byPart.set(part, []);
    byPart.get(part).push(member);
  }
  for (const [part, members] of byPart) {
    for (let start = 0; start < members.length; start += locatedPerRun) {
      signal?.throwIfAborted();
      const batch = members.slice(start, start + locatedPerRun);
      const answer = await runEngine('zipData', [part], { entries: batch.map((m) => files[m].entry) }, undefined, session);
      batch.forEach((member, i) => {
        const range = answer.report.ranges[i];
        if (typeof range === 'string') failed.push([member, files[member].entry, 'engine', range]);
        else files[member].range = range;
      });
    }
  }
  const total = zipped.length, totalBytes = zipped.reduce((sum, member) => sum + files[member].size, 0);
  let done = 0, bytes = 0, next = 0;
  const problems = new Map();
  const checked = (member, problem) => {
    if (problem) problems.set(member, [member, files[member].entry, ...problem]);
    done += 1;
    bytes += files[member].size;
    progress?.({ done, total, bytes, totalBytes });
  };
  const located = zipped.filter((member) => files[member].range);
  for (const member of zipped) if (!files[member].range) checked(member, null); // failed already, above
  const stored = located.filter((member) => files[member].compression === 'stored');
  const work = [
    ...[...byPart.keys()].flatMap((part) => runsOf(stored.filter((member) => files[member].part === part), files)),
    ...located.filter((member) => files[member].compression !== 'stored').map((member) => [member]),
  ];
  const lane = async () => {
    while (next < work.length) {
      signal?.throwIfAborted();
      const run = work[next++];
      if (files[run[0]].compression === 'stored') await checkRun(run, files, checked, signal);
      else await checkAlone(run[0], files, checked);
    }
  };
  await Promise.all(Array.from({ length: checkLanes }, lane));
  return [...failed, ...zipped.filter((member) => problems.has(member)).map((member) => problems.get(member))];
}

/**
 * The stored `members` of one part in runs read as one stream each: in the order of their data, a new run where the
 * next begins more than `largestGap` past the last one's end, or before its end (members that share bytes).
 */
function runsOf(members, files) {
  const runs = [];
  let end = -1;
  for (const member of [...members].sort((a, b) => files[a].range[0] - files[b].range[0])) {
    const [start, length] = files[member].range;
    if (runs.length === 0 || start < end || start - end > largestGap) runs.push([]);
    runs.at(-1).push(member);
    end = start + length;
  }
  return runs;
}

/** Reads `member` through by itself (its `stream()` checks it), and says how it went. */
async function checkAlone(member, files, checked) {
  let problem = null;
  try {
    await eachChunk(files[member].stream(), () => {});
  } catch (error) {
    problem = problemOf(error, files[member]);
  }
  checked(member, problem);
}

/**
 * Reads the part's bytes from the first member's data to the last one's end once, each member's CRC-32 worked out as
 * its bytes go by, and calls `checked(member, problem)` for each as its bytes end (`problem` null, or as `problemOf`
 * gives it). A part that ends early leaves those past its end short. Where the read fails, the members not done are
 * each read by themselves, so that the failure is only theirs whose bytes it lies in, as when each is read alone.
 */
async function checkRun(run, files, checked, signal) {
  const blobs = run.map((member) => files[member]);
  const from = blobs[0].range[0], to = blobs.reduce((end, { range }) => Math.max(end, range[0] + range[1]), from);
  const sums = blobs.map(() => ({ crc: 0, length: 0 }));
  let at = 0, position = from, telling = false;
  const verdict = (index) => {
    const problem = blobs[index].problemWith(sums[index].length, sums[index].crc);
    return problem && [problem.problem, problem.detail];
  };
  // What the caller's progress throws, and a stop, end the check; they are no read's failure.
  const tell = (index) => {
    telling = true;
    checked(run[index], verdict(index));
    telling = false;
  };
  try {
    await eachChunk(blobs[0].part.slice(from, to), (chunk) => {
      signal?.throwIfAborted();
      const end = position + chunk.length;
      while (at < blobs.length) {
        const [start, length] = blobs[at].range;
        const first = Math.max(start, position), last = Math.min(start + length, end);
        if (last > first) {
          sums[at].crc = crc32(sums[at].crc, chunk.subarray(first - position, last - position));
          sums[at].length += last - first;
        }
        if (start + length > end) break;
        tell(at);
        at += 1;
      }
      position = end;
    });
  } catch (error) {
    if (telling || signal?.aborted) throw error;
    for (; at < blobs.length; at++) {
      signal?.throwIfAborted();
      await checkAlone(run[at], files, checked);
    }
    return;
  }
  for (; at < blobs.length; at++) tell(at);
}
