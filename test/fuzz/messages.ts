/**
 * Hostile agent messages as specs, resolved against the stream they are inserted into (its
 * surfaces, component ids, data paths and input bindings), so they hit real targets as well as
 * missing ones. The untouched sibling surface is never among the targets.
 */
import fc from 'fast-check';
import { obj, type Json } from './json.ts';
import { BASIC_CATALOG, type SeedFacts } from './seeds.ts';
import { HOSTILE_POINTERS, materialize, valueSpec, type Scale, type ValueSpec } from './values.ts';
import { typedComp } from './dynamic.ts';
import { components, compSpec, pick, type CompSpec } from './components.ts';

/** What the stream (before mutation) contains; generators pick targets from it by index. */
export interface StreamFacts {
  readonly surfaces: readonly string[];
  readonly facts: ReadonlyMap<string, SeedFacts>;
}

/** Surface ids no stream creates, plus names that are hostile as keys. */
export const EXTRA_SURFACES = ['fz-missing', '__proto__', 'constructor', 'toString', '', 'x'.repeat(300), 'é', '../up'] as const;

/** A data path: one the stream uses, one a TextField is bound to, or a hostile pointer. */
export type PathRef = { known: number } | { input: number } | { hostile: number };

/** A hostile agent message. */
export type MsgSpec =
  | { m: 'envelope'; variant: number; surface: number }
  | { m: 'create'; surface: number; catalog: number; extraKey?: string; dataModel?: ValueSpec; sendDataModel?: ValueSpec; components?: CompSpec[]; metadata?: ValueSpec }
  | { m: 'components'; surface: number; components: CompSpec[] }
  | { m: 'data'; surface: number; path: PathRef; value: ValueSpec | 'omit' }
  | { m: 'items'; surface: number; path: number; kind: number; n: number }
  | { m: 'delete'; surface: number }
  | { m: 'response'; id: string; variant: number; value: ValueSpec }
  | { m: 'call'; id: ValueSpec; fn: string; catalog: number; surface: number | undefined; args: Array<[string, ValueSpec]>; extraKey?: string };

