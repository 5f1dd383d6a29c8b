/**
 * Surfaces created, used and deleted on one long-lived store (the bench's `churn`): once a surface
 * is deleted and its `<a2ui-surface>` removed, nothing of it may stay reachable — not the element,
 * not the component elements it rendered (template items included), not the store's `Surface`,
 * its data model or its component nodes. Each cycle keeps only WeakRefs; a full GC through the
 * DevTools protocol then must have cleared every one of them.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { A2uiStore, type OutboundMessage } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import { A2uiElement, browserHost, preloadComponents, type A2uiSurfaceElement } from '../../elements/index.ts';
import { BASIC, settle } from './elements-helpers.ts';
import { deepElements, getByRole, textOf } from './queries.ts';

const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });

/** The bench's churn surface: a Column, a TextField, a Text bound to it and a 5-item template. */
function churnSurface(surfaceId: string): unknown[] {
  return [
    v({ createSurface: { surfaceId, catalogId: BASIC } }),
    v({ updateDataModel: { surfaceId, path: '/', value: { name: surfaceId, rows: Array.from({ length: 5 }, (_, i) => ({ id: `r${i}`, label: `Row ${i}` })) } } }),
    v({
      updateComponents: {
        surfaceId,
        components: [
          { id: 'root', component: 'Column', children: ['title', 'field', 'echo', 'list'] },
          { id: 'title', component: 'Text', text: 'Churn' },
          { id: 'field', component: 'TextField', label: 'Name', value: { '@path': '/name' } },
          { id: 'echo', component: 'Text', text: { '@path': '/name' } },
          { id: 'list', component: 'Column', children: { componentId: 'row', path: '/rows' } },
          { id: 'row', component: 'Text', text: { '@path': 'label' } },
        ],
      },
    }),
  ];
}

/** What one surface is made of, as WeakRefs with a name for the failure message. */
type Refs = Array<[string, WeakRef<object>]>;

// The steps are plain functions, not locals of the async test: a suspended async frame may keep
// a dead local alive.
function mount(store: A2uiStore, container: HTMLElement, surfaceId: string): void {
  store.process(churnSurface(surfaceId));
  const el = document.createElement('a2ui-surface') as A2uiSurfaceElement;
  el.store = store;
  el.surfaceId = surfaceId;
  container.append(el);
}

function type(container: HTMLElement, text: string): void {
  const field = getByRole<HTMLInputElement>(container, 'textbox', { name: 'Name' });
  field.focus();
  field.value = text;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: text }));
}

function collect(store: A2uiStore, container: HTMLElement, surfaceId: string): Refs {
  const refs: Refs = [];
  for (const el of deepElements(container)) {
    if (el.localName === 'a2ui-surface' && (el as A2uiSurfaceElement).surfaceId === surfaceId) refs.push(['<a2ui-surface>', new WeakRef(el)]);
    if (!(el instanceof A2uiElement)) continue;
    refs.push([`<${el.localName}> of ${el.node?.id}`, new WeakRef(el)]);
    if (el.node) refs.push([`ComponentNode ${el.node.id}`, new WeakRef(el.node)]);
  }
  const surface = store.peekSurface(surfaceId)!;
  refs.push(['Surface', new WeakRef(surface)], ['DataModel', new WeakRef(surface.dataModel)]);
  return refs;
}

function remove(store: A2uiStore, container: HTMLElement, surfaceId: string): void {
  store.process(v({ deleteSurface: { surfaceId } }));
  container.replaceChildren();
}

/** Every-surface mode: one `<a2ui-surface surface-id="*">` showing each surface of the store. */
function mountEvery(store: A2uiStore, container: HTMLElement): void {
  const el = document.createElement('a2ui-surface') as A2uiSurfaceElement;
  el.store = store;
  el.surfaceId = '*';
  container.append(el);
}

/** The surfaces an every-surface element shows (deleted ones leave after their farewells). */
const shown = (container: HTMLElement) => deepElements(container).filter((e) => e.localName === 'a2ui-surface').length - 1;

async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 0)); // disconnect microtasks ran; WeakRefs may clear
    await executeServerCommand('collect-garbage');
  }
}

// The schema validator loads on first use; these tests read a surface right after its messages.
before(() => schemaValidator.load());

describe('surface churn: a deleted surface leaves nothing reachable', () => {
  it('after 10 create / type / delete cycles on one store, every element, node and model of them is collected', async () => {
    await preloadComponents();
    const store = new A2uiStore({ host: browserHost, locale: 'en-US' });
    const out: OutboundMessage[] = [];
    store.onMessage((m) => out.push(m));
    const container = document.createElement('div');
    document.body.append(container);
    const refs: Refs = [];
    for (let i = 0; i < 10; i++) {
      const id = `churn${i}`;
      mount(store, container, id);
      await settle(container);
      expect(textOf(container)).to.contain('Row 4');
      type(container, `typed ${i}`);
      await settle(container);
      expect(textOf(container), 'the bound Text shows what was typed').to.contain(`typed ${i}`);
      const mine = collect(store, container, id);
      expect(mine.length, 'surface, 9 component elements and their nodes, Surface, DataModel').to.be.at.least(21);
      refs.push(...mine);
      remove(store, container, id);
      await settle(container);
    }
    await collectGarbage();
    const alive = refs.filter(([, ref]) => ref.deref() !== undefined).map(([name]) => name);
    expect(alive, 'still reachable after deleteSurface and a full GC').to.deep.equal([]);
    expect(out.filter((m) => 'error' in m)).to.deep.equal([]);

    // The store is still fine: a surface of a used id renders again.
    mount(store, container, 'churn0');
    await settle(container);
    expect(textOf(container)).to.contain('Row 4');
    container.remove();
    store.dispose();
  });

  it('in every-surface mode (surface-id="*"), a deleted surface and its nested <a2ui-surface> are collected too', async () => {
    await preloadComponents();
    const store = new A2uiStore({ host: browserHost, locale: 'en-US' });
    const container = document.createElement('div');
    document.body.append(container);
    mountEvery(store, container);
    const refs: Refs = [];
    for (let i = 0; i < 10; i++) {
      const id = `every${i}`;
      store.process(churnSurface(id));
      await settle(container);
      expect(shown(container)).to.equal(1);
      type(container, `typed ${i}`);
      await settle(container);
      expect(textOf(container)).to.contain(`typed ${i}`);
      refs.push(...collect(store, container, id));
      store.process(v({ deleteSurface: { surfaceId: id } }));
      for (let t = 0; t < 50 && shown(container) > 0; t++) await settle(container);
      expect(shown(container), 'the deleted surface left the column').to.equal(0);
    }
    expect(refs.filter(([name]) => name === '<a2ui-surface>').length, 'each nested surface element is watched').to.equal(10);
    await collectGarbage();
    const alive = refs.filter(([, ref]) => ref.deref() !== undefined).map(([name]) => name);
    expect(alive, 'still reachable after deleteSurface and a full GC').to.deep.equal([]);
    container.remove();
    store.dispose();
  });
});
