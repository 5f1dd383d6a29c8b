/**
 * The benchmark payloads, built fresh on every call (the official processor keeps and mutates the
 * objects it is given, so no message object is ever shared between runs).
 *
 * Every generator takes the protocol: `v10` (our native input) or `v09` (the official renderer's
 * input, which we also accept through `src/v09`). Both describe the same UI.
 *
 * @module
 */

export type Proto = 'v10' | 'v09';

export const CATALOG: Record<Proto, string> = {
  v10: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json',
  v09: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
};

type Msg = Record<string, unknown>;
type Component = Record<string, unknown>;

const version = (p: Proto) => (p === 'v10' ? '1.0' : 'v0.9');

/** A data binding in either protocol. */
export function bind(p: Proto, path: string): unknown {
  return p === 'v10' ? { '@path': path } : { path };
}

/** A `formatString` call in either protocol. */
export function format(p: Proto, value: string): unknown {
  return p === 'v10' ? { '@call': 'formatString', args: { value } } : { call: 'formatString', args: { value }, returnType: 'string' };
}

export function createSurface(p: Proto, surfaceId: string): Msg {
  return { version: version(p), createSurface: { surfaceId, catalogId: CATALOG[p] } };
}

export function updateComponents(p: Proto, surfaceId: string, components: Component[]): Msg {
  return { version: version(p), updateComponents: { surfaceId, components } };
}

export function updateDataModel(p: Proto, surfaceId: string, path: string, value: unknown): Msg {
  return { version: version(p), updateDataModel: { surfaceId, path, value } };
}

export function deleteSurface(p: Proto, surfaceId: string): Msg {
  return { version: version(p), deleteSurface: { surfaceId } };
}

/** Text shown by the i-th literal Text of the grid workloads. */
export const itemText = (i: number): string => `Item ${i}`;

/**
 * A grid of `total` components: a root Column of Rows, each Row holding up to `perRow` Texts.
 * The components come in `chunks` groups in stream order (parents before children): the root
 * and the first Row open the first chunk. `text(i)` is the `text` property of Text i.
 */
export function grid(total: number, perRow: number, text: (i: number) => unknown): { components: Component[]; rows: number; texts: number } {
  const components: Component[] = [];
  // total = 1 (root) + rows + texts, texts = rows * perRow (the last row may be shorter).
  const rows = Math.ceil((total - 1) / (perRow + 1));
  const texts = total - 1 - rows;
  components.push({ id: 'root', component: 'Column', children: Array.from({ length: rows }, (_, r) => `r${r}`) });
  for (let r = 0, i = 0; r < rows; r++) {
    const n = Math.min(perRow, texts - i);
    const ids = Array.from({ length: n }, (_, k) => `t${i + k}`);
    components.push({ id: `r${r}`, component: 'Row', children: ids });
    for (let k = 0; k < n; k++, i++) components.push({ id: `t${i}`, component: 'Text', text: text(i) });
  }
  return { components, rows, texts };
}

