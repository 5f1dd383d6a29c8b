/**
 * What arrives with the schema validator besides the validator itself (src/validation.ts: the
 * argument checks, the catalog rules, the built-in catalogs' schemas), held back by the test
 * server (scripts/wtr-lazy-modules.mjs) while a page uses it. Nothing here preloads it, and this
 * file's page loads it once.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/index.ts';
import { basicCatalog, CatalogError } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import { VALIDATOR, lazy } from './lazy-modules.ts';
import { BASIC, component, mount, settle } from './elements-helpers.ts';
import { queryAllByText, textOf } from './queries.ts';

/** A host catalog whose one component names a `$ref` outside itself and the common types. */
const BROKEN = 'https://example.com/broken.json';
const broken = {
  catalogId: BROKEN,
  protocolVersion: '1.0',
  components: { Note: { type: 'object', properties: { component: { const: 'Note' }, text: { $ref: 'https://elsewhere.example/x.json#/y' } } } },
};

const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('what arrives with the schema validator, arriving late', () => {
  afterEach(() => lazy({ reset: true }));

  it('a host call waits for it, a broken host catalog registers and is refused once it is there, and the messages apply in order', async () => {
    expect(schemaValidator.loaded, 'no store may have been created before this test').to.equal(undefined);
    await lazy({ hold: [VALIDATOR] });
    // The catalog rules arrive with the validator: registering the broken catalog does not throw yet.
    const { store, el, errors } = await mount('late', { locale: 'en-US', partialUpdates: true, catalogs: [broken] }, { preload: false });
    let answer: unknown = 'pending';
    void store.execute({ '@call': 'not', catalogId: BASIC, args: { value: 'false' } }).then((v) => (answer = v));
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'late', catalogId: BASIC, dataModel: { note: 'one' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'late',
          components: [
            { id: 'root', component: 'Column', children: ['note', 'odd'] },
            { id: 'note', component: 'Text', text: { '@path': '/note' } },
            { id: 'odd', component: 'Note', '@catalogId': BROKEN, text: 'x' },
          ],
        },
      },
      { version: '1.0', updateDataModel: { surfaceId: 'late', path: '/note', value: 'two' } },
    ]);
    await settle(el);
    await idle(300);
    await settle(el);
    expect(answer, 'the call waits for the validator').to.equal('pending');
    expect(errors(), 'nothing refused while it loads').to.deep.equal([]);
    expect(queryAllByText(el, 'one'), 'no component shows before it is validated').to.have.length(0);
    expect(() => basicCatalog().definition, "the basic catalog's schemas come with the validator").to.throw(CatalogError);

    await lazy({ release: [VALIDATOR] });
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the held messages never applied', { timeout: 8000 });
    await waitUntil(() => answer !== 'pending', 'the call never answered', { timeout: 5000 });
    await settle(el);
    expect(answer).to.equal(true);
    expect(textOf(component(el, 'note'))).to.equal('two');
    const refusals = errors().map((m) => (m as { error: { code: string; path: string; message: string } }).error);
    expect(refusals.map((e) => [e.code, e.path])).to.deep.equal([['VALIDATION_FAILED', '/components/2']]);
    expect(refusals[0].message).to.contain(`Catalog ${BROKEN}`).and.to.contain('points outside the catalog');
    expect(Object.keys(basicCatalog().definition.components ?? {})).to.include('Text');
  });
});
