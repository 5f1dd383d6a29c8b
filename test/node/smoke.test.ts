import { test } from 'node:test';
import assert from 'node:assert/strict';

test('node harness runs', () => {
  assert.equal(typeof globalThis.document, 'undefined');
});
