// Types of library.js: a whole library in the browser, as `livephoto scan` and the command line's batches over a folder
// (docs/guide/javascript.md#libraries). livephoto.js exports its functions, loaded on their first call.

import type { ConvertToMotionOptions } from './livephoto.js';

/** A library's files: Files or Blobs (a folder input's keep their `webkitRelativePath`), `{ path, file }` pairs (the path relative to the folder), or a folder the browser handed over. */
export type LibraryInputs = FileSystemDirectoryHandle | Blob | { path: string; file: Blob } | Array<Blob | { path: string; file: Blob } | FileSystemDirectoryHandle>;

/** How far a library operation has gone. */
export interface LibraryProgress {
  phase: 'reading';
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  /** Since the operation started. */
  seconds: number;
}

export interface LibraryOptions {
  onProgress?: (progress: LibraryProgress) => void;
  /** Aborting rejects with the signal's reason (an `AbortError`) between two batches of files. */
  signal?: AbortSignal;
}

/** One item of `livephoto scan --json`, its paths relative to the folder. */
export interface LibraryItem {
  kind: 'live-photo' | 'motion-photo' | 'orphan-still' | 'orphan-movie' | 'conflict' | 'plain-photo' | 'plain-movie' | 'damaged' | 'other';
  /** A Live Photo's still, then its movie; the files in conflict; else the one file. */
  files: string[];
  identifier?: string;
  pairedBy?: 'identifier' | 'name' | 'vivo-pairing-id';
  /** Edited copies of a Live Photo (`IMG_E1234.JPG`). */
  variants: string[];
  flavor?: string;
  family?: string;
  /** Why a file is damaged, what the conflict is, what was guessed. */
  note?: string;
}

export interface LibraryScan {
  /** The objects `scan --json` prints, a line each, in its order. */
  report: LibraryItem[];
  summary: { filesFound: number; counts: Partial<Record<LibraryItem['kind'], number>>; pairedByName: number };
}

/** `livephoto scan`: every Live Photo and Motion Photo of a library, paired by content identifier, and everything else reported. */
export function scanLibrary(inputs: LibraryInputs, options?: LibraryOptions): Promise<LibraryScan>;

/** How far a batch has gone once the library is read: items finished of the total, and their files' bytes. */
export interface BatchProgress {
  phase: 'writing';
  items: number;
  totalItems: number;
  failedItems: number;
  skippedItems: number;
  bytes: number;
  totalBytes: number;
  seconds: number;
}

export interface ConvertLibraryOptions {
  /** `motion`: every Live Photo to a Motion Photo; `live`: every Motion Photo to a Live Photo; `split`: both to plain files. */
  to: 'motion' | 'live' | 'split';
  /** `to: "motion"`: the gallery it is for, as `convert --flavor`. */
  flavor?: ConvertToMotionOptions['flavor'];
  /** `to: "live"`: the still's format. */
  photoFormat?: 'jpeg' | 'heic';
  videoCodec?: 'h264' | 'hevc';
  stripIdentifier?: boolean;
  /** Replace outputs that are there; without it an item whose outputs are there and hold is skipped. */
  force?: boolean;
  /** The folder the outputs go to, each item's at its place below the library's folder. */
  out: FileSystemDirectoryHandle;
  onProgress?: (progress: LibraryProgress | BatchProgress) => void;
  signal?: AbortSignal;
}

/** One line of a batch's `--json`: what was done with one item. */
export interface BatchLine {
  /** The item's first file, relative to the library's folder. */
  item: string;
  kind: LibraryItem['kind'];
  status: 'done' | 'skipped' | 'failed' | 'damaged';
  /** The item's files, relative to the library's folder. */
  inputs: string[];
  /** What was written (or is there, when skipped), relative to `out`. */
  outputs: string[];
  /** Why it failed, or why a file is damaged, in the command line's words. */
  reason?: string;
  notes: string[];
  bytes: number;
}

export interface LibraryBatch {
  /** One line per item, as the command prints them with `--json`. */
  report: BatchLine[];
  summary: { items: number; done: number; skipped: number; failed: number; leftAlone: number; damaged: number; interrupted: boolean };
}

/** The command line's batch over a folder (`convert --to motion|live DIR --out OUT`, `split DIR --out OUT`), written into `out`. */
export function convertLibrary(inputs: LibraryInputs, options: ConvertLibraryOptions): Promise<LibraryBatch>;
