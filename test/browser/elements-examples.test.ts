import { expect } from '@open-wc/testing';
import { isObject } from '../../elements/components/util.ts';
import { PART_NAMES } from '../../elements/index.ts';
import { components, EXAMPLES, mount } from './elements-helpers.ts';
import { deepQueryAll } from './queries.ts';


/**
 * Axe rules an example's own content breaks (not the renderer): the agent's markdown in
 * 30_live-invitation-builder jumps from `#` to `###`, and we keep the levels the agent wrote.
 */
const CONTENT_ISSUES: Record<string, string[]> = { '30_live-invitation-builder': ['heading-order'] };

interface Example {
  messages: Array<Record<string, unknown>>;
}

/** Component ids reachable from root (static ids and template component ids). */
function reachable(messages: Example['messages']): Set<string> {
  const defs = new Map<string, Record<string, unknown>>();
  for (const m of messages) {
    const body = (m.updateComponents ?? m.createSurface) as { components?: Array<Record<string, unknown>> } | undefined;
    for (const c of body?.components ?? []) defs.set(c.id as string, c);
  }
  const refs = (v: unknown, key: string, out: string[]): void => {
    if (key === 'child' || key === 'trigger' || key === 'content') {
      if (typeof v === 'string') out.push(v);
    } else if (key === 'children') {
      if (Array.isArray(v)) out.push(...v.filter((x): x is string => typeof x === 'string'));
      else if (isObject(v) && typeof v.componentId === 'string') out.push(v.componentId);
    } else if (key === 'tabs' && Array.isArray(v)) {
      for (const t of v) if (isObject(t) && typeof t.child === 'string') out.push(t.child);
    }
  };
  const seen = new Set<string>();
  const visit = (id: string): void => {
    if (seen.has(id) || !defs.has(id)) return;
    seen.add(id);
    const out: string[] = [];
    for (const [k, v] of Object.entries(defs.get(id)!)) refs(v, k, out);
    out.forEach(visit);
  };
  visit('root');
  return seen;
}

describe('elements: every v1.0 basic example', () => {
  for (const name of EXAMPLES) {
    it(`${name} renders with no error and is accessible`, async () => {
      const res = await fetch(`/__spec/v1_0-current/catalogs/basic/examples/${name}.json`);
      expect(res.status).to.equal(200);
      const example = (await res.json()) as Example;
      const create = example.messages.find((m) => m.createSurface)!.createSurface as { surfaceId: string };
      const { el, errors, process } = await mount(create.surfaceId);
      // Stream it in one message at a time, as an agent would.
      for (const m of example.messages) await process(m);
      expect(errors()).to.deep.equal([]);
      expect(deepQueryAll(el, '[part~="error"]').length, 'an error fallback is shown').to.equal(0);
      // Every part shown is one a host can name from outside (and every-surface mode exports).
      const parts = new Set(deepQueryAll(el, '[part]').flatMap((n) => n.getAttribute('part')!.split(/\s+/).filter(Boolean)));
      expect([...parts].filter((p) => !(PART_NAMES as readonly string[]).includes(p)), 'parts outside PART_NAMES').to.deep.equal([]);
      const ids = new Set(components(el).map((c) => c.node!.id));
      // Template components render once per item; an empty template list renders none.
      const missing = [...reachable(example.messages)].filter((id) => !ids.has(id));
      expect(missing, 'components not rendered').to.deep.equal([]);
      await expect(el).to.be.accessible({ ignoredRules: CONTENT_ISSUES[name] ?? [] });
    });
  }
});
