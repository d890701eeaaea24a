"""The page's memory by the library's size, for scripts/benchmark.sh's browser part: each folder of an Apple data
copy's parts imported into a zip (a WritableStream that counts its bytes) in a fresh browser, through importLibrary in
a Web Worker; prints `scale-N MB` for each, N the Live Photos it holds (half its media files), MB how much the page's
renderer memory (with its worker) grew at its highest during the run.

  python browser_scale.py MODULE_DIR PARTS_DIR...
"""
import os
import sys
import zipfile

from browser_support import FOLDER_PAGE, first_zip_run_memory, folder_worker, module_site

MODULE = os.path.realpath(sys.argv[1])
FOLDERS = [os.path.realpath(p) for p in sys.argv[2:]]

WORKER = folder_worker("""    await livephoto.importLibrary(files, { out });
    postMessage({ bytes });""")

with module_site(MODULE, {"index.html": FOLDER_PAGE, "worker.js": WORKER}) as url:
    for folder in FOLDERS:
        parts = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".zip"))
        media = sum(not n.endswith((".csv", "/")) for p in parts for n in zipfile.ZipFile(p).namelist())
        print(f"scale-{media // 2} {first_zip_run_memory(url, 'parts', parts) / 1e6:.1f} MB")
