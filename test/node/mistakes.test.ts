// Mistakes that speak: a refusal names its fix (the version an agent speaks, the catalog it names).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, type OutboundMessage } from '../../src/index.ts';

function errorsOf(messages: unknown[]) {
  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process(messages);
  return { store, errors: out.flatMap((m) => ('error' in m ? [m.error as { code: string; path?: string; message: string; surfaceId?: string }] : [])) };
}

test('a v0.9 message is refused with the fix: enableV09(store) from a2ui-elements/v09', () => {
  for (const version of ['v0.9', 'v0.9.1', '0.9']) {
    const { errors } = errorsOf([{ version, createSurface: { surfaceId: 's', catalogId: 'basic' } }]);
    assert.equal(errors.length, 1, version);
    assert.equal(errors[0]!.path, '/version');
    assert.match(errors[0]!.message, new RegExp(`^Unsupported protocol version '${version.replace(/\./g, '\\.')}': `));
    assert.match(errors[0]!.message, /call enableV09\(store\), from 'a2ui-elements\/v09'$/);
  }
});

test('a v0.8 message is refused as unsupported, with no fix offered', () => {
  const { errors } = errorsOf([{ version: 'v0.8', createSurface: { surfaceId: 's' } }]);
  assert.equal(errors.length, 1);
  assert.match(errors[0]!.message, /^Unsupported protocol version 'v0\.8': v0\.8 is not supported/);
  assert.doesNotMatch(errors[0]!.message, /enableV09\(/);
});

test('another unknown version keeps the plain text (the conformance suites match it)', () => {
  const { errors } = errorsOf([{ version: 'v99.0', createSurface: { surfaceId: 's' } }]);
  assert.equal(errors[0]!.message, "Unsupported protocol version 'v99.0'");
});

test('an unknown catalogId is refused at createSurface, once, in one clean text', () => {
  const { store, errors } = errorsOf([
    { version: '1.0', createSurface: { surfaceId: 's', catalogId: 'https://example.com/nope.json' } },
    { version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'hi' }] } },
  ]);
  assert.equal(store.surface('s'), undefined, 'no surface was created');
  assert.equal(errors[0]!.code, 'VALIDATION_FAILED');
  assert.equal(errors[0]!.path, '/catalogId');
  assert.equal(errors[0]!.surfaceId, 's');
  assert.equal(errors[0]!.message, `Catalog not found: https://example.com/nope.json (this renderer has: ${BASIC_CATALOG_ID})`);
  // The name appears once: no second sentence saying it again.
  assert.equal(errors[0]!.message.split('nope.json').length, 2);
});

test('a registered catalogId, or none, still creates the surface', () => {
  const { store, errors } = errorsOf([
    { version: '1.0', createSurface: { surfaceId: 'a', catalogId: BASIC_CATALOG_ID } },
    { version: '1.0', createSurface: { surfaceId: 'b' } },
  ]);
  assert.deepEqual(errors, []);
  assert.ok(store.surface('a') && store.surface('b'));
});
