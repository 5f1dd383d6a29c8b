/**
 * Progressive rendering from the first byte (issue 35): model text that starts streaming the
 * moment the store is created paints its first component within 5% of its bytes, in the
 * script-tag file as a page loads it, even while every piece it could load on first use is slow
 * (held by the test server). Before, the schema validator came on first use and staging stopped
 * until it had arrived: the first component painted at the end of the stream.
 */
import { expect, nextFrame } from '@open-wc/testing';
import { A2uiStore, A2uiTextParser, browserHost } from '../../build/entries/script-tag.ts';
import { DRAFT, REGEX, SCHEMA, TEMPLATE, VALIDATOR, VALIDATORS, lazy } from './lazy-modules.ts';
import { BASIC } from './elements-helpers.ts';
import { textOf } from './queries.ts';

const TEXT_PARSER = '/src/transport/text.ts';

/** A reply whose first component (a heading) comes early and a long list after it. */
function reply(): string {
  const ids = Array.from({ length: 200 }, (_, i) => `i${i}`);
  const components = [
    { id: 'root', component: 'Column', children: ['title', 'rest'] },
    { id: 'title', component: 'Text', text: '## Your trips' },
    { id: 'rest', component: 'Column', children: ids },
    ...ids.map((id, i) => ({ id, component: 'Text', text: `Trip ${i} to somewhere pleasant` })),
  ];
  const create = { version: '1.0', createSurface: { surfaceId: 'trips', catalogId: BASIC } };
  const update = { version: '1.0', updateComponents: { surfaceId: 'trips', components } };
  return `Sure.\n<a2ui-json>${JSON.stringify(create)}</a2ui-json>\n<a2ui-json>${JSON.stringify(update)}</a2ui-json>\nDone.`;
}

describe('a text stream that starts when the store is created (script-tag file)', () => {
  after(() => lazy({ reset: true }));

  it('paints its first component within 5% of the bytes while every first-use piece is slow', async () => {
    await lazy({ hold: [VALIDATOR, VALIDATORS, SCHEMA, TEMPLATE, DRAFT, REGEX, TEXT_PARSER] });
    const store = new A2uiStore({ host: browserHost });
    const el = document.createElement('a2ui-surface');
    el.surfaceId = 'trips';
    el.store = store;
    document.body.append(el);
    const errors: unknown[] = [];
    store.onMessage((m) => 'error' in m && errors.push(m));
    const parser = new A2uiTextParser(store);
    const text = reply();
    const step = 64;
    let paintedAt = -1;
    for (let at = 0; at < text.length && paintedAt < 0; at += step) {
      parser.push(text.slice(at, at + step));
      await nextFrame();
      await nextFrame();
      if (textOf(el).includes('Your trips')) paintedAt = Math.min(at + step, text.length);
    }
    const share = paintedAt / text.length;
    expect(paintedAt, 'the heading never painted while the text streamed').to.be.greaterThan(0);
    expect(share, `first component painted at ${(share * 100).toFixed(1)}% of ${text.length} bytes`).to.be.at.most(0.05);
    expect(errors).to.deep.equal([]);
    el.remove();
  });
});
