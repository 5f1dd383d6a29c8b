import { expect, fixture, html } from '@open-wc/testing';
import { A2uiStore } from '../../src/index.ts';
import { basicValidators, schemaExplainer, schemaValidator } from '../../src/internal.ts';
import '../../elements/index.ts';
import { DIAGNOSTIC_DELAY_MS } from '../../elements/diagnostics.ts';
import type { A2uiSurfaceElement } from '../../elements/index.ts';
import { BASIC, settle, surfaceMessages } from './elements-helpers.ts';
import { REGEX, lazy } from './lazy-modules.ts';

/** Records `console.warn` while `run` runs (and the surfaces' moment passes), then restores it. */
async function warningsDuring(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void seen.push(args.map(String).join(' '));
  try {
    await run();
    await new Promise((r) => setTimeout(r, DIAGNOSTIC_DELAY_MS + 300));
  } finally {
    console.warn = original;
  }
  return seen;
}

const frame = () => new Promise((r) => requestAnimationFrame(r));

describe('elements: mistakes that speak (one console.warn per cause, on a local page)', () => {
  // The store holds messages while the validator loads: here before, every message applies at once.
  before(() => Promise.all([schemaValidator.load(), schemaExplainer.load(), basicValidators.load()]));

  it('a surface-id that matches none of the store\'s surfaces: one warning naming it and the ids the store has', async () => {
    const warnings = await warningsDuring(async () => {
      const store = new A2uiStore();
      const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id="bookng"></a2ui-surface>`);
      store.process(surfaceMessages('booking', [{ id: 'root', component: 'Text', text: 'Hi' }]));
      store.process(surfaceMessages('other', [{ id: 'root', component: 'Text', text: 'Hi' }]));
      // Renders and frames go by: still one warning.
      for (let i = 0; i < 5; i++) {
        store.process({ version: '1.0', updateDataModel: { surfaceId: 'booking', path: '/n', value: i } });
        await settle(el);
        await frame();
      }
      expect(el.status).to.equal('unmatched');
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('surface-id="bookng"').and.to.contain('"booking", "other"');
  });

  it('a surface whose id arrives within the moment says nothing', async () => {
    const warnings = await warningsDuring(async () => {
      const store = new A2uiStore();
      const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id="second"></a2ui-surface>`);
      store.process(surfaceMessages('first', [{ id: 'root', component: 'Text', text: 'One' }]));
      await settle(el);
      store.process(surfaceMessages('second', [{ id: 'root', component: 'Text', text: 'Two' }]));
      await settle(el);
    });
    expect(warnings).to.deep.equal([]);
  });

  it('a surface with no store: one warning saying to set store', async () => {
    const warnings = await warningsDuring(async () => {
      const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface surface-id="lonely"></a2ui-surface>`);
      for (let i = 0; i < 3; i++) {
        el.requestUpdate();
        await el.updateComplete;
        await frame();
      }
      expect(el.status).to.equal('no-store');
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('<a2ui-surface surface-id="lonely"> has no store').and.to.contain('store');
  });

  it('a refused message: one warning with its code, path and first line, however often it is sent', async () => {
    const warnings = await warningsDuring(async () => {
      const store = new A2uiStore();
      const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id="refusing"></a2ui-surface>`);
      store.process({ version: '1.0', createSurface: { surfaceId: 'refusing', catalogId: BASIC } });
      for (let i = 0; i < 3; i++) {
        store.process({ version: '1.0', updateDataModel: { surfaceId: 'refusing', path: 'no-slash', value: 1 } });
        await settle(el);
      }
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/a message was refused: VALIDATION_FAILED at \/path: /);
  });

  it('a piece that cannot be fetched: one warning naming it and its URL, however often it is asked for', async () => {
    await lazy({ fail: [REGEX] });
    try {
      const warnings = await warningsDuring(async () => {
        const store = new A2uiStore();
        for (let i = 0; i < 3; i++) {
          const answer = await store.execute({ '@call': 'regex', args: { value: 'ab', pattern: '^a' }, catalogId: BASIC }).then(String, (e: Error) => e.message);
          expect(answer).to.contain('could not load the regex checker');
        }
      });
      const about = warnings.filter((w) => w.includes('regex checker'));
      expect(about, warnings.join('\n')).to.have.length(1);
      expect(about[0]).to.match(/could not load the regex checker: .*\/src\/regex\/index\.ts/);
    } finally {
      await lazy({ reset: true });
    }
  });

  it('a2uiDebug = false silences them', async () => {
    globalThis.a2uiDebug = false;
    try {
      const warnings = await warningsDuring(async () => {
        await fixture<A2uiSurfaceElement>(html`<a2ui-surface surface-id="quiet"></a2ui-surface>`);
      });
      expect(warnings).to.deep.equal([]);
    } finally {
      globalThis.a2uiDebug = undefined;
    }
  });
});
