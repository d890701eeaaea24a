// The Library view's progress (Sources/LivePhotoServer/Resources/js/library-progress.js): an import of a Takeout's
// .tgz parts gives their inflating the bar's first third and its line counts parts; the other stages share the rest,
// in order, and an import without tgz parts keeps its bar as it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progressFraction, progressLine } from '../../Sources/LivePhotoServer/Resources/js/library-progress.js';

const at = (job, stage, part) => progressFraction(job, { stage, done: part * 4, total: 4, bytes: part * 100, totalBytes: 100 });

test('a tgz import: inflating fills the bar\'s first third, the stages after it the rest, in order', () => {
  const job = { inflated: true };
  assert.equal(at(job, 'inflating', 0), 0);
  assert.equal(at(job, 'inflating', 1), 0.35);
  const ends = ['comparing', 'reading', 'dating', 'writing'].map((stage) => at(job, stage, 1));
  assert.deepEqual(ends, [...ends].sort((a, b) => a - b));
  assert.ok(at(job, 'comparing', 0) >= 0.35);
  assert.equal(at(job, 'writing', 1), 1);
  assert.equal(progressLine({ stage: 'inflating', done: 1, total: 4, bytes: 50e6, totalBytes: 100e6, seconds: 1 }),
    '1 of 4 parts inflated · 50 MB of 100 MB');
});

test('an import without tgz parts: its stages as they were, the writing from the bar\'s first tenth', () => {
  assert.equal(at({}, 'writing', 0), 0.1);
  assert.equal(at({ zipped: true }, 'writing', 0), 0.55);
  assert.equal(at({}, 'writing', 1), 1);
});
