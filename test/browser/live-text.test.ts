import { expect } from '@open-wc/testing';
import { Signal } from 'signal-polyfill';
import { A2uiElement } from '../../elements/index.ts';
import { ComponentNode, toDisplayString } from '../../src/index.ts';
import { BASIC_V09_CATALOG_ID } from '../../src/v09/index.ts';
import { enableV09 } from '../../elements/v09.ts';
import { component, components, expectSame, inner, mount, renderContainers, rendered, settle, surfaceMessages, countUpdates } from './elements-helpers.ts';
import { getByRole, textNodesOf, textOf } from './queries.ts';

const S = 'live-text';


/** Counts calls of the element instance's own `update()` (the full template re-render). */
function spyUpdates(el: A2uiElement): () => number {
  let n = 0;
  const own = el as unknown as { update(changed: unknown): void };
  const original = own.update;
  own.update = function (this: unknown, changed: unknown) {
    n++;
    original.call(this, changed);
  };
  return () => n;
}

/** The text nodes under the Text's `part="text"` node (through nested markup). */
function textNodes(el: A2uiElement): Text[] {
  return textNodesOf(textPart(el)).filter((n) => n.nodeValue!.trim());
}

/**
 * Wraps what a Text of component `id` shows while `run` executes: the bound value it watches
 * (`ComponentNode.prototype.signal`) passes through `wrap` (robust to the parent handing the
 * element a new node; the reads inside stay reactive through the real binding).
 */
async function patchText(id: string, wrap: (text: string) => string, run: () => Promise<void>): Promise<void> {
  const original = ComponentNode.prototype.signal;
  ComponentNode.prototype.signal = function (this: ComponentNode, name: string) {
    const source = original.call(this, name);
    return this.id === id && source ? new Signal.Computed(() => wrap(toDisplayString(source.get()))) : source;
  };
  try {
    await run();
  } finally {
    ComponentNode.prototype.signal = original;
  }
}

/** The Text's `part="text"` node, wherever the component renders. */
const textPart = (el: Element): Element => rendered(el, '[part=text]')[0]!;