const CATALOGS = [BASIC_CATALOG, BASIC_CATALOG, 'urn:unknown-catalog', '', 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json#'];

/** Surface refs below 100 name the stream's own surfaces; from 100 on, the extra (missing, hostile) ids. */
export function surfaceOf(n: number, ctx: StreamFacts): string {
  return n < 100 && ctx.surfaces.length ? pick(ctx.surfaces, n) : pick(EXTRA_SURFACES, n);
}

const surfaceRef = fc.oneof({ weight: 6, arbitrary: fc.nat(5) }, { weight: 1, arbitrary: fc.integer({ min: 100, max: 120 }) });

const pathRef: fc.Arbitrary<PathRef> = fc.oneof(
  fc.nat(40).map((known) => ({ known })),
  fc.nat(10).map((input) => ({ input })),
  fc.nat(HOSTILE_POINTERS.length - 1).map((hostile) => ({ hostile })),
);

/** A hostile message spec. */
export function msgSpec(scale: Scale): fc.Arbitrary<MsgSpec> {
  const v = valueSpec(scale);
  const surface = surfaceRef;
  const typedOnly = fc.array(fc.record({ c: fc.constant('typed' as const), id: fc.nat(60), child: fc.nat(60), comp: typedComp(scale) }), { minLength: 1, maxLength: 4 });
  const comps = fc.oneof({ weight: 2, arbitrary: typedOnly }, { weight: 1, arbitrary: fc.array(compSpec(scale), { minLength: 1, maxLength: 4 }) });
  return fc.oneof(
    { weight: 2, arbitrary: fc.record({ m: fc.constant('envelope' as const), variant: fc.nat(19), surface }) },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          m: fc.constant('create' as const),
          surface,
          catalog: fc.nat(CATALOGS.length - 1),
          extraKey: fc.constantFrom('theme', 'extra', '__proto__', 'version'),
          dataModel: v,
          sendDataModel: v,
          components: comps,
          metadata: v,
        },
        { requiredKeys: ['m', 'surface', 'catalog'] },
      ),
    },
    { weight: 8, arbitrary: fc.record({ m: fc.constant('components' as const), surface, components: comps }) },
    { weight: 5, arbitrary: fc.record({ m: fc.constant('data' as const), surface, path: pathRef, value: fc.oneof({ weight: 9, arbitrary: v }, { weight: 1, arbitrary: fc.constant('omit' as const) }) }) },
    { weight: 3, arbitrary: fc.record({ m: fc.constant('items' as const), surface, path: fc.nat(12), kind: fc.nat(7), n: fc.oneof(fc.nat(5), fc.integer({ min: 0, max: scale.maxArray })) }) },
    { weight: 1, arbitrary: fc.record({ m: fc.constant('delete' as const), surface }) },
    { weight: 2, arbitrary: fc.record({ m: fc.constant('response' as const), id: fc.constantFrom('unknown-call', '', 'fz-missing.root.1', '__proto__'), variant: fc.nat(7), value: v }) },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          m: fc.constant('call' as const),
          id: fc.oneof(fc.constantFrom<ValueSpec>({ lit: 'fc-1' }, { lit: 'fc-1' }, { lit: '' }, { lit: 7 }, { lit: null }), v),
          fn: fc.constantFrom('formatString', 'required', 'openUrl', 'mystery', '@index', '@unknown', '__proto__', 'constructor', ''),
          catalog: fc.nat(CATALOGS.length - 1),
          surface: fc.option(surface, { nil: undefined }),
          args: fc.array(fc.tuple(fc.constantFrom('value', 'url', '__proto__', 'offset'), v), { maxLength: 2 }),
          extraKey: fc.constantFrom('extra', 'version', '__proto__'),
        },
        { requiredKeys: ['m', 'id', 'fn', 'catalog', 'surface', 'args'] },
      ),
    },
  );
}

/** Turns a spec into the message (JSON) it stands for, in the context of a stream. */
export function resolveMessage(spec: MsgSpec, ctx: StreamFacts): Json {
  const sid = surfaceOf(spec.m === 'response' ? 0 : spec.m === 'call' ? (spec.surface ?? 0) : spec.surface, ctx);
  const facts = ctx.facts.get(sid) ?? { componentIds: [], dataPaths: [], inputPaths: [] };
  const env = (key: string, body: Json): Json => obj([['version', '1.0'], [key, body]]);
  switch (spec.m) {
    case 'envelope':
      return envelope(spec.variant, sid);
    case 'create': {
      const entries: Array<[string, Json]> = [['surfaceId', sid], ['catalogId', pick(CATALOGS, spec.catalog)]];
      if (spec.extraKey !== undefined) entries.push([spec.extraKey, { primaryColor: '#f00' }]);
      if (spec.dataModel !== undefined) entries.push(['dataModel', materialize(spec.dataModel)]);
      if (spec.sendDataModel !== undefined) entries.push(['sendDataModel', materialize(spec.sendDataModel)]);
      if (spec.metadata !== undefined) entries.push(['metadata', materialize(spec.metadata)]);
      if (spec.components !== undefined) entries.push(['components', components(spec.components, facts)]);
      return env('createSurface', obj(entries));
    }
    case 'components':
      return env('updateComponents', obj([['surfaceId', sid], ['components', components(spec.components, facts)]]));
    case 'data': {
      const entries: Array<[string, Json]> = [['surfaceId', sid], ['path', pathOf(spec.path, facts)]];
      if (spec.value !== 'omit') entries.push(['value', materialize(spec.value)]);
      return env('updateDataModel', obj(entries));
    }
    case 'items':
      return env('updateDataModel', obj([['surfaceId', sid], ['path', pick(['/items', '/a', '/list', ...facts.dataPaths], spec.path)], ['value', items(spec.kind, spec.n)]]));
    case 'delete':
      return env('deleteSurface', obj([['surfaceId', sid]]));
    case 'response':
      return env('agentFunctionResponse', response(spec.id, spec.variant, materialize(spec.value)));
    case 'call': {
      const call: Array<[string, Json]> = [['@call', spec.fn], ['catalogId', pick(CATALOGS, spec.catalog)], ['args', obj(spec.args.map(([k, x]) => [k, materialize(x)]))]];
      const entries: Array<[string, Json]> = [['functionCallId', materialize(spec.id)], ['callFunction', obj(call)]];
      if (spec.surface !== undefined) entries.push(['surfaceId', sid]);
      if (spec.extraKey !== undefined) entries.push([spec.extraKey, 1]);
      return env('callRendererFunction', obj(entries));
    }
  }
}

