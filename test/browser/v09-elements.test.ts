import { expect } from '@open-wc/testing';
import { BASIC_TAGS, registerComponent, type A2uiElement } from '../../elements/index.ts';
import { BASIC_V09_CATALOG_ID, enableV09 } from '../../src/v09/index.ts';
import { components, EXAMPLES, mount, ownText } from './elements-helpers.ts';

/* Every example exists in both versions under the same name (EXAMPLES). */

// The v0.9 basic catalog's components render with the same elements as v1.0's.
for (const [type, tag] of Object.entries(BASIC_TAGS)) registerComponent(BASIC_V09_CATALOG_ID, type, tag);

/** What a user sees of a mounted example: each component element's tag and own visible text, in order. */
function visible(root: Element): string[] {
  return components(root).map((c: A2uiElement) => `${c.localName}: ${ownText(c)}`);
}

async function render(name: string, version: 'v0_9_1' | 'v1_0-current') {
  const example = (await (await fetch(`/__spec/${version}/catalogs/basic/examples/${name}.json`)).json()) as { messages: Array<Record<string, any>> };
  const surfaceId = example.messages.find((m) => m.createSurface)!.createSurface.surfaceId as string;
  const mounted = await mount(surfaceId);
  if (version === 'v0_9_1') enableV09(mounted.store);
  for (const m of example.messages) await mounted.process(m);
  return mounted;
}

describe('elements: a v0.9 stream renders the same UI as its v1.0 equivalent', () => {
  for (const name of EXAMPLES) {
    it(name, async () => {
      const v09 = await render(name, 'v0_9_1');
      const v10 = await render(name, 'v1_0-current');
      expect(v09.errors()).to.deep.equal([]);
      expect(v10.errors()).to.deep.equal([]);
      expect(visible(v09.el)).to.deep.equal(visible(v10.el));
      // Press every button once, in document order, in both: the same payloads leave.
      const press = async (m: typeof v09) => {
        for (const b of components(m.el).filter((c) => c.localName === 'a2ui-button')) await b.node!.act();
        return m.actions().map((a) => ({ ...a, timestamp: '', sourceComponentId: a.sourceComponentId.replace(/-/g, '_') }));
      };
      expect(await press(v09)).to.deep.equal(await press(v10));
      expect(v09.out.filter((m) => 'action' in m).every((m) => m.version === 'v0.9')).to.equal(true);
    });
  }
});