/** Splits a list into `n` consecutive chunks of (almost) equal size. */
export function chunk<T>(list: T[], n: number): T[][] {
  const out: T[][] = [];
  const size = Math.ceil(list.length / n);
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Workload 1: `components` components arriving as `messages` updateComponents messages. */
export function streamIn(p: Proto, surfaceId: string, components: number, messages: number): { setup: Msg[]; stream: Msg[]; texts: number } {
  const g = grid(components, 9, (i) => itemText(i));
  return {
    setup: [createSurface(p, surfaceId)],
    stream: chunk(g.components, messages).map((c) => updateComponents(p, surfaceId, c)),
    texts: g.texts,
  };
}

/** Workload 2: a `components`-component surface whose Text i shows `/items/i`; one path changes. */
export function onePath(p: Proto, surfaceId: string, components: number): { setup: Msg[]; update: Msg; texts: number; target: number } {
  const g = grid(components, 9, (i) => bind(p, `/items/${i}`));
  const items = Array.from({ length: g.texts }, (_, i) => itemText(i));
  const target = Math.floor(g.texts / 2);
  return {
    setup: [createSurface(p, surfaceId), updateDataModel(p, surfaceId, '/', { items }), updateComponents(p, surfaceId, g.components)],
    update: updateDataModel(p, surfaceId, `/items/${target}`, 'changed'),
    texts: g.texts,
    target,
  };
}

/** Workload 3: a TextField bound to `/text` and `texts` Texts showing it. */
export function typing(p: Proto, surfaceId: string, texts: number): Msg[] {
  const ids = Array.from({ length: texts }, (_, i) => `t${i}`);
  const components: Component[] = [
    { id: 'root', component: 'Column', children: ['field', ...ids] },
    { id: 'field', component: 'TextField', label: 'Type here', value: bind(p, '/text') },
    ...ids.map((id) => ({ id, component: 'Text', text: bind(p, '/text') })),
  ];
  return [createSurface(p, surfaceId), updateDataModel(p, surfaceId, '/', { text: '' }), updateComponents(p, surfaceId, components)];
}

/** The characters typed in workload 3 (a sentence, repeated). */
export function keystrokes(n: number): string[] {
  const sentence = 'The quick brown fox jumps over the lazy dog. ';
  return Array.from({ length: n }, (_, i) => sentence[i % sentence.length]);
}

/** One item of the template list. */
export interface ListItem {
  id: string;
  name: string;
}

export const listItems = (from: number, n: number): ListItem[] => Array.from({ length: n }, (_, i) => ({ id: `k${from + i}`, name: `Item ${from + i}` }));

/** Workload 4: a List whose children are a template over `/items` (a Text showing `name`). */
export function templateList(p: Proto, surfaceId: string, items: ListItem[]): Msg[] {
  const components: Component[] = [
    { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
    { id: 'item', component: 'Text', text: bind(p, 'name') },
  ];
  return [createSurface(p, surfaceId), updateDataModel(p, surfaceId, '/', { items: structuredClone(items) }), updateComponents(p, surfaceId, components)];
}

/** The list operations of workload 4, in order; each returns the next list. */
export const LIST_OPS: Array<{ name: string; apply: (items: ListItem[]) => ListItem[] }> = [
  { name: 'append 100', apply: (items) => [...items, ...listItems(items.length, 100)] },
  { name: 'remove middle', apply: (items) => items.filter((_, i) => i !== Math.floor(items.length / 2)) },
  { name: 'reverse', apply: (items) => [...items].reverse() },
];

/** Workload 5: `texts` Texts with 3 interpolations each, one of them the shared `/shared`. */
export function formatHeavy(p: Proto, surfaceId: string, texts: number): { setup: Msg[]; update: (value: string) => Msg; expected: (i: number, shared: string) => string } {
  const ids = Array.from({ length: texts }, (_, i) => `t${i}`);
  const rows = Array.from({ length: texts }, (_, i) => ({ name: `Item ${i}`, count: i }));
  const components: Component[] = [
    { id: 'root', component: 'Column', children: ids },
    ...ids.map((id, i) => ({ id, component: 'Text', text: format(p, `\${/rows/${i}/name}: \${/shared} (\${/rows/${i}/count})`) })),
  ];
  return {
    setup: [createSurface(p, surfaceId), updateDataModel(p, surfaceId, '/', { rows, shared: 'start' }), updateComponents(p, surfaceId, components)],
    update: (value) => updateDataModel(p, surfaceId, '/shared', value),
    expected: (i, shared) => `Item ${i}: ${shared} (${i})`,
  };
}

/** Workload 6: the small surface created and deleted in each churn cycle. */
export function churnSurface(p: Proto, surfaceId: string): Msg[] {
  const components: Component[] = [
    { id: 'root', component: 'Column', children: ['title', 'field', 'echo', 'list'] },
    { id: 'title', component: 'Text', text: 'Churn' },
    { id: 'field', component: 'TextField', label: 'Name', value: bind(p, '/name') },
    { id: 'echo', component: 'Text', text: bind(p, '/name') },
    { id: 'list', component: 'Column', children: { componentId: 'row', path: '/rows' } },
    { id: 'row', component: 'Text', text: bind(p, 'label') },
  ];
  const rows = Array.from({ length: 5 }, (_, i) => ({ id: `r${i}`, label: `Row ${i}` }));
  return [createSurface(p, surfaceId), updateDataModel(p, surfaceId, '/', { name: surfaceId, rows }), updateComponents(p, surfaceId, components)];
}

/**
 * Workload 7: the `components`-component grid as one createSurface written by a model: prose, the
 * message in an `<a2ui-json>` block, prose; cut into `chunk`-character pieces (ASCII: bytes).
 */
export function streamText(p: Proto, surfaceId: string, components: number, chunkSize: number): { chunks: string[]; texts: number; bytes: number } {
  const g = grid(components, 9, (i) => itemText(i));
  const message = { version: version(p), createSurface: { surfaceId, catalogId: CATALOG[p], components: g.components } };
  const text = `Here is the dashboard you asked for.\n<a2ui-json>${JSON.stringify(message)}</a2ui-json>\nAnything else?`;
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += chunkSize) chunks.push(text.slice(i, i + chunkSize));
  return { chunks, texts: g.texts, bytes: text.length };
}