function envelope(variant: number, sid: string): Json {
  const body = { surfaceId: sid };
  const variants: Json[] = [
    { createSurface: { surfaceId: sid, catalogId: BASIC_CATALOG } },
    { version: '0.9', createSurface: { surfaceId: sid, catalogId: BASIC_CATALOG } },
    { version: 1, deleteSurface: body },
    { version: '1.0 ', deleteSurface: body },
    { version: '1.0', createSurface: { surfaceId: sid, catalogId: BASIC_CATALOG }, deleteSurface: body },
    { version: '1.0', frobnicate: body },
    { version: '1.0', beginRendering: { surfaceId: sid, root: 'root' } },
    { version: '1.0', surfaceUpdate: { surfaceId: sid, components: [] } },
    { version: '1.0', updateComponents: [] },
    { version: '1.0', updateDataModel: 'hello' },
    null,
    [],
    42,
    'hello',
    {},
    { version: '1.0' },
    obj([['version', '1.0'], ['__proto__', body]]),
    obj([['version', '1.0'], ['constructor', body]]),
    obj([['version', '1.0'], ['toString', body]]),
    { version: '1.0', deleteSurface: body, extra: 1 },
  ];
  return pick(variants, variant);
}

function response(id: string, variant: number, value: Json): Json {
  switch (variant % 8) {
    case 0: return { functionCallId: id, value };
    case 1: return { functionCallId: id, error: { code: 'UNKNOWN_FUNCTION', message: 'nope' } };
    case 2: return { functionCallId: id, value, error: { code: 'X', message: 'y' } };
    case 3: return { functionCallId: id };
    case 4: return { functionCallId: 7, value };
    case 5: return { value };
    case 6: return { functionCallId: id, error: 'boom' };
    default: return { functionCallId: id, value, extra: true };
  }
}

/** Lists for templates: keyed objects (with duplicate and hostile keys), primitives, holes. */
function items(kind: number, n: number): Json {
  const make = (i: number): Json => {
    switch (kind % 8) {
      case 0: return { id: `item${i}`, name: `Item ${i}` };
      case 1: return { id: `dup`, name: `Item ${i}` };
      case 2: return obj([['id', i % 3 === 0 ? '__proto__' : `k${i}`], ['name', '<img src=x onerror=alert(1)>']]);
      case 3: return i % 2 ? null : `plain ${i}`;
      case 4: return [i, [i]];
      case 5: return { key: i, name: { '@path': '/items/0/name' } };
      case 6: return { id: { nested: i }, name: '${/items/0/name}' };
      default: return obj([['__proto__', { polluted: 'yes' }], ['name', `n${i}`]]);
    }
  };
  return Array.from({ length: n }, (_, i) => make(i));
}
function pathOf(ref: PathRef, facts: SeedFacts): string {
  if ('hostile' in ref) return pick(HOSTILE_POINTERS, ref.hostile);
  if ('input' in ref) return facts.inputPaths.length ? pick(facts.inputPaths, ref.input) : '/fz/input';
  return facts.dataPaths.length ? pick(facts.dataPaths, ref.known) : '/fz/data';
}
