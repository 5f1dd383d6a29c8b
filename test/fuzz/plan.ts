/**
 * A fuzz case (what fast-check generates and shrinks) and the plan it expands to: one to three
 * seed streams interleaved, mutated, plus when the user types, how the JSONL text is chunked, and
 * how the agent answers pending calls afterwards.
 */
import fc from 'fast-check';
import type { Json } from './json.ts';
import { applyMutations, mutation, type Mutation, type PlannedMessage } from './mutations.ts';
import type { StreamFacts } from './messages.ts';
import { factsOf, retarget, type Seed } from './seeds.ts';
import { valueSpec, type Scale, type ValueSpec } from './values.ts';

/** The surface created first and never mentioned by the mutated stream. */
export const SIBLING_ID = 'fuzz-sibling-untouched';

export interface TypingSpec {
  /** Type before message `at` (modulo stream length + 1). */
  at: number;
  /** Which TextField (modulo the number of bound TextFields at that moment). */
  field: number;
  text: string;
}

/** Phase two: the agent answers calls that are pending after the stream has rendered. */
export type ResponseSpec =
  | { r: 'value'; pick: number; value: ValueSpec }
  | { r: 'error'; pick: number; code: string }
  | { r: 'errorPayload'; pick: number; error: ValueSpec }
  | { r: 'twice'; pick: number }
  | { r: 'unknown'; id: string };

export interface FuzzCase {
  seeds: number[];
  order: number[];
  sibling: number;
  mutations: Mutation[];
  typing: TypingSpec[];
  /** JSONL chunk boundaries, as per-mille positions in the text. */
  splits: number[];
  responses: ResponseSpec[];
}

export interface Plan {
  readonly sibling: { readonly surfaceId: string; readonly messages: readonly Json[]; readonly name: string };
  readonly messages: readonly PlannedMessage[];
  readonly typing: ReadonlyArray<{ at: number; field: number; text: string }>;
  readonly splits: readonly number[];
  readonly responses: readonly ResponseSpec[];
  /** Messages before this index are the unmutated stream: they must all be accepted. */
  readonly pristineUntil: number;
  readonly facts: StreamFacts;
}

const TYPED = fc.oneof(
  fc.array(fc.constantFrom('a', 'Z', '0', ' ', '@', '/', '~', 'é', '$', '{', '}'), { maxLength: 12 }).map((cs) => cs.join('')),
  fc.constantFrom('${/password}', '<img src=x onerror=alert(1)>', 'a'.repeat(5000), '', ' ', '\u0000', '😀', '__proto__', 'javascript:alert(1)'),
);

export function fuzzCase(scale: Scale, options: { maxMutations?: number } = {}): fc.Arbitrary<FuzzCase> {
  return fc.record({
    seeds: fc.array(fc.nat(200), { minLength: 1, maxLength: 3 }),
    order: fc.array(fc.nat(5), { maxLength: 12 }),
    sibling: fc.nat(200),
    mutations: fc.array(mutation(scale), { maxLength: options.maxMutations ?? 8 }),
    typing: fc.array(fc.record({ at: fc.nat(60), field: fc.nat(20), text: TYPED }), { maxLength: 4 }),
    splits: fc.array(fc.nat(1000), { maxLength: 8 }),
    responses: fc.array(
      fc.oneof(
        fc.record({ r: fc.constant('value' as const), pick: fc.nat(20), value: valueSpec(scale) }),
        fc.record({ r: fc.constant('error' as const), pick: fc.nat(20), code: fc.constantFrom('UNKNOWN_FUNCTION', 'INVALID_FUNCTION_CALL', '__proto__', '') }),
        fc.record({ r: fc.constant('errorPayload' as const), pick: fc.nat(20), error: valueSpec(scale) }),
        fc.record({ r: fc.constant('twice' as const), pick: fc.nat(20) }),
        fc.record({ r: fc.constant('unknown' as const), id: fc.constantFrom('nope', '', '__proto__', 'fuzz-sibling-untouched.x.1') }),
      ),
      { maxLength: 4 },
    ),
  });
}

