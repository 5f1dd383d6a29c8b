/**
 * Hostile component definitions as specs: random types and properties, cycles, self references,
 * duplicate ids, deep chains, wide fan-outs, inputs with hostile checks, and schema-valid
 * components whose dynamic values are hostile (dynamic.ts). Ids are picked from the stream's own
 * components plus hostile ones.
 */
import fc from 'fast-check';
import { materializeTyped, typedComp, type TypedComp } from './dynamic.ts';
import { obj, type Json } from './json.ts';
import type { SeedFacts } from './seeds.ts';
import { materialize, valueSpec, type Scale, type ValueSpec } from './values.ts';

const EXTRA_IDS = ['root', 'fz_new_a', 'fz_new_b', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', '1abc', 'a-b', 'é', '@x', 'Surface', 'x'.repeat(2000)];

/** The basic catalog's component types. */
export const COMPONENT_TYPES = [
  'Text', 'Image', 'Icon', 'Video', 'AudioPlayer', 'Row', 'Column', 'List', 'Card', 'Tabs', 'Modal', 'Divider', 'Button',
  'TextField', 'CheckBox', 'ChoicePicker', 'Slider', 'DateTimeInput',
] as const;
const BAD_TYPES = ['Surface', 'Nope', '__proto__', 'constructor', 'toString', 'text', '', 'text-field', 'Markdown'];

const PROP_NAMES: Record<string, string[]> = {
  Text: ['text', 'variant'],
  Image: ['url', 'description', 'fit', 'variant'],
  Icon: ['name'],
  Video: ['url', 'posterUrl'],
  AudioPlayer: ['url', 'description'],
  Row: ['children', 'justify', 'align'],
  Column: ['children', 'justify', 'align'],
  List: ['children', 'direction', 'align'],
  Card: ['child'],
  Tabs: ['tabs'],
  Modal: ['trigger', 'content'],
  Divider: ['axis'],
  Button: ['child', 'variant', 'action'],
  TextField: ['label', 'value', 'placeholder', 'variant', 'validationRegexp'],
  CheckBox: ['label', 'value'],
  ChoicePicker: ['label', 'options', 'value', 'variant'],
  Slider: ['label', 'min', 'max', 'value'],
  DateTimeInput: ['value', 'enableDate', 'enableTime', 'label'],
};

/** A property value: a hostile value, a reference to a component, a list of them, or a template. */
export type PropSpec = { v: ValueSpec } | { ref: number } | { refs: number[] } | { tpl: [item: number, path: number] } | { action: ActionSpec };
export type ActionSpec = { event: string; context: ValueSpec } | { functionCall: ValueSpec } | { openUrl: string } | { bad: ValueSpec };

/** A component (or a group of them: a cycle, a chain, a fan-out) to put into a message. */
export type CompSpec =
  | { c: 'random'; id: number; type: number; props: Array<[number, PropSpec]>; checks?: ValueSpec; a11y?: ValueSpec; envelope?: [string, ValueSpec] }
  | { c: 'cycle'; ids: number[] }
  | { c: 'self'; id: number; via: 'child' | 'children' | 'template' }
  | { c: 'dup'; id: number }
  | { c: 'chain'; n: number }
  | { c: 'wide'; n: number }
  | { c: 'input'; id: number; path: number; check: ValueSpec }
  | { c: 'typed'; id: number; child: number; comp: TypedComp };

/** `list[n]`, with `n` taken modulo the length. */
export function pick<T>(list: readonly T[], n: number): T {
  return list[((n % list.length) + list.length) % list.length];
}

/** A component spec; the most frequent kind is schema-valid with hostile dynamic values (dynamic.ts). */
export function compSpec(scale: Scale): fc.Arbitrary<CompSpec> {
  const v = valueSpec(scale);
  const ref = fc.nat(60);
  const prop: fc.Arbitrary<PropSpec> = fc.oneof(
    { weight: 4, arbitrary: v.map((x) => ({ v: x })) },
    { weight: 2, arbitrary: ref.map((r) => ({ ref: r })) },
    { weight: 2, arbitrary: fc.array(ref, { maxLength: 5 }).map((refs) => ({ refs })) },
    { weight: 1, arbitrary: fc.tuple(ref, fc.nat(40)).map((tpl) => ({ tpl })) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.record({ event: fc.constantFrom('submit', '', '__proto__'), context: v }),
        fc.record({ functionCall: v }),
        fc.record({ openUrl: fc.constantFrom('javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'https://example.com/', 'vbscript:x', '&#106;avascript:alert(1)') }),
        fc.record({ bad: v }),
      ).map((action) => ({ action })),
    },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record(
        {
          c: fc.constant('random' as const),
          id: ref,
          type: fc.nat(COMPONENT_TYPES.length + BAD_TYPES.length - 1),
          props: fc.array(fc.tuple(fc.nat(20), prop), { maxLength: 4 }),
          checks: v,
          a11y: v,
          envelope: fc.tuple(fc.constantFrom('@catalogId', '@metadata', '@accessibility', '@checks', '@foo', 'checks', 'catalogId', '@'), v),
        },
        { requiredKeys: ['c', 'id', 'type', 'props'] },
      ),
    },
    { weight: 1, arbitrary: fc.record({ c: fc.constant('cycle' as const), ids: fc.array(ref, { minLength: 2, maxLength: 4 }) }) },
    { weight: 1, arbitrary: fc.record({ c: fc.constant('self' as const), id: ref, via: fc.constantFrom<'child' | 'children' | 'template'>('child', 'children', 'template') }) },
    { weight: 1, arbitrary: fc.record({ c: fc.constant('dup' as const), id: ref }) },
    { weight: 1, arbitrary: fc.record({ c: fc.constant('chain' as const), n: fc.integer({ min: 2, max: scale.maxDepth }) }) },
    { weight: 1, arbitrary: fc.record({ c: fc.constant('wide' as const), n: fc.integer({ min: 1, max: scale.maxArray }) }) },
    { weight: 2, arbitrary: fc.record({ c: fc.constant('input' as const), id: ref, path: fc.nat(40), check: v }) },
    { weight: 12, arbitrary: fc.record({ c: fc.constant('typed' as const), id: ref, child: ref, comp: typedComp(scale) }) },
  );
}

/** A component id: one of the stream's own, or a hostile one. */
export function idOf(n: number, facts: SeedFacts): string {
  return pick([...facts.componentIds, ...EXTRA_IDS], n);
}

/** The component definitions (JSON) for a list of specs. */
export function components(specs: readonly CompSpec[], facts: SeedFacts): Json[] {
  return specs.flatMap((s) => component(s, facts));
}

function component(spec: CompSpec, facts: SeedFacts): Json[] {
  const id = (n: number) => idOf(n, facts);
  switch (spec.c) {
    case 'random': {
      const type = pick([...COMPONENT_TYPES, ...BAD_TYPES], spec.type);
      const names = [...(Object.hasOwn(PROP_NAMES, type) ? PROP_NAMES[type] : ['text']), 'children', 'child', 'weight', '__proto__', 'constructor', '@foo', 'component', 'id'];
      const entries: Array<[string, Json]> = [['id', id(spec.id)], ['component', type]];
      for (const [n, p] of spec.props) {
        const name = pick(names, n);
        if (name === 'id' || name === 'component') continue;
        entries.push([name, propValue(p, facts, name)]);
      }
      if (spec.checks !== undefined) entries.push(['@checks', [{ condition: materialize(spec.checks), message: 'check failed' }]]);
      if (spec.a11y !== undefined) entries.push(['@accessibility', obj([['label', materialize(spec.a11y)]])]);
      if (spec.envelope !== undefined) entries.push([spec.envelope[0], materialize(spec.envelope[1])]);
      return [obj(entries)];
    }
    case 'cycle': {
      const ids = spec.ids.map(id);
      return ids.map((x, i) => ({ id: x, component: 'Column', children: [ids[(i + 1) % ids.length]] }));
    }
    case 'self': {
      const x = id(spec.id);
      if (spec.via === 'child') return [{ id: x, component: 'Card', child: x }];
      if (spec.via === 'children') return [{ id: x, component: 'Row', children: ['fz_other', x] }];
      return [{ id: x, component: 'List', children: { componentId: x, path: '/list' } }];
    }
    case 'dup': {
      const x = id(spec.id);
      return [{ id: x, component: 'Text', text: 'first' }, { id: x, component: 'Column', children: [] }];
    }
    case 'chain': {
      const out: Json[] = [];
      for (let i = 0; i < spec.n; i++) out.push({ id: `fz_chain_${i}`, component: 'Column', children: i + 1 < spec.n ? [`fz_chain_${i + 1}`] : [] });
      out.push({ id: 'root', component: 'Column', children: ['fz_chain_0'] });
      return out;
    }
    case 'wide': {
      const out: Json[] = [];
      for (let i = 0; i < spec.n; i++) out.push({ id: `fz_wide_${i}`, component: 'Text', text: `item ${i}` });
      out.push({ id: 'fz_wide', component: 'Column', children: out.map((c) => (c as { id: string }).id) });
      return out;
    }
    case 'typed':
      return [materializeTyped(spec.comp, id(spec.id), id(spec.child))];
    case 'input': {
      const path = facts.inputPaths.length && spec.path % 2 === 0 ? pick(facts.inputPaths, spec.path) : pick(facts.dataPaths.length ? facts.dataPaths : ['/fz/input'], spec.path);
      return [{ id: id(spec.id), component: 'TextField', label: 'Field', value: { '@path': path }, '@checks': [{ condition: materialize(spec.check), message: 'bad' }] }];
    }
  }
}

function propValue(p: PropSpec, facts: SeedFacts, name: string): Json {
  if ('v' in p) return materialize(p.v);
  if ('ref' in p) return name === 'children' ? [idOf(p.ref, facts)] : idOf(p.ref, facts);
  if ('refs' in p) return p.refs.map((r) => idOf(r, facts));
  if ('tpl' in p) return { componentId: idOf(p.tpl[0], facts), path: pick([...facts.dataPaths, '/list', '/__proto__', 'relative', ''], p.tpl[1]) };
  const a = p.action;
  if ('event' in a) return { event: { name: a.event, context: materialize(a.context) } };
  if ('functionCall' in a) return { functionCall: materialize(a.functionCall) };
  if ('openUrl' in a) return { functionCall: { '@call': 'openUrl', args: { url: a.openUrl } } };
  return materialize(a.bad);
}
