"""A camera folder imported in headless Chromium, for scripts/benchmark.sh's browser part: a page whose Web Worker
imports livephoto.js and runs importLibrary (the folder made into a clean library, as `livephoto import` makes it) on a
folder given as the user's Files (through <input type=file webkitdirectory>, read from disk as a browser reads them),
and on the same media as the zip parts of an Apple data copy (`iCloud Photos Part N of M.zip`, each a quarter of the
files in `iCloud Photos Part N of M/Photos/` with its Photo Details.csv) given as Files by themselves (through
<input type=file multiple>: each member read in place, its CRC-32 checked first). Prints one line per figure:
`name value unit ...`.

  python browser_import.py MODULE_DIR DCIM RUNS [PART.zip ...] [--tars PART.tgz ...]

- folder: into the origin's private file system (a FileSystemDirectoryHandle, each file through createWritable, as
  into a folder the user chose), best of RUNS, the folder emptied before each (else a run would resume the last one
  and write nothing); with the media files the report accounts for and those it failed;
- zip: into one zip streamed into a WritableStream that counts its bytes (where a download goes), best of RUNS;
- folder-STAGE, zip-STAGE: where the best run's time went: `start` up to onProgress's first event (the files listed,
  the engine fetched and compiled, its first run, the first member checked or file compared), then each stage up to
  its last event (`checking` is the zip members' CRC-32, `dating` the times files dated by their sidecars keep,
  `writing` includes the record's last lines), and `rest`
  after the last of them (the report);
- memory: the page's renderer memory (RSS, with its worker) at its highest during a zip run, less before, in a fresh
  browser (its first import);
- parts-folder, parts-zip, parts-folder-STAGE, parts-zip-STAGE, parts-memory: the same of the data copy's parts, when
  given (their media files: the CSVs are not media, and the report does not count them);
- tars-folder, tars-zip, tars-folder-STAGE, tars-zip-STAGE, tars-memory: the same of a Google Takeout's `.tgz` parts,
  when given after `--tars` (`start` includes each part inflated into the private file system);
- copy-folder, copy-zip, parts-copy-folder, parts-copy-zip: the browser's own floor, the same bytes moved with nothing
  else done, best of RUNS: each file (each member's range of its part) written whole through createWritable into the
  private file system, 4 at once as the import writes; and each one read through its stream, as the zip's writer
  reads it (its CRC-32 is not worked out: the zip's writer need not, where a member's is known).
"""
import json
import os
import sys
import zipfile

from browser_support import FOLDER_PAGE, IMPORT_WORKER as WORKER, browser, first_zip_run_memory, folder_worker, module_site, run_on_input

MODULE, DCIM = (os.path.realpath(p) for p in sys.argv[1:3])
RUNS = int(sys.argv[3])
ARGS = sys.argv[4:]
PARTS = [os.path.realpath(p) for p in (ARGS[:ARGS.index("--tars")] if "--tars" in ARGS else ARGS)]
TARS = [os.path.realpath(p) for p in ARGS[ARGS.index("--tars") + 1:]] if "--tars" in ARGS else []
STAGES = ["inflating", "checking", "comparing", "reading", "dating", "writing"]


def best_run(driver, url, name, field, paths, into, runs=None):
    """Prints the best of `runs` (RUNS) imports of the input `field`'s `paths` into `into`, as `name`, and its stages."""
    results = [run_on_input(driver, url, field, paths, into) for _ in range(runs or RUNS)]
    best = min(results, key=lambda r: r["ms"])
    print(f"{name} {best['ms'] / 1000:.2f} s {best['media']} media {best['failed']} failed {best['bytes']} bytes")
    since = 0
    for stage in ["start", *STAGES]:
        end = best["ends"].get(stage, since)
        print(f"{name}-{stage} {(end - since) / 1000:.2f} s")
        since = end
    print(f"{name}-rest {(best['ms'] - since) / 1000:.2f} s")


def memory(url, name, field, paths):
    """Prints how much the page's memory grew, at most, during an import of `paths` into a zip, as `name`: the first
    import of a fresh browser."""
    grown, _ = first_zip_run_memory(url, field, paths)
    print(f"{name} {grown / 1e6:.1f} MB")


COPY_PAGE = FOLDER_PAGE.replace("'./worker.js'", "'./copy-worker.js'").replace(
    "files: [...document.getElementById(field).files] }",
    "files: [...document.getElementById(field).files], ranges: window.ranges ?? null }")
COPY_WORKER = folder_worker("""    // The same bytes as the import moves: the files, or the members' ranges of the parts.
    const blobs = e.data.ranges ? e.data.ranges.map(([file, start, end]) => files[file].slice(start, end)) : files;
    const started = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: into === 'folder' ? 4 : 1 }, async () => {
      while (next < blobs.length) {
        const index = next++;
        if (into === 'folder') {
          const writable = await (await out.getFileHandle(`f${index}`, { create: true })).createWritable();
          await writable.write(blobs[index]);
          await writable.close();
        } else {
          const reader = blobs[index].stream().getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            bytes += value.length;
          }
        }
      }
    }));
    postMessage({ ms: performance.now() - started, bytes });""")


def member_ranges(parts):
    """The data of each media member of `parts` (their CSVs left out) as `[part, start, end]`, read from the zips."""
    ranges = []
    for index, path in enumerate(parts):
        with zipfile.ZipFile(path) as archive, open(path, "rb") as raw:
            for info in archive.infolist():
                if info.is_dir() or info.filename.endswith(".csv"):
                    continue
                raw.seek(info.header_offset + 26)
                name_length, extra_length = int.from_bytes(raw.read(2), "little"), int.from_bytes(raw.read(2), "little")
                start = info.header_offset + 30 + name_length + extra_length
                ranges.append([index, start, start + info.compress_size])
    return ranges


def copy_floor(driver, url, name, field, paths, ranges):
    """Prints the browser's own copy of the same bytes into a folder and its read of them for a zip, best of RUNS."""
    for into in ["folder", "zip"]:
        results = []
        for _ in range(RUNS):
            run_on_input(driver, url, field, paths, None)
            driver.execute_script(f"window.ranges = {json.dumps(ranges)}")
            result = driver.execute_async_script("run(arguments[0], arguments[1]).then(arguments[arguments.length - 1])", into, field)
            if "error" in result:
                raise SystemExit(f"{name}-{into}: {result['error']}")
            results.append(result["ms"])
        print(f"{name}-{into} {min(results) / 1000:.2f} s")


def main():
    inputs = [("", "folder", [DCIM])] + ([("parts-", "parts", PARTS)] if PARTS else []) + ([("tars-", "parts", TARS)] if TARS else [])
    pages = {"index.html": FOLDER_PAGE, "worker.js": WORKER, "copy.html": COPY_PAGE, "copy-worker.js": COPY_WORKER}
    with module_site(MODULE, pages) as url:
        driver = browser()
        driver.set_script_timeout(1800)
        try:
            for prefix, field, paths in inputs:
                for into in ["folder", "zip"]:
                    best_run(driver, url, prefix + into, field, paths, into)
                memory(url, prefix + "memory", field, paths)
                if prefix == "tars-":
                    continue
                ranges = member_ranges(paths) if prefix else None
                copy_floor(driver, url.replace("index.html", "copy.html"), prefix + "copy", field, paths, ranges)
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
