/**
 * The hostile corpus as message streams on one surface (`corpus`): every payload placed where an
 * agent could put it. Each stream is run through the fuzz harness (all invariants) and through the
 * corpus-specific checks in `test/node/fuzz-corpus.test.ts`.
 */
import { obj, type Json } from '../json.ts';
import { BASIC_CATALOG } from '../seeds.ts';
import { HOSTILE_POINTERS } from '../values.ts';
import { hugeItems, hugeString, manyComponents } from './oversized.ts';
import { CATASTROPHIC_INPUTS, CATASTROPHIC_PATTERNS, INVALID_PATTERNS, ODD_PATTERNS, SAFE_PATTERNS } from './regexes.ts';
import { PATHOLOGICAL_TEMPLATES } from './templates.ts';
import { HOSTILE_URLS, SAFE_URLS } from './urls.ts';
import { XSS_VECTORS } from './xss.ts';

export const CORPUS_SURFACE = 'corpus';

export interface CorpusStream {
  readonly name: string;
  readonly messages: ReadonlyArray<Json | { text: string }>;
  /** Typing into TextFields (by index among bound TextFields) before message `at`. */
  readonly typing?: Array<{ at: number; field: number; text: string }>;
}

const v = (key: string, body: Json): Json => obj([['version', '1.0'], [key, body]]);
export const create = (dataModel: Json = {}, extra: Array<[string, Json]> = []): Json =>
  v('createSurface', obj([['surfaceId', CORPUS_SURFACE], ['catalogId', BASIC_CATALOG], ['dataModel', dataModel], ...extra]));
export const components = (list: Json[]): Json => v('updateComponents', { surfaceId: CORPUS_SURFACE, components: list });
export const data = (path: string, value: Json): Json => v('updateDataModel', { surfaceId: CORPUS_SURFACE, path, value });
const column = (ids: string[]): Json => ({ id: 'root', component: 'Column', children: ids });

/** One Text per template, as a formatString over a small data model. */
export function templateStream(): CorpusStream {
  const comps = PATHOLOGICAL_TEMPLATES.map((t, i) => ({ id: `tpl${i}`, component: 'Text', text: { '@call': 'formatString', args: { value: t } } }));
  return { name: 'formatString templates', messages: [create({ a: 'A', b: 'B', c: 'C', list: [{ name: 'x' }] }), components([column(comps.map((c) => c.id)), ...comps])] };
}

/** One TextField per pattern, checked against every catastrophic input in turn. */
export function regexStream(): CorpusStream {
  const patterns = [...CATASTROPHIC_PATTERNS, ...INVALID_PATTERNS, ...ODD_PATTERNS, ...SAFE_PATTERNS];
  const comps = patterns.map((p, i) => ({
    id: `re${i}`,
    component: 'TextField',
    label: `pattern ${i}`,
    value: { '@path': '/input' },
    '@checks': [{ condition: { '@call': 'regex', args: { value: { '@path': '/input' }, pattern: p } }, message: 'no match' }],
  }));
  return {
    name: 'regex patterns',
    messages: [create({ input: '' }), components([column(comps.map((c) => c.id)), ...comps]), ...CATASTROPHIC_INPUTS.map((x) => data('/input', x))],
    typing: [{ at: 2, field: 0, text: 'a'.repeat(40) + '!' }],
  };
}

/** XSS vectors as literal text, bound data, formatString output, labels, ids and keys. */
export function xssStream(): CorpusStream {
  const comps: Json[] = XSS_VECTORS.flatMap((x, i): Json[] => [
    { id: `lit${i}`, component: 'Text', text: x },
    { id: `bound${i}`, component: 'Text', text: { '@path': `/xss/${i}` } },
    { id: `fmt${i}`, component: 'Text', text: { '@call': 'formatString', args: { value: `before ${'${'}/xss/${i}} after` } } },
    { id: `img${i}`, component: 'Image', url: x, description: x },
    { id: `field${i}`, component: 'TextField', label: x, value: { '@path': `/typed/${i}` }, placeholder: x },
  ]);
  return {
    name: 'XSS vectors',
    messages: [
      create({ xss: [...XSS_VECTORS], typed: XSS_VECTORS.map(() => '') }),
      components([column(comps.map((c) => (c as { id: string }).id))]),
      ...comps.map((c) => components([c])),
      components([{ id: '<script>', component: 'Text', text: 'x' }]),
      data('/keys', obj(XSS_VECTORS.map((x) => [x, x]))),
    ],
    typing: XSS_VECTORS.slice(0, 5).map((x, i) => ({ at: comps.length + 2, field: i, text: x })),
  };
}

