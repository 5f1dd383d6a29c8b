import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { EXAMPLES, mount, settle } from './elements-helpers.ts';
import { geometryIssues } from '../support/geometry.ts';

/** The widths a person meets: a phone, a tablet, a laptop. */
const WIDTHS = [360, 768, 1280];
const THEMES = ['light', 'dark'] as const;

/** Two frames: layout and the resize observers' renders after a viewport change. */
const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

describe('elements: geometry of every v1.0 basic example (360, 768, 1280 px; light and dark)', () => {
  after(() => setViewport({ width: 800, height: 600 }));

  for (const name of EXAMPLES) {
    it(`${name}: no box past its parent's, no overlap in a Row or Column, nothing wider than the viewport`, async () => {
      const res = await fetch(`/__spec/v1_0-current/catalogs/basic/examples/${name}.json`);
      expect(res.status).to.equal(200);
      const example = (await res.json()) as { messages: Array<Record<string, unknown>> };
      const create = example.messages.find((m) => m.createSurface)!.createSurface as { surfaceId: string };
      const { el, process } = await mount(create.surfaceId);
      for (const m of example.messages) await process(m);
      const issues: string[] = [];
      for (const theme of THEMES) {
        el.setAttribute('theme', theme);
        for (const width of WIDTHS) {
          await setViewport({ width, height: 800 });
          await frames();
          await settle(el);
          issues.push(...geometryIssues(document).map((i) => `${theme} ${width}px: ${i}`));
        }
      }
      expect(issues, issues.join('\n')).to.deep.equal([]);
    });
  }
});
