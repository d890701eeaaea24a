// What the import's tests share: zips written as Python's zipfile writes them, the command line's import, a library's
// tree and record, report lines without the output folder.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { join, runCLI, sha256File, workFolder } from './support.mjs';

const record = '.livephoto-takeout';

/**
 * Writes a zip at `path` with Python's zipfile: `members` are `[name, bytes or a sample's path, "stored" or
 * "deflated"]`, in order, names as given (zipfile keeps `../x` and duplicates, warning).
 */
export function writeZip(path, members) {
  mkdirSync(dirname(path), { recursive: true });
  const listing = join(dirname(path), `${path.split('/').pop()}.members.json`);
  writeFileSync(listing, JSON.stringify(members.map(([name, from, how]) => [name, typeof from === 'string' ? from : null,
    typeof from === 'string' ? null : Buffer.from(from).toString('base64'), how])));
  execFileSync('python3', ['-W', 'ignore', '-c', `
import base64, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1], 'w') as z:
    for name, path, data, how in json.load(open(sys.argv[2])):
        info = zipfile.ZipInfo(name, (2024, 1, 2, 3, 4, 6))
        info.compress_type = zipfile.ZIP_STORED if how == 'stored' else zipfile.ZIP_DEFLATED
        z.writestr(info, open(path, 'rb').read() if path else base64.b64decode(data))
`, path, listing]);
  return path;
}

/** Every file below `folder` but the run's record, by its path relative to it, with its SHA-256. */
export function tree(folder) {
  return Object.fromEntries(readdirSync(folder, { recursive: true }).sort()
    .filter((path) => !path.startsWith(record) && statSync(join(folder, path)).isFile())
    .map((path) => [path, sha256File(join(folder, path))]));
}

export const recordLines = (folder) => {
  const path = join(folder, record, 'written.jsonl');
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).sort() : [];
};

/** Report lines without the summary's output folder, which the command prints as its path. */
export const withoutOutput = (lines) => lines.map((line) => {
  if (line.type !== 'summary') return line;
  const { outputDirectory, ...rest } = line;
  return rest;
});

/** The command line's import of `parts` into `out` (made when missing): its report's lines. */
export async function cliImport(parts, out, flags = []) {
  const cli = await runCLI(['import', ...parts, '--out', out, '--json', ...flags]);
  assert.ok(cli.code === 0 || cli.code === 6, `${cli.code}: ${cli.stderr}`);
  return cli.stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

export const library = (label) => {
  const out = join(workFolder(label), 'Library');
  mkdirSync(out);
  return out;
};
