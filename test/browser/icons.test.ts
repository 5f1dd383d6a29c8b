import { expect } from '@open-wc/testing';
import { ICON_NAMES, ICON_VIEW_BOX, iconPath } from '../../elements/icons.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

async function catalogIconNames(): Promise<string[]> {
  const res = await fetch('/__spec/v1_0-current/catalogs/basic/catalog.json');
  const catalog = await res.json();
  return catalog.components.Icon.properties.name.oneOf[0].enum;
}

function drawIcon(d: string): { svg: SVGSVGElement; path: SVGPathElement } {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', ICON_VIEW_BOX);
  svg.setAttribute('width', '24');
  svg.setAttribute('height', '24');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  document.body.append(svg);
  return { svg, path };
}

describe('icons', () => {
  it('lists exactly the catalog Icon enum, in catalog order', async () => {
    const names = await catalogIconNames();
    expect(names).to.have.length(59);
    expect([...ICON_NAMES]).to.deep.equal(names);
  });

  it('has path data for every catalog name, each a different glyph', async () => {
    const names = await catalogIconNames();
    const paths = names.map((n) => iconPath(n));
    for (const [i, p] of paths.entries()) {
      expect(p, names[i]).to.be.a('string').and.match(/^M[\d.,\sMLHVCSQTAZmlhvcsqtaz-]+$/);
    }
    expect(new Set(paths).size).to.equal(names.length);
  });

  it('draws every icon with a non-empty box inside the 24×24 view box, without fetching anything', () => {
    const resourcesBefore = performance.getEntriesByType('resource').length;
    for (const name of ICON_NAMES) {
      const { svg, path } = drawIcon(iconPath(name)!);
      try {
        const box = path.getBBox();
        expect(box.width, name).to.be.greaterThan(0);
        expect(box.height, name).to.be.greaterThan(0);
        expect(Math.max(box.width, box.height), name).to.be.at.least(12);
        expect(box.x, name).to.be.at.least(0);
        expect(box.y, name).to.be.at.least(0);
        expect(box.x + box.width, name).to.be.at.most(24);
        expect(box.y + box.height, name).to.be.at.most(24);
        expect(svg.getBoundingClientRect().width, name).to.equal(24);
      } finally {
        svg.remove();
      }
    }
    expect(performance.getEntriesByType('resource').length).to.equal(resourcesBefore);
  });

  it('returns undefined for any name outside the catalog', () => {
    for (const name of ['', 'nope', 'Add', 'ADD', 'account_circle', 'add ', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(iconPath(name), JSON.stringify(name)).to.equal(undefined);
    }
    expect(iconPath(undefined as unknown as string)).to.equal(undefined);
    expect(iconPath(42 as unknown as string)).to.equal(undefined);
  });
});