/** Buttons whose action opens each URL; media components pointing at each URL. */
export function urlStream(): CorpusStream {
  const urls = [...HOSTILE_URLS, ...SAFE_URLS];
  const comps: Json[] = urls.flatMap((u, i): Json[] => [
    { id: `open${i}`, component: 'Button', child: `label${i}`, action: { functionCall: { '@call': 'openUrl', args: { url: u } } } },
    { id: `label${i}`, component: 'Text', text: u },
    { id: `video${i}`, component: 'Video', url: u },
    { id: `audio${i}`, component: 'AudioPlayer', url: u },
    { id: `passive${i}`, component: 'Text', text: { '@call': 'openUrl', args: { url: u } } },
  ]);
  // One component per message: a URL the schema refuses must not hide the others.
  return { name: 'URL schemes', messages: [create(), components([column(comps.map((c) => (c as { id: string }).id))]), ...comps.map((c) => components([c]))] };
}

/** Prototype keys in every position an agent controls. */
export function prototypeStream(): CorpusStream {
  const polluter = obj([['__proto__', { polluted: 'yes' }], ['constructor', { prototype: { polluted: 'yes' } }], ['prototype', { polluted: 'yes' }]]);
  return {
    name: 'prototype keys',
    messages: [
      create(polluter, [['metadata', obj([['extensions', obj([['__proto__', { polluted: 'yes' }]])]])]]),
      data('/__proto__/polluted', 'yes'),
      data('/constructor/prototype/polluted', 'yes'),
      data('/a', polluter),
      data('/list', [polluter, polluter]),
      components([
        { id: 'root', component: 'List', children: { componentId: 'item', path: '/list' } },
        obj([['id', 'item'], ['component', 'Text'], ['text', { '@path': '__proto__' }], ['__proto__', { polluted: 'yes' }]]),
        { id: 'c2', component: 'Text', text: { '@call': 'formatString', args: obj([['value', '${/a/__proto__/polluted}'], ['__proto__', 'x']]) } },
        { id: 'c3', component: 'Text', text: obj([['@call', 'mystery'], ['args', polluter]]) },
        { id: 'c4', component: 'Button', child: 'c2', action: { event: { name: 'go', context: polluter } } },
      ]),
      components([{ id: '__proto__', component: 'Text', text: 'x' }]),
      components([{ id: 'constructor', component: 'Text', text: 'x' }]),
      v('createSurface', { surfaceId: '__proto__', catalogId: BASIC_CATALOG }),
      v('createSurface', { surfaceId: 'constructor', catalogId: '__proto__' }),
      v('updateDataModel', { surfaceId: '__proto__', path: '/__proto__', value: 1 }),
      v('callRendererFunction', { functionCallId: '__proto__', callFunction: { '@call': '__proto__', catalogId: BASIC_CATALOG, args: polluter } }),
      v('agentFunctionResponse', { functionCallId: '__proto__', value: polluter }),
      { text: '{"version":"1.0","updateDataModel":{"surfaceId":"corpus","path":"/x","value":{"__proto__":{"polluted":"yes"}}}}' },
      { text: '{"__proto__":{"version":"1.0"},"deleteSurface":{"surfaceId":"corpus"}}' },
      v('deleteSurface', { surfaceId: '__proto__' }),
      v('deleteSurface', { surfaceId: 'constructor' }),
    ],
  };
}

/** Every hostile pointer as a binding, a template path, and an updateDataModel path. */
export function pointerStream(): CorpusStream {
  const comps: Json[] = HOSTILE_POINTERS.flatMap((p, i): Json[] => [
    { id: `bind${i}`, component: 'Text', text: { '@path': p } },
    { id: `list${i}`, component: 'List', children: { componentId: 'item', path: p } },
    { id: `field${i}`, component: 'TextField', label: 'f', value: { '@path': p } },
  ]);
  return {
    name: 'JSON pointers',
    messages: [
      create({ list: [1, 2], a: { b: 'c' } }),
      components([{ id: 'item', component: 'Text', text: 'item' }]),
      ...comps.map((c) => components([c])),
      ...HOSTILE_POINTERS.map((p) => data(p, 'written')),
      ...HOSTILE_POINTERS.map((p) => data(p, null)),
    ],
  };
}

/** Oversized messages: component counts at and over the limit, huge strings, huge template lists. */
export function oversizedStream(): CorpusStream {
  const big = hugeString(2_000_000);
  return {
    name: 'oversized messages',
    messages: [
      create({ items: hugeItems(10_001), a: 'A' }),
      components(manyComponents(10_001, 'over')),
      components([column(['t0', 'huge', 'list']), ...manyComponents(10_000)]),
      components([{ id: 'huge', component: 'Text', text: big }, { id: 'list', component: 'List', children: { componentId: 'row', path: '/items' } }, { id: 'row', component: 'Text', text: { '@path': 'name' } }]),
      data('/big', big),
      data('/bigList', Array.from({ length: 200_000 }, (_, i) => i)),
      { text: JSON.stringify({ version: '1.0', updateDataModel: { surfaceId: CORPUS_SURFACE, path: '/bigText', value: big } }) },
      components([{ id: 'x'.repeat(100_000), component: 'Text', text: 'long id' }]),
      data('/' + 'seg/'.repeat(20_000) + 'end', 1),
    ],
  };
}

export function corpusStreams(): CorpusStream[] {
  return [templateStream(), regexStream(), xssStream(), urlStream(), prototypeStream(), pointerStream(), oversizedStream()];
}
