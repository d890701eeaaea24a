// Types of import.js: a camera's folder or an export with sidecars made into a clean library in the browser, as
// `livephoto import FOLDER --out OUT` makes it (docs/guide/javascript.md#importing-a-camera-folder). livephoto.js exports `importLibrary`, loaded on its
// first call.

import type { LibraryInputs } from './library.js';

/** How far an import has gone: files of the stage's total, and their bytes. */
export interface ImportProgress {
  /**
   * `inflating`: `.tgz` parts inflated into the origin's private file system (`done` of `total` parts, their compressed
   * bytes); `checking`: zip members read through once against their CRC-32; `comparing`: files of one size checksummed
   * (copies are written once); `reading`: media files' facts read; `dating`: files dated by their sidecars read for the
   * time each keeps once stamped; `writing`: files written.
   */
  stage: 'inflating' | 'checking' | 'comparing' | 'reading' | 'dating' | 'writing';
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
}

export interface ImportLibraryOptions {
  /**
   * The library's folder (`showDirectoryPicker({ mode: "readwrite" })`), written as `YYYY/MM/NAME.EXT`; run again into
   * it to resume. Or a WritableStream that receives the library as one stored zip.
   */
  out: FileSystemDirectoryHandle | WritableStream<Uint8Array>;
  /** Folders by capture time, as `--layout` (default `year-month`). */
  layout?: 'year-month' | 'year' | 'flat';
  includeTrashed?: boolean;
  skipHidden?: boolean;
  /**
   * Albums, as `--albums`: a browser makes no links nor copies, so `links` (the default) and `copies` keep them as
   * their list, `albums.json`, where there are albums; `json` writes it always; `none` never.
   */
  albums?: 'links' | 'copies' | 'json' | 'none';
  /** The sidecar's date and place written over the file's own, as `--prefer-json` (a CSV's upload date never is). */
  preferJson?: boolean;
  /** An Apple data copy's memories made albums too, as `--memories`. */
  memories?: boolean;
  /** The report's `part` for files given as Files or `{ path, file }` pairs outside a folder (default `folder`). */
  partName?: string;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Aborting rejects with the signal's reason between two files while reading, between two items while writing;
   * what was written is recorded first, so a second run resumes there.
   */
  signal?: AbortSignal;
}

/** A media file's line of `import --json`: what became of it. */
export interface ImportEntry {
  /** The folder's name (the command line prints its path), or the zip part's file name. */
  part: string;
  /** Its path in the folder. */
  member: string;
  outcome: 'written' | 'paired-live-photo' | 'merged-into-motion-photo' | 'duplicate' | 'already-written' | 'skipped' | 'failed';
  /** The file written for it, relative to the library's folder. */
  output?: string;
  /** `PART: MEMBER` of the copy that was written, for a duplicate. */
  duplicateOf?: string;
  /** Why it was skipped or failed. */
  reason?: string;
  sidecar?: string;
  /** What its sidecar gave that was written into the file: `date`, `place`, `description`, `title`, `keywords`, `rating`, `people`. */
  wrote: string[];
  albums: string[];
  notes: string[];
}

/** A line of `import --json` for a file that is not media (a `.AAE` edit file). */
export interface ImportNonMediaLine {
  type: 'non-media';
  part: string;
  member: string;
  kind: 'takeout-data' | 'album-metadata' | 'unused-sidecar' | 'not-read';
  reason: string;
}

/** The last line of `import --json`: the counts. */
export interface ImportSummaryLine {
  type: 'summary';
  /** The library folder's name (`""` for a zip). */
  outputDirectory: string;
  mediaFiles: number;
  outcomes: Record<ImportEntry['outcome'], number>;
  nonMediaFiles: number;
  nonMedia: Record<ImportNonMediaLine['kind'], number>;
  sidecarFiles: number;
  otherFiles: string[];
  unusedSidecars: string[];
  problems: string[];
}

/**
 * `livephoto import PARTS... --out OUT` for a camera's folder or an export (a Google Takeout, Apple's data copy of
 * iCloud Photos, a folder icloudpd or osxphotos wrote): Files that are zips, tars or tgz are parts, read in place (a
 * tgz inflated into the origin's private file system first), and a zip inside one is read too. Every photo and video is
 * copied whole (a Live Photo's halves under one name, the same bytes once) into `out` by capture time, the export's
 * dates, places and captions written into the files, with a record of what was written
 * (docs/guide/javascript.md#libraries).
 */
export function importLibrary(
  inputs: LibraryInputs, options: ImportLibraryOptions,
): Promise<{ report: Array<ImportEntry | ImportNonMediaLine | ImportSummaryLine> }>;
