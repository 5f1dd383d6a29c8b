import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { A2uiStore, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { pathToFileURL } from 'node:url';
import { SPEC_DIR, specSkip } from '../spec-data.ts';

const DIR = pathToFileURL(`${SPEC_DIR}/v1_0-current/catalogs/basic/examples/`);

test('src/ runs in Node without a DOM', () => {
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
  const store = new A2uiStore({ locale: 'en-US' });
  store.process({ version: '1.0', createSurface: { surfaceId: 's', catalogId: store.catalogIds[0], dataModel: { n: 'Ada' } } });
  assert.equal(store.surface('s')?.dataModel.get('/n'), 'Ada');
});

const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.json')) : [];
test('basic examples', { skip: files.length ? false : specSkip('shared/spec is absent') }, async (t) => {
  for (const file of files) {
    await t.test(file, () => {
      const example = JSON.parse(readFileSync(new URL(file, DIR), 'utf8'));
      const store = new A2uiStore({ locale: 'en-US' });
      const out: OutboundMessage[] = [];
      store.onMessage((m) => out.push(m));
      store.process(example.messages);
      const errors = out.filter((m) => 'error' in m);
      assert.deepEqual(errors, []);
      // Resolve every component's properties in every surface: no evaluation errors either.
      for (const id of store.surfaceIds) {
        const surface = store.surface(id)!;
        for (const cid of surface.ids()) {
          const node = new ComponentNode(store, surface, cid, store.context(id)!);
          for (const prop of Object.keys(surface.peek(cid)!.props)) node.value(prop);
          node.failedChecks();
          node.accessibility();
        }
      }
      assert.deepEqual(out.filter((m) => 'error' in m), []);
    });
  }
});
