"""The page's memory by the library's size, for scripts/benchmark.sh's browser part: each folder of an Apple data
copy's parts imported into a zip (a WritableStream that counts its bytes) through importLibrary in a Web Worker, twice,
each time the first import of a fresh browser; prints `scale-N MB` for each folder, N the Live Photos it holds (half
its media files), MB how much the page's renderer memory (with its worker) grew at its highest, the lower of the two
runs (the collector's timing adds to a run, never takes away). Exits 1 where an import fails or its report does not
account for every media file.

  python browser_scale.py MODULE_DIR PARTS_DIR...
"""
import os
import sys
import zipfile

from browser_support import FOLDER_PAGE, first_zip_run_memory, folder_worker, module_site

MODULE = os.path.realpath(sys.argv[1])
FOLDERS = [os.path.realpath(p) for p in sys.argv[2:]]
RUNS = 2

WORKER = folder_worker("""    const { report } = await livephoto.importLibrary(files, { out });
    const { mediaFiles, outcomes } = report.at(-1);
    postMessage({ bytes, media: mediaFiles, failed: outcomes.failed });""")

with module_site(MODULE, {"index.html": FOLDER_PAGE, "worker.js": WORKER}) as url:
    for folder in FOLDERS:
        parts = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".zip"))
        media = sum(not n.endswith((".csv", "/")) for p in parts for n in zipfile.ZipFile(p).namelist())
        grown = []
        for _ in range(RUNS):
            memory, result = first_zip_run_memory(url, "parts", parts)
            if result.get("error") or result.get("media") != media or result.get("failed") != 0:
                sys.exit(f"browser_scale.py: the import of {folder} did not write its {media} media files: {result}")
            grown.append(memory)
        print(f"scale-{media // 2} {min(grown) / 1e6:.1f} MB")
