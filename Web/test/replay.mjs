// Replays a folder of damaged files (the mutation suite's, Tests/LivePhotoKitTests/Inputs/MutationTests.swift)
// through the WebAssembly engine: inspect must report what the command line reports; make, verify, split and convert
// --to live must end in a result or an error with a code, never a trap or a hang.
//   node Web/test/replay.mjs --companion PATH DIR
// The companion is the other half each file is made with (a photo for damaged movies, a clip for damaged stills).
// Prints one line per problem and a summary; exits 1 when there was any.
import { readdirSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join, livephoto, runCLI, withoutFolders } from './support.mjs';

const args = process.argv.slice(2);
const companionPath = args[args.indexOf('--companion') + 1];
const folder = args[args.length - 1];
if (!companionPath || !folder || args.indexOf('--companion') < 0) {
  console.error('usage: node Web/test/replay.mjs --companion PATH DIR');
  process.exit(64);
}
const { LivePhotoError, openFile } = livephoto;
const companion = await openFile(companionPath);
const problems = [];
let replayed = 0, errors = 0;

async function ends(label, operation) {
  const started = performance.now();
  try {
    await operation();
  } catch (error) {
    if (!(error instanceof LivePhotoError)) problems.push(`${label}: ${error}`);
    else if (error.code === 70) problems.push(`${label}: the engine trapped: ${error.message}`);
    else errors += 1;
  }
  if (performance.now() - started > 10_000) problems.push(`${label}: took ${Math.round(performance.now() - started)} ms`);
}

for (const name of readdirSync(folder).sort()) {
  const path = join(folder, name);
  const file = await openFile(path);
  const inspected = await livephoto.inspect(file).catch((error) => ({ error }));
  const cli = await runCLI(['inspect', '--json', path]);
  if (inspected.error) problems.push(`inspect ${name}: ${inspected.error}`);
  else if (!isDeepStrictEqual(inspected.report, withoutFolders(cli.json, [folder]))) {
    problems.push(`inspect ${name}: the engine reports ${JSON.stringify(inspected.report)}, the command line ${JSON.stringify(withoutFolders(cli.json, [folder]))}`);
  }
  const still = /\.(jpe?g|heic)$/i.test(name);
  if (still) {
    await ends(`make ${name}`, () => livephoto.make(file, companion, { name: 'o', force: true }));
    await ends(`split ${name}`, () => livephoto.split(file));
    await ends(`convert --to live ${name}`, () => livephoto.convert(file, { to: 'live' }));
  } else {
    await ends(`verify ${name}`, () => livephoto.verify(companion, file));
    await ends(`make ${name}`, () => livephoto.make(companion, file, { name: 'o', force: true }));
  }
  replayed += 1;
}
for (const problem of problems) console.log(`problem: ${problem}`);
console.log(`replayed ${replayed} files through the engine: ${errors} errors in the command line's words, ${problems.length} problems`);
process.exit(problems.length === 0 && replayed > 0 ? 0 : 1);
