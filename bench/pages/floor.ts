/**
 * The floors' workloads: hand-written code, no framework and no A2UI processing, building the
 * same visible tree from the same payloads as the renderers do (a column of rows of paragraphs, a
 * text input, a keyed list) and measuring the same phases as driver.ts. What the tree is built
 * of comes from a {@link DomKit}: plain elements (raw.ts) or vanilla custom elements with or
 * without a shadow root each (vanilla.ts), so the floors differ in that and nothing else.
 *
 * @module
 */
import * as M from '../workloads/messages.ts';
import { begin, check, deepText, macrotask, renderTime, rendered, settled, type Times } from './timing.ts';
import { add, findInput, shownItems, type Params, type RunResult } from './driver.ts';

/** The building blocks of a floor: one per kind of component the workloads show. */
export interface DomKit {
  /** Where a surface's tree goes, created under `container`. */
  surface(container: HTMLElement): ParentNode;
  column(): HTMLElement;
  row(): HTMLElement;
  /** The container of a keyed list. */
  list(): HTMLElement;
  /** A paragraph showing `text`. */
  text(text: string): HTMLElement;
  /** Changes what an element from {@link text} shows. */
  setText(el: HTMLElement, text: string): void;
  /** A text input (inside a label when `label` is not empty); `onInput` gets every new value. */
  textField(label: string, value: string, onInput: (value: string) => void): HTMLElement;
  /** One item of a keyed list showing `name`. */
  item(name: string): HTMLElement;
  /** Changes what an element from {@link item} shows. */
  setItem(el: HTMLElement, name: string): void;
}

function container(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'bench-container';
  document.body.append(el);
  return el;
}

type Component = { id: string; component: string; text?: unknown; children?: unknown };

/**
 * Builds the grid of M.grid from its components as they arrive (parents come first): `text`
 * turns a Text's `text` property into the string shown. Returns the Text elements by id.
 */
function gridBuilder(kit: DomKit, root: ParentNode, text: (t: unknown) => string) {
  const parentOf = new Map<string, HTMLElement>();
  const texts = new Map<string, HTMLElement>();
  return {
    texts,
    add(components: Component[]) {
      for (const c of components) {
        if (c.component === 'Column') {
          const el = kit.column();
          root.append(el);
          for (const child of c.children as string[]) parentOf.set(child, el);
        } else if (c.component === 'Row') {
          const el = kit.row();
          parentOf.get(c.id)!.append(el);
          for (const child of c.children as string[]) parentOf.set(child, el);
        } else {
          const el = kit.text(text(c.text));
          parentOf.get(c.id)!.append(el);
          texts.set(c.id, el);
        }
      }
    },
  };
}

/** Keyed list: reuses the element of each id, moves only what is out of place. */
function keyedList(kit: DomKit, root: HTMLElement) {
  let byId = new Map<string, HTMLElement>();
  const names = new Map<string, string>();
  return (items: M.ListItem[]) => {
    const next = new Map<string, HTMLElement>();
    for (const item of items) {
      let el = byId.get(item.id);
      if (!el) el = kit.item(item.name);
      else if (names.get(item.id) !== item.name) kit.setItem(el, item.name);
      names.set(item.id, item.name);
      next.set(item.id, el);
    }
    for (const [id, el] of byId)
      if (!next.has(id)) {
        el.remove();
        names.delete(id);
      }
    let cursor = root.firstChild;
    for (const el of next.values()) {
      if (el === cursor) cursor = cursor.nextSibling;
      else root.insertBefore(el, cursor);
    }
    byId = next;
  };
}

const valueAt = (data: Record<string, unknown>, path: string): unknown => path.split('/').filter(Boolean).reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], data);

