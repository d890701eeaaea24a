// The two engines as scripts/wasm.sh builds them: no function so large that a browser's optimizing compiler, once it
// runs hot, takes tens of MB to compile it (docs/guide/javascript.md#two-engines).
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
});
