/**
 * Failures the browser fuzz pass (fuzz-elements.test.ts, issue 11) found, each shrunk by hand to
 * the smallest case a user would notice, plus the shrunk fuzz streams themselves run through the
 * harness. All share one cause: a reactive read whose element was disconnected (a DOM move, a
 * keyed reorder, a host detaching the surface) is never told about later writes to that path.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { explicitPlan } from '../fuzz/plan.ts';
import { formatFailure } from '../fuzz/report.ts';
import type { Json } from '../fuzz/json.ts';
import type { Seed } from '../fuzz/seeds.ts';
import { components, mount, ownText, settle, surfaceMessages } from './elements-helpers.ts';
import { getByLabel } from './queries.ts';
import { loadSeeds, pageWatch, runMounted, type LifecycleAct } from './fuzz-elements-helpers.ts';

const S = 'surf';
const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });
const texts = (el: Element, id: string) => components(el, id).map(ownText);

/** Removes the element, lets a task pass (the element's watchers let go), and puts it back. */
async function detachForATask(el: Element): Promise<void> {
  const parent = el.parentNode!;
  el.remove();
  await new Promise((r) => setTimeout(r, 0));
  parent.appendChild(el);
}

const STEPS = [
  { id: 'list', component: 'Column', children: { path: '/steps', componentId: 'step' } },
  { id: 'step', component: 'Text', text: { '@path': 'label' } },
];
const TWO_STEPS = v({ updateDataModel: { surfaceId: S, path: '/steps', value: [{ label: 'Packed' }, { label: 'Shipped' }] } });

describe('fuzz regressions: mounted elements', () => {
  it('regression: a template list still empty when the agent moves it to the front shows the items the agent sends afterwards', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Column', children: ['a', 'b', 'list'] }, { id: 'a', component: 'Text', text: 'A' }, { id: 'b', component: 'Text', text: 'B' }, ...STEPS]));
    // The keyed reorder moves the list's element (remove + insert in one task).
    await process(v({ updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Column', children: ['list', 'a', 'b'] }] } }));
    await process(TWO_STEPS);
    expect(texts(el, 'step')).to.deep.equal(['Packed', 'Shipped']);
  });

  it('regression: a surface the host moves in the DOM while its list is empty shows the items the agent sends afterwards', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Card', child: 'list' }, ...STEPS]));
    el.parentNode!.appendChild(el); // a framework re-inserting the node: remove + insert in one task
    await settle(el);
    await process(TWO_STEPS);
    expect(texts(el, 'step')).to.deep.equal(['Packed', 'Shipped']);
  });

  it('regression: a surface detached for a moment and re-attached still shows what the agent writes afterwards', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: { '@path': '/status' } }], { status: 'Packed' }));
    await detachForATask(el);
    await settle(el);
    await process(v({ updateDataModel: { surfaceId: S, path: '/status', value: 'Shipped' } }));
    expect(texts(el, 'root')).to.deep.equal(['Shipped']);
  });

  it('regression: data the agent writes while a surface is detached is shown once it is re-attached', async () => {
    const { el, process, store } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Card', child: 'list' }, ...STEPS]));
    const parent = el.parentNode!;
    el.remove();
    await new Promise((r) => setTimeout(r, 0));
    store.process(TWO_STEPS);
    parent.appendChild(el);
    await settle(el);
    expect(texts(el, 'step')).to.deep.equal(['Packed', 'Shipped']);
  });

  it('regression: text typed into a TextField after its surface was re-attached stays on screen', async () => {
    const { el, process, store } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'TextField', label: 'Email', value: { '@path': '/email' } }], { email: '' }));
    await detachForATask(el);
    await settle(el);
    const input = getByLabel<HTMLInputElement>(el, 'Email');
    input.focus();
    await sendKeys({ type: 'ada@example.com' });
    await settle(el);
    expect(store.surface(S)!.dataModel.get('/email')).to.equal('ada@example.com');
    expect(getByLabel<HTMLInputElement>(el, 'Email').value, 'what the user typed is still in the field').to.equal('ada@example.com');
  });
});

describe('fuzz regressions: the shrunk streams through the harness', () => {
  const watch = pageWatch();
  let seeds: Seed[] = [];
  let skipReason = '';
  before(async () => {
    const loaded = await loadSeeds();
    if (typeof loaded === 'string') skipReason = loaded;
    else seeds = loaded;
  });
  const seed = (name: string) => seeds.find((s) => s.name === name)!;
  /** Runs `messages` with the fuzzed surfaces detached while message `detachAt` is processed. */
  const run = async (messages: readonly Json[], detachAt: number, sibling: string) => {
    const plan = explicitPlan(seeds, messages, { sibling: seeds.indexOf(seed(sibling)) });
    const lifecycle = (i: number): LifecycleAct => (i === detachAt ? 'detach' : 'none');
    const { violations } = await runMounted(plan, watch, { lifecycle, user: { writes: true } });
    // The harness's oracle judges messages it was not built for here (explicit plans count as mutated).
    return { plan, violations: violations.filter((x) => !/^(every rejected message|valid messages are accepted)/.test(x.invariant)) };
  };

  it('regression (fuzz, shrunk): the shipping status written while its surface is detached shows every step', async function () {
    if (skipReason) this.skip();
    const { plan, violations } = await run(seed('21_shipping-status.json').messages, 2, '13_coffee-order.json');
    expect(violations, formatFailure(plan, violations)).to.deep.equal([]);
  });

  it('regression (fuzz, shrunk): typing into the login form after its surface was detached keeps the text on screen', async function () {
    if (skipReason) this.skip();
    const messages = [...seed('09_login-form.json').messages.slice(0, 2), v({ deleteSurface: { surfaceId: 'fz-missing' } })];
    const { plan, violations } = await run(messages, 2, '35_markdown-text.json');
    expect(violations, formatFailure(plan, violations)).to.deep.equal([]);
  });
});
