/**
 * Dynamic values that pass the catalog schema but are hostile at evaluation time: bindings to odd
 * pointers, formatString templates from the corpus, catastrophic regexes, unknown functions (routed
 * to the agent), `@index` outside a template, `openUrl` in a passive binding, deep call chains.
 * Components built from them are accepted, so the hostility reaches resolution and actions.
 */
import fc from 'fast-check';
import { CATASTROPHIC_INPUTS, CATASTROPHIC_PATTERNS, INVALID_PATTERNS, SAFE_PATTERNS } from './corpus/regexes.ts';
import { PATHOLOGICAL_TEMPLATES } from './corpus/templates.ts';
import { HOSTILE_URLS, SAFE_URLS } from './corpus/urls.ts';
import { XSS_VECTORS } from './corpus/xss.ts';
import { obj, type Json } from './json.ts';
import { HOSTILE_POINTERS, nested, type Scale } from './values.ts';

export type DynSpec =
  | { s: string }
  | { n: number }
  | { p: string }
  | { f: string; a: Array<[string, DynSpec]> }
  | { deep: number };

const POINTERS = [...HOSTILE_POINTERS, '/a', '/items', '/items/0', '/items/0/name', 'name', 'id', '/user/name', '/n', '/date'];

function strings(scale: Scale): fc.Arbitrary<string> {
  return fc.constantFrom(...XSS_VECTORS, ...HOSTILE_URLS, ...SAFE_URLS, ...PATHOLOGICAL_TEMPLATES.filter((t) => t.length <= scale.maxString), ...CATASTROPHIC_INPUTS, 'hello', '');
}

/** A DynamicString/Number/Boolean-shaped value. */
export function dynSpec(scale: Scale): fc.Arbitrary<DynSpec> {
  const { dyn } = fc.letrec<{ dyn: DynSpec }>((tie) => {
    const arg = (name: string, a: fc.Arbitrary<DynSpec>) => a.map((x): [string, DynSpec] => [name, x]);
    const str = strings(scale).map((s): DynSpec => ({ s }));
    const ptr = fc.constantFrom(...POINTERS).map((p): DynSpec => ({ p }));
    const num = fc.constantFrom(0, 1, -1, 1e308, 2.5, 100, 1e9).map((n): DynSpec => ({ n }));
    const strOrPath = fc.oneof(str, ptr, tie('dyn'));
    const call = (f: string, ...args: Array<fc.Arbitrary<[string, DynSpec]>>) => fc.tuple(...args).map((a): DynSpec => ({ f, a }));
    return {
      dyn: fc.oneof(
        { depthSize: 'small' },
        { weight: 3, arbitrary: str },
        { weight: 3, arbitrary: ptr },
        { weight: 1, arbitrary: num },
        { weight: 4, arbitrary: call('formatString', arg('value', fc.oneof({ weight: 4, arbitrary: str }, ptr))) },
        { weight: 3, arbitrary: call('regex', arg('value', strOrPath), arg('pattern', fc.constantFrom(...CATASTROPHIC_PATTERNS, ...INVALID_PATTERNS, ...SAFE_PATTERNS).map((s) => ({ s })))) },
        { weight: 1, arbitrary: call('formatDate', arg('value', strOrPath), arg('format', fc.oneof(str, fc.constantFrom('yyyy-MM-dd', 'EEEE', "''", "'unterminated", 'y'.repeat(500)).map((s) => ({ s }))))) },
        { weight: 1, arbitrary: call('formatNumber', arg('value', fc.oneof(num, ptr)), arg('decimals', fc.oneof(num, ptr))) },
        { weight: 1, arbitrary: call('formatCurrency', arg('value', fc.oneof(num, ptr)), arg('currency', fc.constantFrom('USD', 'XXX', 'usd', '', 'NOPE').map((s) => ({ s })))) },
        { weight: 1, arbitrary: call('pluralize', arg('value', fc.oneof(num, ptr)), arg('other', strOrPath)) },
        { weight: 1, arbitrary: call('length', arg('value', strOrPath), arg('min', num)) },
        { weight: 1, arbitrary: call('required', arg('value', strOrPath)) },
        { weight: 1, arbitrary: call('email', arg('value', strOrPath)) },
        { weight: 1, arbitrary: fc.array(tie('dyn'), { maxLength: 3 }).map((vs): DynSpec => ({ f: 'and', a: [['values', { f: '[]', a: vs.map((v, i) => [String(i), v]) }]] })) },
        { weight: 1, arbitrary: call('not', arg('value', tie('dyn'))) },
        { weight: 1, arbitrary: call('openUrl', arg('url', fc.constantFrom(...HOSTILE_URLS, ...SAFE_URLS).map((s) => ({ s })))) },
        { weight: 3, arbitrary: fc.tuple(fc.constantFrom('mystery', 'lookupUser', 'toString', '__proto__'), fc.array(arg('q', strOrPath), { maxLength: 1 })).map(([f, a]): DynSpec => ({ f, a })) },
        { weight: 1, arbitrary: call('@index', arg('offset', fc.oneof(num, ptr))) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: Math.min(scale.maxDepth, 120) }).map((deep): DynSpec => ({ deep })) },
      ),
    };
  });
  return dyn;
}

