// The two engines as scripts/wasm.sh builds them: no function so large that a browser's optimizing compiler, once it
// runs hot, takes tens of MB to compile it, and a library's request read without many times its size in memory
// (docs/guide/javascript.md#two-engines).
// Run with `node --test Web/test/` after scripts/wasm.sh (scripts/test.sh builds it first).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { join, moduleDir } from './support.mjs';

/** The largest function body of a WebAssembly binary, in bytes, and how many functions it has. */
function largestFunction(binary) {
  assert.deepEqual([...binary.subarray(0, 4)], [0, 0x61, 0x73, 0x6d], 'a WebAssembly binary (\\0asm)');
  let at = 8;
  const number = () => {
    let value = 0, shift = 0, byte;
    do {
      byte = binary[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  while (at < binary.length) {
    const section = binary[at++], size = number(), end = at + size;
    if (section === 10) {
      const count = number();
      let largest = 0;
      for (let i = 0; i < count; i++) {
        const body = number();
        largest = Math.max(largest, body);
        at += body;
      }
      assert.equal(at, end, 'the code section ends where its size says');
      return { largest, count };
    }
    at = end;
  }
  throw new Error('no code section');
}

describe('the engines', () => {
  for (const engine of ['livephoto.wasm', 'livephoto-library.wasm']) {
    test(`${engine}: no function of more than 64 KiB (wasm-opt left to itself makes the dispatcher one of 159-444 KB)`, () => {
      const { largest, count } = largestFunction(readFileSync(join(moduleDir, engine)));
      assert.ok(count > 500, `${count} functions`);
      assert.ok(largest <= 64 * 1024, `its largest function is ${largest} bytes`);
    });
  }

  test('a library\'s request of 1.3 MB of JSON grows the library engine by less than 7 times its size', async () => {
    // An import's last run as a data copy of 3,000 Live Photos gives it: each file's row, facts and what was written.
    const members = [], facts = [], done = [];
    for (let n = 0; n < 6000; n++) {
      const part = 1 + Math.floor(n / 1500), name = `IMG_${String(n >> 1).padStart(5, '0')}.${n % 2 ? 'MOV' : 'JPG'}`;
      members.push([part - 1, `iCloud Photos Part ${part} of 4/Photos/${name}`, 9805 + n]);
      const identifier = `${String(n >> 1).padStart(8, '0')}-8B13-4C69-AAAA-CE5F14B5CA73`;
      facts.push([n, n % 2 ? { kind: 'movie', format: 'quicktime', identifier, stillImageTime: true, duration: 1.534 }
        : { kind: 'still', format: 'jpeg', identifier }]);
      const wrote = [[n - 1, ['date']], [n, ['date']]];
      if (n % 2) done.push({ number: n >> 1, written: [n - 1, n], wrote, notes: [] });
    }
    // An operation no engine has: the request is read whole, then refused, and the answer is a line.
    const request = { operation: 'none', files: [], options: { members, facts, done } };
    const text = new TextEncoder().encode(JSON.stringify(request));
    const module = await WebAssembly.compile(readFileSync(join(moduleDir, 'livephoto-library.wasm')));
    const host = {
      livephoto: { read: () => -1 },
      wasi_snapshot_preview1: { fd_write: () => 0, fd_close: () => 0, fd_seek: () => 0, random_get: () => 0 },
    };
    const { exports } = await WebAssembly.instantiate(module, host);
    const before = exports.memory.buffer.byteLength;
    const at = exports.lp_allocate(text.length);
    new Uint8Array(exports.memory.buffer, at, text.length).set(text);
    const answer = exports.lp_run(at, text.length);
    const length = new DataView(exports.memory.buffer).getUint32(answer, true);
    const json = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, answer + 8, length));
    assert.match(json, /unknown operation 'none'/);
    // Each value boxed on its own (an indirect enum), and the text copied before it was read, took 9 times.
    const grown = exports.memory.buffer.byteLength - before;
    assert.ok(text.length > 1.2e6 && grown < 7 * text.length, `${grown} bytes for ${text.length} of JSON`);
  });
});
