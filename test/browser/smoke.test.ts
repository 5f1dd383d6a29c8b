import { expect } from '@open-wc/testing';

describe('harness', () => {
  it('serves the protocol data under /__spec/', async () => {
    const res = await fetch('/__spec/v1_0-current/catalogs/basic/catalog.json');
    expect(res.status).to.equal(200);
    const catalog = await res.json();
    expect(catalog.catalogId).to.equal('https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json');
  });
});
