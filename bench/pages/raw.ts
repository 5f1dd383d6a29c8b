/**
 * Bench page: raw DOM, the floor. Hand-written DOM code building the same visible tree from the
 * same payloads (a column of rows of paragraphs, a text input, a keyed list), with no framework,
 * no shadow roots and no styles beyond the defaults. Each workload measures the same phase as
 * the renderers' version in driver.ts.
 *
 * @module
 */
import * as M from '../workloads/messages.ts';
import { begin, check, deepText, macrotask, renderTime, rendered, settled, type Times } from './timing.ts';
import { add, findInput, shownItems, type Params, type RunResult } from './driver.ts';

function container(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'bench-container';
  document.body.append(el);
  return el;
}

function column(): HTMLDivElement {
  const el = document.createElement('div');
  el.style.cssText = 'display:flex;flex-direction:column';
  return el;
}

function row(): HTMLDivElement {
  const el = document.createElement('div');
  el.style.cssText = 'display:flex;flex-direction:row';
  return el;
}

function para(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  return p;
}

type Component = { id: string; component: string; text?: unknown; children?: unknown };

/**
 * Builds the grid of M.grid from its components as they arrive (parents come first): `text`
 * turns a Text's `text` property into the string shown. Returns the Text paragraphs by id.
 */
function gridBuilder(root: HTMLElement, text: (t: unknown) => string) {
  const parentOf = new Map<string, HTMLElement>();
  const texts = new Map<string, Text>();
  return {
    texts,
    add(components: Component[]) {
      for (const c of components) {
        if (c.component === 'Column') {
          const el = column();
          root.append(el);
          for (const child of c.children as string[]) parentOf.set(child, el);
        } else if (c.component === 'Row') {
          const el = row();
          parentOf.get(c.id)!.append(el);
          for (const child of c.children as string[]) parentOf.set(child, el);
        } else {
          const p = para(text(c.text));
          parentOf.get(c.id)!.append(p);
          texts.set(c.id, p.firstChild as Text);
        }
      }
    },
  };
}

/** Keyed list: reuses the element of each id, moves only what is out of place. */
function keyedList(root: HTMLElement) {
  let byId = new Map<string, HTMLElement>();
  return (items: M.ListItem[]) => {
    const next = new Map<string, HTMLElement>();
    for (const item of items) {
      let el = byId.get(item.id);
      if (!el) {
        el = document.createElement('div');
        el.append(para(item.name));
      } else if (el.firstChild!.textContent !== item.name) el.firstChild!.textContent = item.name;
      next.set(item.id, el);
    }
    for (const [id, el] of byId) if (!next.has(id)) el.remove();
    let cursor = root.firstChild;
    for (const el of next.values()) {
      if (el === cursor) cursor = cursor.nextSibling;
      else root.insertBefore(el, cursor);
    }
    byId = next;
  };
}

const valueAt = (data: Record<string, unknown>, path: string): unknown => path.split('/').filter(Boolean).reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], data);

const workloads: Record<string, (p: Params) => Promise<RunResult>> = {
  async streamIn({ components = 1000, messages = 100 }) {
    const c = container();
    const data = M.streamIn('v10', 's', components, messages);
    const grid = gridBuilder(c, (t) => String(t));
    await rendered(c);
    const t0 = begin();
    for (const m of data.stream) {
      grid.add((m.updateComponents as { components: Component[] }).components);
      await macrotask();
    }
    const total = await renderTime(c, t0);
    check(shownItems(c).length === data.texts, 'raw stream-in incomplete');
    c.remove();
    return { ms: { total } };
  },

  async onePath({ components = 1000 }) {
    const c = container();
    const data = M.onePath('v10', 's', components);
    const model = (data.setup[1].updateDataModel as { value: Record<string, unknown> }).value;
    const grid = gridBuilder(c, (t) => String(valueAt(model, (t as { '@path': string })['@path'])));
    grid.add((data.setup[2].updateComponents as { components: Component[] }).components);
    await rendered(c);
    const { path, value } = data.update.updateDataModel as { path: string; value: string };
    const t0 = begin();
    grid.texts.get(`t${path.split('/').pop()}`)!.data = value;
    const update = await renderTime(c, t0);
    check(deepText(c).includes('changed'), 'raw one-path');
    c.remove();
    return { ms: { update } };
  },

  async typing({ keystrokes = 200, texts = 50 }) {
    const c = container();
    const col = column();
    const label = document.createElement('label');
    label.textContent = 'Type here';
    const input = document.createElement('input');
    label.append(input);
    col.append(label);
    const shown = Array.from({ length: texts }, () => para(''));
    col.append(...shown);
    c.append(col);
    input.addEventListener('input', () => {
      for (const p of shown) p.textContent = input.value;
    });
    await rendered(c);
    const el = findInput(c);
    const total: Times = { script: 0, painted: 0 };
    for (const key of M.keystrokes(keystrokes)) {
      const t0 = begin();
      el.value += key;
      el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: key, inputType: 'insertText' }));
      add(total, await renderTime(c, t0));
    }
    c.remove();
    return { ms: { total } };
  },

  async templateList({ items = 1000 }) {
    const c = container();
    const list = column();
    c.append(list);
    const render = keyedList(list);
    await rendered(c);
    let items_ = M.listItems(0, items);
    const ms: Record<string, Times> = {};
    let t0 = begin();
    render(structuredClone(items_));
    ms.initial = await renderTime(c, t0);
    for (const op of M.LIST_OPS) {
      items_ = op.apply(items_);
      const next = structuredClone(items_);
      t0 = begin();
      render(next);
      ms[op.name] = await renderTime(c, t0);
      const shown = shownItems(c);
      check(shown.length === items_.length && shown[0] === Number(items_[0].id.slice(1)), `raw list ${op.name}`);
    }
    c.remove();
    return { ms };
  },

  async formatHeavy({ texts = 500 }) {
    const c = container();
    const col = column();
    c.append(col);
    const rows = Array.from({ length: texts }, (_, i) => ({ name: `Item ${i}`, count: i }));
    let shared = 'start';
    const nodes = rows.map((r) => {
      const p = para(`${r.name}: ${shared} (${r.count})`);
      col.append(p);
      return p.firstChild as Text;
    });
    await rendered(c);
    const t0 = begin();
    shared = 'next';
    for (let i = 0; i < texts; i++) nodes[i].data = `${rows[i].name}: ${shared} (${rows[i].count})`;
    const update = await renderTime(c, t0);
    check(deepText(c).includes(`Item ${texts - 1}: next`), 'raw formatString');
    c.remove();
    return { ms: { update } };
  },
};

let churnRoot: HTMLElement | undefined;
let next = 0;

Object.assign(window, {
  bench: {
    name: 'raw',
    run: (workload: string, _proto: string, params: Params) => workloads[workload](params),
    churnInit() {
      churnRoot = container();
    },
    async churn(cycles: number) {
      const t0 = performance.now();
      for (let i = 0; i < cycles; i++) {
        const id = `c${next++}`;
        const col = column();
        const input = document.createElement('input');
        const echo = para(id);
        input.value = id;
        input.addEventListener('input', () => (echo.textContent = input.value));
        const list = column();
        for (let k = 0; k < 5; k++) list.append(para(`Row ${k}`));
        col.append(para('Churn'), input, echo, list);
        churnRoot!.append(col);
        await settled(churnRoot!);
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
