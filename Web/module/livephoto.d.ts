// Types of livephoto.js: the lossless engine (make, split, convert, edit, inspect, verify) as WebAssembly, for pages,
// Workers and Node 20+. See docs/guide/javascript.md.

/** Why an operation failed: the command line's words and its exit status. */
export class LivePhotoError extends Error {
  readonly name: 'LivePhotoError';
  /** The command line's exit status: 2 bad input, 64 a bad option, 5 a tool the browser lacks (ffmpeg, heif-enc), 70 an engine fault. */
  readonly code: number;
  constructor(message: string, code: number);
}

/** One file an operation wrote: its name as the command line names it, its media type, and its bytes. */
export interface OutputFile {
  name: string;
  type: string;
  /** New header bytes and slices of the input files: nothing was copied. */
  blob: Blob;
}

/** What every operation resolves to. */
export interface Result<Report = unknown> {
  /** What the command line's `--json` prints, with file names where it prints paths. */
  report: Report;
  files: OutputFile[];
}

/** Draws the frame at `seconds` of `video` as a JPEG: a page's `<video>` and canvas by default; give one in a Worker. */
export type FrameGrabber = (video: Blob, seconds: number) => Promise<Blob>;

export interface MakeOptions {
  /** Cover time in seconds, snapped to the nearest frame (default: the middle frame, or the movie's own). */
  cover?: number;
  /** The content identifier, a UUID (default: a new random one). */
  id?: string;
  /** The outputs' stem (default: the video's name). */
  name?: string;
  /** As the command line's `--force`: a browser overwrites nothing. */
  force?: boolean;
  /**
   * Refuse a photo whose MakerNote another camera maker wrote (code 2). By default it is replaced by Apple's, where
   * Photos reads the identifier, and the report's `notes` name the maker.
   */
  refuseForeignMakerNote?: boolean;
  /**
   * One file, `STEM.pvt.zip`, instead of the pair: the `.pvt` bundle zipped, every member stored (the checksums read
   * through the browser's CompressionStream), its members the command line's byte for byte. The way onto an iPhone
   * without a Mac: Files expands it into the `.pvt`, which it saves to Photos as a Live Photo.
   */
  pvtZip?: boolean;
  /** `heic` from a JPEG needs heif-enc (code 5); `jpeg` from a HEIC is refused. */
  photoFormat?: 'jpeg' | 'heic';
  /** Fail when the lock-screen wallpaper would not animate. */
  wallpaper?: boolean;
  /** Leave out the live-photo-info track the lock-screen wallpaper needs. */
  noWallpaper?: boolean;
  quality?: number;
  frame?: FrameGrabber;
}

export interface ConvertToMotionOptions {
  to: 'motion';
  flavor?: 'samsung' | 'google' | 'oppo' | 'vivo' | 'vivo-pair' | 'xiaomi' | 'huawei' | 'honor';
  /** Copy only: a video already in this codec is kept; another needs ffmpeg (code 5). */
  videoCodec?: 'h264' | 'hevc';
  stripIdentifier?: boolean;
  force?: boolean;
  name?: string;
}

export interface ConvertToLiveOptions {
  to: 'live';
  cover?: number;
  id?: string;
  force?: boolean;
  name?: string;
}

export interface EditOptions {
  /** The range kept, `START..END` in seconds (`0.5..2.5`, `..2`, `1..`). */
  trim?: string;
  mute?: boolean;
  /** The new key photo: the movie's frame at this time. */
  keyPhoto?: number;
  newId?: boolean;
  name?: string;
  force?: boolean;
  quality?: number;
  frame?: FrameGrabber;
}

export interface SplitOptions {
  name?: string;
  force?: boolean;
}

