// The web app's streamed download (Sources/LivePhotoServer/Resources/js/download-stream.js): the writer's side of the
// port protocol the static site's service worker reads (sw.js), under Node's MessageChannel. The writes arrive in
// order and whole, gathered into chunks of 256 KiB (a zip's writes are mostly a few KB), each sent only when the reader
// has asked for room; close sends what is left; a download cancelled in the browser fails the next write.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { writableToPort } from '../../Sources/LivePhotoServer/Resources/js/download-stream.js';

const chunkBytes = 256 * 1024;

/** The reader's end, as sw.js keeps it: the chunks it got, and `pull(count)` to ask for more. */
function reader(port) {
  const got = [];
  let ended = null, arrived = null;
  port.onmessage = ({ data }) => {
    if (data.type === 'chunk') got.push(data.chunk);
    else ended = data.type;
    arrived?.();
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { got, ended: () => ended, pull: (count) => port.postMessage({ type: 'pull', count }), settle, cancel: () => port.postMessage({ type: 'cancel' }) };
}

/** `count` writes of `size` bytes, each byte its offset in the whole, mod 251. */
function writes(count, size) {
  return Array.from({ length: count }, (_, i) => Uint8Array.from({ length: size }, (_, j) => (i * size + j) % 251));
}

test('small writes arrive gathered into 256 KiB chunks, in order, each only once the reader has room', async () => {
  const channel = new MessageChannel();
  const end = reader(channel.port2);
  const writer = writableToPort(channel.port1).getWriter();
  const pieces = writes(200, 10_000); // 2,000,000 bytes: 7 whole chunks and a part
  end.pull(2);
  const written = (async () => { for (const piece of pieces) await writer.write(piece); await writer.close(); })();
  await end.settle();
  assert.equal(end.got.length, 2, 'two chunks sent for the room of two, the writer waiting for more');
  end.pull(1000);
  await written;
  await end.settle();
  assert.equal(end.ended(), 'close');
  assert.deepEqual(end.got.map((chunk) => chunk.length), [...Array(7).fill(chunkBytes), 2_000_000 - 7 * chunkBytes]);
  const whole = Buffer.concat(end.got.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)));
  assert.deepEqual(whole, Buffer.concat(pieces.map((piece) => Buffer.from(piece))));
  channel.port2.close();
});

test('a write larger than a chunk is sent in chunks; the writer keeps no view of the caller\'s bytes', async () => {
  const channel = new MessageChannel();
  const end = reader(channel.port2);
  const writer = writableToPort(channel.port1).getWriter();
  end.pull(16);
  const big = writes(1, 3 * chunkBytes + 5)[0];
  await writer.write(big);
  big.fill(0); // the caller may use its buffer again once the write is done
  await writer.close();
  await end.settle();
  assert.deepEqual(end.got.map((chunk) => chunk.length), [chunkBytes, chunkBytes, chunkBytes, 5]);
  assert.deepEqual(Buffer.concat(end.got.map((chunk) => Buffer.from(chunk))), Buffer.from(writes(1, 3 * chunkBytes + 5)[0]));
  channel.port2.close();
});

test('a download cancelled in the browser fails the write that waits, and nothing more is sent', async () => {
  const channel = new MessageChannel();
  const end = reader(channel.port2);
  const writer = writableToPort(channel.port1).getWriter();
  end.pull(1);
  const written = (async () => { for (const piece of writes(100, 10_000)) await writer.write(piece); })();
  await end.settle();
  assert.equal(end.got.length, 1);
  end.cancel();
  await assert.rejects(written, /cancelled in the browser/);
  await end.settle();
  assert.equal(end.got.length, 1);
  channel.port1.close();
  channel.port2.close();
});