describe('live text: a Text updates its words without re-rendering', () => {
  /** Changes `/<id>` and checks: one counted update, no element update, the text node kept. */
  async function changeInPlace(el: A2uiElement | Element, id: string, process: (m: unknown) => Promise<void>, message: unknown): Promise<void> {
    const text = component(el, id);
    const before = textNodes(text);
    expect(before).to.have.length(1);
    const updates = spyUpdates(text);
    const counts = await countUpdates(() => process(message));
    expect([...counts], id).to.deep.equal([[id, 1]]);
    expect(updates(), `${id}: the element's own update`).to.equal(0);
    expect(textOf(text)).to.equal(`second ${id}`);
    expectSame(textNodes(text)[0], before[0], `${id}: the text node is updated in place`);
  }

  it('a data change updates a body or caption text with one counted update, no element update, in place', async () => {
    const { el, process } = await mount(S);
    await process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'Column', children: ['body', 'caption'] },
          { id: 'body', component: 'Text', text: { '@path': '/body' } },
          { id: 'caption', component: 'Text', variant: 'caption', text: { '@path': '/caption' } },
        ],
        { body: 'first body', caption: 'first caption' },
      ),
    );
    for (const id of ['body', 'caption']) {
      await changeInPlace(el, id, process, { version: '1.0', updateDataModel: { surfaceId: S, path: `/${id}`, value: `second ${id}` } });
    }
    // The structure is the one of a full render.
    // A one-paragraph body is its paragraph (role="paragraph", no <p> inside).
    expect(textOf(getByRole(component(el, 'body'), 'paragraph'))).to.equal('second body');
    expect(inner(el, 'caption', 'span[part=text].caption').textContent).to.equal('second caption');

    const same = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/body', value: 'second body' } }));
    expect(same.size, 'the same value updates nothing').to.equal(0);
  });

  it('a change of the data that leaves the text the same updates nothing', async () => {
    const { el, process } = await mount(S);
    const rounded = { '@call': 'formatNumber', args: { value: { '@path': '/n' }, decimals: 0 } };
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: rounded }], { n: 1.2 }));
    const counts = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/n', value: 1.3 } }));
    expect(counts.size).to.equal(0);
    expect(textOf(component(el, 'root'))).to.equal('1');
    const changed = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/n', value: 2.4 } }));
    expect([...changed]).to.deep.equal([['root', 1]]);
    expect(textOf(component(el, 'root'))).to.equal('2');
  });

  it('a heading variant (v0.9) updates in place too, without its heading marks', async () => {
    const { store, el, process } = await mount('live-heads');
    enableV09(store);
    await process([
      { version: 'v0.9', createSurface: { surfaceId: 'live-heads', catalogId: BASIC_V09_CATALOG_ID } },
      { version: 'v0.9', updateDataModel: { surfaceId: 'live-heads', path: '/heading', value: 'first heading' } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'live-heads',
          components: [
            { id: 'root', component: 'Column', children: ['heading'] },
            { id: 'heading', component: 'Text', variant: 'h2', text: { path: '/heading' } },
          ],
        },
      },
    ]);
    await changeInPlace(el, 'heading', process, { version: 'v0.9', updateDataModel: { surfaceId: 'live-heads', path: '/heading', value: 'second heading' } });
    const heading = inner(el, 'heading', '[part=text][role=heading][aria-level="2"] > .h2');
    expect(heading.textContent).to.equal('second heading');
    expect(textOf(getByRole(el, 'heading', { name: 'second heading' }))).to.equal('second heading');
    await process({ version: 'v0.9', updateDataModel: { surfaceId: 'live-heads', path: '/heading', value: '## third heading' } });
    expect(heading.textContent, 'heading marks are dropped').to.equal('third heading');
  });

  it('a definition update that changes the text and the variant is one element update', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: 'before' }]));
    const counts = await countUpdates(() => process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Text', text: 'after', variant: 'caption' }] } }));
    expect([...counts]).to.deep.equal([['root', 1]]);
    expect(inner(el, 'root', 'span[part=text].caption').textContent).to.equal('after');
  });

  it('a formatString over a shared path updates every text once, without element updates', async () => {
    const { el, process } = await mount(S);
    const ids = Array.from({ length: 20 }, (_, i) => `t${i}`);
    await process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'Column', children: ids },
          ...ids.map((id, i) => ({ id, component: 'Text', text: { '@call': 'formatString', args: { value: `\${/rows/${i}}: \${/shared}` } } })),
        ],
        { rows: ids.map((_, i) => `Item ${i}`), shared: 'start' },
      ),
    );
    const spies = ids.map((id) => spyUpdates(component(el, id)));
    const counts = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/shared', value: 'next' } }));
    expect([...counts].sort()).to.deep.equal(ids.map((id) => [id, 1]).sort());
    expect(spies.map((n) => n())).to.deep.equal(ids.map(() => 0));
    expect(textOf(component(el, 't7'))).to.equal('Item 7: next');
  });

  it('markdown text re-renders as markdown, and back to plain text', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: { '@path': '/t' } }], { t: 'plain words' }));
    const text = component(el, 'root');
    const part = () => textPart(text);
    const updates = spyUpdates(text);

    const counts = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: '**bold** and [a link](https://example.com/x)' } }));
    expect([...counts]).to.deep.equal([['root', 1]]);
    expect(part().querySelector('p > strong')!.textContent).to.equal('bold');
    // A link is its text by default (configureMarkdown turns links on; markdown.test.ts).
    expect(part().querySelector('a')).to.equal(null);
    expect(part().textContent).to.contain('and a link');

    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: '# Title\n\n- one\n- two' } });
    expect(part().querySelector('h1')!.textContent).to.equal('Title');
    expect([...part().querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['one', 'two']);

    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: 'plain again' } });
    expect(part().querySelector('strong, h1, li')).to.equal(null);
    expect(textOf(getByRole(text, 'paragraph'))).to.equal('plain again');
    expect(updates()).to.equal(0);
  });

  it('a binding that throws shows the fallback, is reported once per message, and recovers', async () => {
    const { el, process, errors } = await mount(S);
    await process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'Column', children: ['t', 'other'] },
          { id: 't', component: 'Text', text: { '@path': '/t' } },
          { id: 'other', component: 'Text', text: { '@path': '/other' } },
        ],
        { t: 'fine', other: 'other 1' },
      ),
    );
    const text = component(el, 't');
    // A text that throws for some data (reads stay reactive through the real binding).
    await patchText(
      't',
      (value) => {
        if (value.startsWith('boom')) throw new Error(`cannot show ${value.slice(0, 4)}`);
        return value;
      },
      async () => {
        // A definition update makes the element render again, now through the patch.
        await process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 't', component: 'Text', text: { '@path': '/t' }, variant: 'body' }] } });
        await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: 'boom 1' } });
        expect(rendered(text, '[part=text] [part=error]')[0]!.textContent).to.equal('Content unavailable');
        expect(textOf(text)).to.equal('Content unavailable');
        await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: 'boom 2' } });
        expect(errors()).to.have.length(1);
        expect(JSON.stringify(errors()[0])).to.contain("Component 't' (Text) failed to render: cannot show boom");

        // The page keeps working: other texts, and this one once its data is fine again.
        await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/other', value: 'other 2' } });
        expect(textOf(component(el, 'other'))).to.equal('other 2');
        await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: 'fine again' } });
        expect(textOf(text)).to.equal('fine again');
        expect(rendered(text, '[part=error]')).to.deep.equal([]);
        // A new failure after recovering is reported again.
        await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: 'boom 3' } });
        expect(errors()).to.have.length(2);
      },
    );
  });

  it('a detached Text stops watching its data; re-attached, it shows the current value', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: { '@path': '/t' } }], { t: 'one' }));
    const text = component(el, 'root');
    // A probe signal read with the text: it has a sink exactly while something watches it.
    const probe = new Signal.State(0);
    let reads = 0;
    const probed = (value: string) => {
      probe.get();
      reads++;
      return value;
    };
    await patchText('root', probed, async () => {
      // A definition update makes the element render again, now reading the probe.
      await process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Text', text: { '@path': '/t' }, variant: 'body' }] } });
      expect(Signal.subtle.hasSinks(probe), 'watched while attached').to.equal(true);

      const host = el.parentNode!;
      el.remove();
      await settle(el);
      expect(Signal.subtle.hasSinks(probe), 'unwatched once detached').to.equal(false);
      const readsBefore = reads;
      const detached = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: 'two' } }));
      expect(detached.size, 'no update while detached').to.equal(0);
      expect(reads, 'the text is not evaluated while detached').to.equal(readsBefore);
      expect(textOf(text)).to.equal('one');

      host.appendChild(el);
      await settle(el);
      expect(components(el, 'root')[0]).to.equal(text);
      expect(textOf(text)).to.equal('two');
      expect(Signal.subtle.hasSinks(probe), 'watched again').to.equal(true);
      const again = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: 'three' } }));
      expect([...again]).to.deep.equal([['root', 1]]);
      expect(textOf(text)).to.equal('three');
    });
  });

  it('parents first: a reordered list item never shows another item’s text', async () => {
    const { el, process } = await mount(S);
    await process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'List', children: { path: '/items', componentId: 'item' } },
          { id: 'item', component: 'Text', text: { '@path': 'name' } },
        ],
        { items: [{ id: 'a', name: 'Alpha' }, { id: 'b', name: 'Beta' }, { id: 'c', name: 'Gamma' }] },
      ),
    );
    const first = components(el, 'item')[0];
    expect(textOf(first)).to.equal('Alpha');
    const seen: string[] = [];
    // Every text the item showed: old values of rewritten text nodes, removed nodes, and the current one.
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData' && r.oldValue?.trim()) seen.push(r.oldValue.trim());
        for (const n of r.removedNodes) if (n.textContent?.trim()) seen.push(n.textContent.trim());
      }
      seen.push(textOf(first));
    });
    for (const where of renderContainers(first)) observer.observe(where, { subtree: true, characterData: true, characterDataOldValue: true, childList: true });
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items', value: [{ id: 'c', name: 'Gamma' }, { id: 'b', name: 'Beta' }, { id: 'a', name: 'Alpha' }] } });
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items/2/name', value: 'Alpha 2' } });
    observer.disconnect();
    expect(seen.filter((t) => t !== 'Alpha' && t !== 'Alpha 2'), 'texts shown by the moved item').to.deep.equal([]);
    expect(textOf(first)).to.equal('Alpha 2');
    expect(components(el, 'item').map(textOf)).to.deep.equal(['Gamma', 'Beta', 'Alpha 2']);
  });
});
