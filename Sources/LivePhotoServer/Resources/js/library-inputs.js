// What the Library view is given, as the engine's scanLibrary takes it, with every path relative to the folder that
// was chosen (as `livephoto scan DIR --json` names files below DIR): the folder picker's FileSystemDirectoryHandle,
// the folder input's Files, Files chosen one by one, or what is dropped (a folder or files). Nothing is read here: a
// File is a name and a size until the engine slices it.
//
// Each function gives `{ inputs, what, unreadable }`: `what` says in words what was chosen, `unreadable` lists the
// folders and files of a drop that the browser would not hand over (`{ path, reason }`). A FileSystemDirectoryHandle
// is walked by scanLibrary itself, which reports such a folder as a damaged item. Where one folder was chosen,
// `folder` is its name, and a folder input's `files` are its Files as it gave them: importLibrary names the folder in
// its report by the first step of their paths (`part`), or by `folder` for `{ path, file }` pairs.

const plural = (count, one, many) => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

// The folder the picker (showDirectoryPicker) gave.
export function pickedFolder(handle) {
  return { inputs: [handle], what: `the folder “${handle.name}”`, unreadable: [] };
}

// The Files of `<input type=file webkitdirectory>`: each carries its path below the folder's parent
// (`Library/2023/IMG_0001.HEIC`), whose first part, the chosen folder's own name, is left out.
export function folderInputFiles(files) {
  const name = files[0]?.webkitRelativePath.split("/")[0] ?? "";
  const inputs = files.map((file) => ({ path: file.webkitRelativePath.split("/").slice(1).join("/") || file.name, file }));
  return { inputs, files, folder: name, what: `the folder “${name}” (${plural(files.length, "file", "files")})`, unreadable: [] };
}

// Files chosen one by one: each is named by its own name (an import takes a zip among them as an export's part).
export function chosenFiles(files) {
  return { inputs: files, what: plural(files.length, "file", "files"), unreadable: [] };
}

const readEntries = (reader) => new Promise((resolve, reject) => reader.readEntries(resolve, reject));
const fileOf = (entry) => new Promise((resolve, reject) => entry.file(resolve, reject));
const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

// A FileSystemEntry of a drop (webkitGetAsEntry) at `path` walked into `{ path, file }` pairs; a folder's entries
// come a batch at a time until an empty one, and its files' paths are below its own ("" for the library itself).
async function walkEntry(entry, path, found) {
  if (entry.isFile) {
    try {
      found.inputs.push({ path, file: await fileOf(entry) });
    } catch (error) {
      found.unreadable.push({ path, reason: error.message });
    }
    return;
  }
  const entries = [];
  try {
    const reader = entry.createReader();
    for (let batch = await readEntries(reader); batch.length; batch = await readEntries(reader)) entries.push(...batch);
  } catch (error) {
    found.unreadable.push({ path: path || entry.name, reason: error.message });
    return;
  }
  for (const child of entries.sort(byName)) await walkEntry(child, path ? `${path}/${child.name}` : child.name, found);
}

// What was dropped, read from `transfer` (a drop event's DataTransfer) while the event lasts: its items are gone
// once the handler returns, so this is called from the handler itself, and the walk goes on after. One folder
// dropped is the library itself (a FileSystemDirectoryHandle where the browser gives one, which the worker walks;
// else its entries, walked here); several things dropped are walked here, each folder's path kept under its own
// name; without the entries API, the files alone.
export function droppedLibrary(transfer) {
  const items = [...transfer.items].filter((item) => item.kind === "file");
  const handles = items.length === 1 && items[0].getAsFileSystemHandle ? [items[0].getAsFileSystemHandle()] : [];
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  const files = [...transfer.files];
  return (async () => {
    const handle = await handles[0]?.catch(() => null);
    if (handle?.kind === "directory") return pickedFolder(handle);
    if (!entries.length || entries.some((entry) => !entry)) return chosenFiles(files);
    const found = { inputs: [], unreadable: [] };
    const alone = entries.length === 1 && entries[0].isDirectory;
    for (const entry of [...entries].sort(byName)) await walkEntry(entry, alone ? "" : entry.name, found);
    // Files dropped beside others go as themselves, as files chosen one by one do: an export's zips are parts of an import.
    if (!alone) found.inputs = found.inputs.map((input) => (input.path.includes("/") ? input : input.file));
    const what = alone ? `the folder “${entries[0].name}” (${plural(found.inputs.length, "file", "files")})`
      : plural(found.inputs.length, "file", "files");
    return { ...found, what, ...(alone ? { folder: entries[0].name } : {}) };
  })();
}