export function materializeDyn(d: DynSpec): Json {
  if ('s' in d) return d.s;
  if ('n' in d) return d.n;
  if ('p' in d) return { '@path': d.p };
  if ('deep' in d) return nested(d.deep, 'call');
  if (d.f === '[]') return d.a.map(([, v]) => materializeDyn(v));
  return { '@call': d.f, args: obj(d.a.map(([k, v]) => [k, materializeDyn(v)])) };
}

/** A schema-valid component whose dynamic parts are hostile. */
export type TypedComp =
  | { t: 'text'; text: DynSpec }
  | { t: 'image'; url: DynSpec }
  | { t: 'field'; path: string; label: DynSpec; check: DynSpec }
  | { t: 'checkbox'; value: DynSpec }
  | { t: 'button'; child: number; action: 'event' | 'call'; value: DynSpec }
  | { t: 'list'; path: string; item: number }
  | { t: 'a11y'; label: DynSpec; hidden: DynSpec };

export function typedComp(scale: Scale): fc.Arbitrary<TypedComp> {
  const d = dynSpec(scale);
  const ptr = fc.constantFrom(...POINTERS);
  return fc.oneof(
    { weight: 4, arbitrary: d.map((text): TypedComp => ({ t: 'text', text })) },
    { weight: 1, arbitrary: d.map((url): TypedComp => ({ t: 'image', url })) },
    { weight: 3, arbitrary: fc.record({ t: fc.constant('field' as const), path: ptr, label: d, check: d }) },
    { weight: 1, arbitrary: d.map((value): TypedComp => ({ t: 'checkbox', value })) },
    { weight: 3, arbitrary: fc.record({ t: fc.constant('button' as const), child: fc.nat(40), action: fc.constantFrom<'event' | 'call'>('event', 'call'), value: d }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('list' as const), path: ptr, item: fc.nat(40) }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('a11y' as const), label: d, hidden: d }) },
  );
}

/** The component JSON (`id` and a child id chosen by the caller). */
export function materializeTyped(c: TypedComp, id: string, childId: string): Json {
  switch (c.t) {
    case 'text':
      return { id, component: 'Text', text: materializeDyn(c.text) };
    case 'image':
      return { id, component: 'Image', url: materializeDyn(c.url) };
    case 'field':
      return { id, component: 'TextField', label: materializeDyn(c.label), value: { '@path': c.path }, '@checks': [{ condition: materializeDyn(c.check), message: 'invalid' }] };
    case 'checkbox':
      return { id, component: 'CheckBox', label: 'Check', value: materializeDyn(c.value) };
    case 'button':
      return {
        id,
        component: 'Button',
        child: childId,
        action: c.action === 'event' ? { event: { name: 'submit', context: { v: materializeDyn(c.value) } } } : { functionCall: materializeDyn(c.value) },
      };
    case 'list':
      return { id, component: 'List', children: { componentId: childId, path: c.path } };
    case 'a11y':
      return { id, component: 'Text', text: 'x', '@accessibility': { label: materializeDyn(c.label), hidden: materializeDyn(c.hidden) } };
  }
}