export function inspect(...files: Blob[]): Promise<Result<InspectionReport>>;
export function verify(photo: Blob, movie: Blob): Promise<Result<VerificationReport>>;
export function make(photo: Blob | null | undefined, video: Blob, options?: MakeOptions): Promise<Result<MakeReport>>;
export function split(...files: Array<Blob | SplitOptions>): Promise<Result<SplitReport[]>>;
export function convert(files: Blob | Blob[], options: ConvertToMotionOptions): Promise<Result<MotionConversionReport>>;
export function convert(files: Blob | Blob[], options: ConvertToLiveOptions): Promise<Result<MakeReport>>;
export function edit(photo: Blob, movie: Blob, options?: EditOptions): Promise<Result<EditReport>>;
/** Node only: the file at `path` as a File read when sliced, never whole. */
export function openFile(path: string): Promise<File>;

// A library's operations (library.js, import.js), loaded on their first call.
export * from './library.js';
export * from './import.js';

/** What the last operation cost. For tests and benchmarks. */
export interface RunStatistics {
  /** The engine's runs: one, and one more for each range of the inputs it had to read. */
  rounds: number;
  /** The input bytes read. */
  bytesRead: number;
  /** The most memory the engine's instance held, in bytes. */
  peakMemory: number;
}
export function lastRunStatistics(): RunStatistics;

// The reports, as docs/reference/json.md describes them; fields may be added, never renamed.

export interface InspectionReport {
  files: FileReport[];
  pair?: { photo: string; movie: string; paired: boolean; reason: string };
}

export interface FileReport {
  path: string;
  format: 'jpeg' | 'heic' | 'avif' | 'quicktime' | 'mp4' | 'zip' | 'unknown';
  role: 'live-photo-still' | 'live-photo-movie' | 'motion-photo' | 'bundle' | 'still' | 'movie' | 'unknown';
  sizeBytes: number;
  contentIdentifier?: string;
  still?: { width?: number; height?: number; orientation?: number; make?: string; model?: string; makerNote?: string };
  movie?: {
    brand?: string; durationSeconds: number; coverTimeSeconds?: number; stillImageTimeTrackCount: number;
    video?: { trackID: number; codec: string; width?: number; height?: number; rotationDegrees?: number; frameCount: number; frameRate: number; durationSeconds: number };
    audioCodec?: string; tracks: Array<{ id: number; handler: string; format: string; codec: string; enabled: boolean; metadataKeys?: string[] }>;
    wallpaper?: WallpaperReport; stillImageTime?: Record<string, unknown>;
  };
  motionPhoto?: Record<string, unknown>;
  family?: string;
  flavor?: string;
  pairingIdentifier?: string;
  error?: string;
  problems: string[];
}

export interface WallpaperReport {
  ready: boolean;
  gates: Array<{ id: string; name: string; passed: boolean; detail: string }>;
}

export interface VerificationReport {
  photo: string;
  movie: string;
  passed: boolean;
  checks: Array<{ id: string; requirement: 'required' | 'recommended' | 'informational'; passed: boolean; detail: string }>;
  wallpaper?: WallpaperReport;
}

export interface MakeReport {
  identifier: string;
  coverTime: number;
  requestedCoverTime?: number;
  keptExistingStillTime: boolean;
  packaging: 'pair';
  photoSource: 'lossless' | 'converted' | 'video-frame';
  videoSource: 'lossless';
  wallpaperWarnings: string[];
  notes: string[];
  photo?: string;
  movie?: string;
}

export interface SplitReport {
  inputs: string[];
  kind: string;
  family: string;
  photo: string;
  video: string;
  coverTimeSeconds?: number;
  videoLocator?: string;
  videoOffset?: number;
  videoLength?: number;
  removed: string[];
  notes: string[];
}

export interface MotionConversionReport {
  output: string;
  format: 'jpeg' | 'heic';
  presentationTimestampUs: number;
  videoOffset: number;
  videoLength: number;
  flavor: string;
  family: string;
  reencoded: boolean;
  companion?: string;
  soundEncoded: boolean;
  notes: string[];
}

export interface EditReport {
  identifier: string;
  newIdentifier: boolean;
  keyPhotoTime: number;
  keyPhotoTimeInInput: number;
  keyPhotoChanged: boolean;
  trimmed?: { start: number; end: number; keyframe: number };
  muted: boolean;
  gainMapDropped: boolean;
  reencoded: boolean;
  photo?: string;
  movie?: string;
  notes: string[];
}