/** The workloads of driver.ts, hand-written over `kit`; `name` labels failed checks. */
function floorWorkloads(kit: DomKit, name: string): Record<string, (p: Params) => Promise<RunResult>> {
  return {
    async streamIn({ components = 1000, messages = 100 }) {
      const c = container();
      const data = M.streamIn('v10', 's', components, messages);
      const grid = gridBuilder(kit, kit.surface(c), (t) => String(t));
      await rendered(c);
      const t0 = begin();
      for (const m of data.stream) {
        grid.add((m.updateComponents as { components: Component[] }).components);
        await macrotask();
      }
      const total = await renderTime(c, t0);
      check(shownItems(c).length === data.texts, `${name} stream-in incomplete`);
      c.remove();
      return { ms: { total } };
    },

    async onePath({ components = 1000 }) {
      const c = container();
      const data = M.onePath('v10', 's', components);
      const model = (data.setup[1].updateDataModel as { value: Record<string, unknown> }).value;
      const grid = gridBuilder(kit, kit.surface(c), (t) => String(valueAt(model, (t as { '@path': string })['@path'])));
      grid.add((data.setup[2].updateComponents as { components: Component[] }).components);
      await rendered(c);
      check(shownItems(c).length === data.texts, `${name} one-path: initial render incomplete`);
      const { path, value } = data.update.updateDataModel as { path: string; value: string };
      const t0 = begin();
      kit.setText(grid.texts.get(`t${path.split('/').pop()}`)!, value);
      const update = await renderTime(c, t0);
      const text = deepText(c);
      check(text.includes('changed') && !text.includes(`Item ${data.target} `), `${name} one-path`);
      c.remove();
      return { ms: { update } };
    },

    async typing({ keystrokes = 200, texts = 50 }) {
      const c = container();
      const col = kit.column();
      const shown = Array.from({ length: texts }, () => kit.text(''));
      col.append(
        kit.textField('Type here', '', (value) => {
          for (const el of shown) kit.setText(el, value);
        }),
        ...shown,
      );
      kit.surface(c).append(col);
      await rendered(c);
      const el = findInput(c);
      const keys = M.keystrokes(keystrokes);
      const total: Times = { script: 0, painted: 0 };
      for (const key of keys) {
        const t0 = begin();
        el.value += key;
        el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: key, inputType: 'insertText' }));
        add(total, await renderTime(c, t0));
      }
      const tail = keys.join('').trim().slice(-20);
      check(deepText(c).split(tail).length - 1 >= texts, `${name} typing`);
      c.remove();
      return { ms: { total } };
    },

    async templateList({ items = 1000 }) {
      const c = container();
      const list = kit.list();
      kit.surface(c).append(list);
      const render = keyedList(kit, list);
      await rendered(c);
      let items_ = M.listItems(0, items);
      const ms: Record<string, Times> = {};
      const expectShown = (what: string) => {
        const shown = shownItems(c);
        check(shown.length === items_.length && shown.every((v, i) => v === Number(items_[i].id.slice(1))), `${name} list ${what}`);
      };
      let t0 = begin();
      render(structuredClone(items_));
      ms.initial = await renderTime(c, t0);
      expectShown('initial');
      for (const op of M.LIST_OPS) {
        items_ = op.apply(items_);
        const next = structuredClone(items_);
        t0 = begin();
        render(next);
        ms[op.name] = await renderTime(c, t0);
        expectShown(op.name);
      }
      c.remove();
      return { ms };
    },

    async formatHeavy({ texts = 500 }) {
      const c = container();
      const col = kit.column();
      kit.surface(c).append(col);
      const rows = Array.from({ length: texts }, (_, i) => ({ name: `Item ${i}`, count: i }));
      let shared = 'start';
      const shown = rows.map((r) => kit.text(`${r.name}: ${shared} (${r.count})`));
      col.append(...shown);
      await rendered(c);
      const t0 = begin();
      shared = 'next';
      for (let i = 0; i < texts; i++) kit.setText(shown[i], `${rows[i].name}: ${shared} (${rows[i].count})`);
      const update = await renderTime(c, t0);
      const text = deepText(c);
      check(text.includes(`Item 0: next`) && text.includes(`Item ${texts - 1}: next`) && !text.includes('start'), `${name} formatString`);
      c.remove();
      return { ms: { update } };
    },
  };
}

/** Installs `window.bench` for a floor page: the workloads and churn over `kit`. */
export function registerFloor(name: string, kit: DomKit): void {
  const workloads = floorWorkloads(kit, name);
  let churnRoot: HTMLElement | undefined;
  let next = 0;
  Object.assign(window, {
    bench: {
      name,
      run: (workload: string, _proto: string, params: Params) => workloads[workload](params),
      churnInit() {
        churnRoot = container();
      },
      /** Creates, renders and removes `cycles` small surfaces (as churn in driver.ts). */
      async churn(cycles: number) {
        const t0 = performance.now();
        for (let i = 0; i < cycles; i++) {
          const id = `c${next++}`;
          const col = kit.column();
          const echo = kit.text(id);
          const list = kit.list();
          for (let k = 0; k < 5; k++) list.append(kit.text(`Row ${k}`));
          col.append(kit.text('Churn'), kit.textField('', id, (value) => kit.setText(echo, value)), echo, list);
          kit.surface(churnRoot!).append(col);
          await settled(churnRoot!);
          if (i === 0) check(deepText(churnRoot!).includes(id), `${name} churn: ${id} not shown`);
          churnRoot!.replaceChildren();
          await settled(churnRoot!);
        }
        return (performance.now() - t0) / cycles;
      },
      churnDispose() {
        churnRoot?.remove();
        churnRoot = undefined;
      },
    },
  });
}