/** Expands a case against the seeds. */
export function buildPlan(seeds: readonly Seed[], c: FuzzCase): Plan {
  if (seeds.length === 0) throw new Error('buildPlan needs at least one seed');
  const chosen = c.seeds.map((n) => seeds[n % seeds.length]);
  const used = new Map<string, number>();
  const queues = chosen.map((seed) => {
    const n = (used.get(seed.surfaceId) ?? 0) + 1;
    used.set(seed.surfaceId, n);
    const surfaceId = n === 1 ? seed.surfaceId : `${seed.surfaceId}~${n}`;
    return { surfaceId, messages: retarget(seed.messages, surfaceId) };
  });
  const facts = new Map(queues.map((q) => [q.surfaceId, factsOf(q.messages)]));
  const stream: Json[] = [];
  const heads = queues.map(() => 0);
  for (const o of c.order) {
    const live = queues.map((_, i) => i).filter((i) => heads[i] < queues[i].messages.length);
    if (!live.length) break;
    const q = live[o % live.length];
    stream.push(queues[q].messages[heads[q]++]);
  }
  queues.forEach((q, i) => stream.push(...q.messages.slice(heads[i])));
  const streamFacts: StreamFacts = { surfaces: queues.map((q) => q.surfaceId), facts };
  const messages = applyMutations(stream, c.mutations, streamFacts);
  let pristineUntil = 0;
  while (pristineUntil < messages.length && messages[pristineUntil].origin === pristineUntil && !messages[pristineUntil].modified) pristineUntil++;
  const siblingSeed = seeds[c.sibling % seeds.length];
  return {
    sibling: { surfaceId: SIBLING_ID, messages: retarget(siblingSeed.messages, SIBLING_ID), name: siblingSeed.name },
    messages,
    typing: c.typing.map((t) => ({ ...t, at: t.at % (messages.length + 1) })),
    splits: c.splits,
    responses: c.responses,
    pristineUntil,
    facts: streamFacts,
  };
}

/** A plan from an explicit stream (the hostile corpus, regression cases). */
export function explicitPlan(
  seeds: readonly Seed[],
  messages: ReadonlyArray<Json | { text: string }>,
  options: { typing?: Array<{ at: number; field: number; text: string }>; sibling?: number; splits?: number[]; responses?: ResponseSpec[]; pristine?: boolean } = {},
): Plan {
  if (seeds.length === 0) throw new Error('explicitPlan needs at least one seed (for the sibling)');
  const planned: PlannedMessage[] = messages.map((m, i) => {
    const text = m !== null && typeof m === 'object' && !Array.isArray(m) && typeof (m as { text?: unknown }).text === 'string' && Object.keys(m).length === 1;
    return {
      wire: text ? { kind: 'text', text: (m as { text: string }).text } : { kind: 'object', value: m as Json },
      origin: i,
      modified: !options.pristine,
      note: `corpus#${i}`,
    };
  });
  const siblingSeed = seeds[(options.sibling ?? 0) % seeds.length];
  const surfaces = [...new Set(messages.flatMap((m) => (m !== null && typeof m === 'object' && !Array.isArray(m) ? Object.values(m).flatMap((b) => (b !== null && typeof b === 'object' && typeof (b as { surfaceId?: unknown }).surfaceId === 'string' ? [(b as { surfaceId: string }).surfaceId] : [])) : [])))];
  return {
    sibling: { surfaceId: SIBLING_ID, messages: retarget(siblingSeed.messages, SIBLING_ID), name: siblingSeed.name },
    messages: planned,
    typing: (options.typing ?? []).map((t) => ({ ...t, at: Math.min(t.at, planned.length) })),
    splits: options.splits ?? [137, 500, 911],
    responses: options.responses ?? [],
    pristineUntil: options.pristine ? planned.length : 0,
    facts: { surfaces, facts: new Map() },
  };
}
