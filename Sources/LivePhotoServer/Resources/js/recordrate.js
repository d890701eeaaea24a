// The frame rate a MediaRecorder really recorded, read from its bytes: the video track's frames and their times. The
// camera delivers its frames whatever the encoder does; what the encoder kept up with shows only in what it wrote.
// Two containers, as browsers record them: WebM (EBML: an ID, a size, the data; Segment and Cluster may be of unknown
// size, as a live recording writes them) and fragmented MP4 (Chromium's and Safari's MP4: a sample table per
// fragment). Only the elements that lead to the frames are read; a truncated one ends the reading.

const SEGMENT = 0x18538067, TRACKS = 0x1654ae6b, TRACK_ENTRY = 0xae, TRACK_NUMBER = 0xd7, TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675, TIMECODE = 0xe7, SIMPLE_BLOCK = 0xa3, BLOCK_GROUP = 0xa0, BLOCK = 0xa1, TIMECODE_SCALE = 0x2ad7b1;
const INFO = 0x1549a966;
const MASTERS = new Set([SEGMENT, TRACKS, TRACK_ENTRY, CLUSTER, BLOCK_GROUP, INFO]);

// A variable-length integer at `at`: its value (the length marker kept for IDs) and its length; null past the end.
function vint(bytes, at, keepMarker) {
  if (at >= bytes.length) return null;
  const first = bytes[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    if (bytes[at + i] !== 0xff) unknown = false;
  }
  return { value, length, unknown: !keepMarker && unknown };
}

function unsigned(bytes, at, size) {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i];
  return value;
}

// Every video block's time in seconds, in the order written.
function webmVideoTimes(bytes) {
  const types = new Map(), blocks = [];
  let scale = 1e6, clusterTime = 0, entry = {};
  const walk = (start, end) => {
    let at = start;
    while (at < end) {
      const id = vint(bytes, at, true);
      const size = id && vint(bytes, at + id.length, false);
      if (!id || !size) return;
      const data = at + id.length + size.length;
      const stop = size.unknown ? end : Math.min(end, data + size.value);
      if (MASTERS.has(id.value)) {
        if (id.value === TRACK_ENTRY) entry = {};
        walk(data, stop);
        if (id.value === TRACK_ENTRY && entry.number !== undefined) types.set(entry.number, entry.type);
        // An element of unknown size runs to its parent's end: the Clusters after it are read as if inside it.
        if (size.unknown) return;
      } else if (data + size.value > end) {
        return;
      } else if (id.value === TIMECODE_SCALE) {
        scale = unsigned(bytes, data, size.value);
      } else if (id.value === TRACK_NUMBER) {
        entry.number = unsigned(bytes, data, size.value);
      } else if (id.value === TRACK_TYPE) {
        entry.type = unsigned(bytes, data, size.value);
      } else if (id.value === TIMECODE) {
        clusterTime = unsigned(bytes, data, size.value);
      } else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
        const track = vint(bytes, data, false);
        if (track && size.value >= track.length + 2) {
          let relative = bytes[data + track.length] * 256 + bytes[data + track.length + 1];
          if (relative >= 0x8000) relative -= 0x10000;
          blocks.push({ track: track.value, time: ((clusterTime + relative) * scale) / 1e9 });
        }
      }
      at = stop;
    }
  };
  walk(0, bytes.length);
  return blocks.filter((b) => types.get(b.track) === 1).map((b) => b.time);
}

// A fragmented MP4's video samples' presentation times in seconds: the video track's timescale (moov), then each
// fragment's samples (moof: its base decode time, each sample's duration and composition offset).
function mp4VideoTimes(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at) => view.getUint32(at), type = (at) => String.fromCharCode(...bytes.subarray(at, at + 4));
  const tracks = new Map(), defaults = new Map(), times = [];
  let track = {}, fragment = {};
  const walk = (start, end) => {
    let at = start;
    while (at + 8 <= end) {
      let size = u32(at), header = 8;
      const kind = type(at + 4);
      if (size === 1) {
        if (at + 16 > end) return;
        size = u32(at + 8) * 2 ** 32 + u32(at + 12);
        header = 16;
      } else if (size === 0) {
        size = end - at;
      }
      if (size < header || at + size > end) return;
      const data = at + header;
      if (kind === "trak") {
        track = {};
        walk(data, at + size);
        if (track.id !== undefined) tracks.set(track.id, track);
      } else if (kind === "traf") {
        fragment = { time: 0, duration: undefined };
        walk(data, at + size);
      } else if (["moov", "mdia", "minf", "mvex", "moof"].includes(kind)) {
        walk(data, at + size);
      } else if (kind === "tkhd") {
        track.id = u32(data + (bytes[data] === 1 ? 20 : 12));
      } else if (kind === "mdhd") {
        track.scale = u32(data + (bytes[data] === 1 ? 20 : 12));
      } else if (kind === "hdlr") {
        track.video = type(data + 8) === "vide";
      } else if (kind === "trex") {
        defaults.set(u32(data + 4), u32(data + 12));
      } else if (kind === "tfhd") {
        const flags = u32(data) & 0xffffff;
        fragment.id = u32(data + 4);
        let field = data + 8 + (flags & 0x1 ? 8 : 0) + (flags & 0x2 ? 4 : 0);
        if (flags & 0x8) fragment.duration = u32(field);
      } else if (kind === "tfdt") {
        fragment.time = bytes[data] === 1 ? u32(data + 4) * 2 ** 32 + u32(data + 8) : u32(data + 4);
      } else if (kind === "trun") {
        const version = bytes[data], flags = u32(data) & 0xffffff, count = u32(data + 4);
        const info = tracks.get(fragment.id);
        let field = data + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
        const each = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
        if (!info || !info.video || !info.scale || field + count * each > at + size) return;
        for (let i = 0; i < count; i++, field += each) {
          let slot = field;
          const duration = flags & 0x100 ? u32(slot) : fragment.duration ?? defaults.get(fragment.id) ?? 0;
          if (flags & 0x100) slot += 4;
          if (flags & 0x200) slot += 4;
          if (flags & 0x400) slot += 4;
          const offset = flags & 0x800 ? (version === 0 ? u32(slot) : view.getInt32(slot)) : 0;
          times.push((fragment.time + offset) / info.scale);
          fragment.time += duration;
        }
      }
      at += size;
    }
  };
  walk(0, bytes.length);
  return times;
}

// Every video frame's time in seconds, from the recording's bytes (WebM or fragmented MP4; none from anything else).
export function recordedVideoTimes(bytes) {
  const mp4 = bytes.length >= 8 && String.fromCharCode(...bytes.subarray(4, 8)) === "ftyp";
  return mp4 ? mp4VideoTimes(bytes) : webmVideoTimes(bytes);
}

// Frames per second over the video's frames from `since` seconds after its first on (null with fewer than two, or
// when the bytes are neither WebM nor MP4).
export function recordedFrameRate(bytes, since = 0) {
  const all = recordedVideoTimes(bytes).sort((a, b) => a - b);
  const times = all.filter((t) => t - all[0] >= since);
  if (times.length < 2 || times[times.length - 1] <= times[0]) return null;
  return (times.length - 1) / (times[times.length - 1] - times[0]);
}
