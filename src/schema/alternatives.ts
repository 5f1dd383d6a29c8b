/**
 * Reporting for `oneOf`/`anyOf` failures: instead of every branch's complaints, the issues of the
 * branch the value most plausibly meant, or one summary line when no branch stands out.
 */
import { resolveRef } from './context.ts';
import type { JsonSchema, SchemaContext, SchemaIssue } from './types.ts';
import { hasOwn, isObject, orList, pointerDepth, show, typeOf } from './util.ts';

/** An issue with the hint alternatives need: did the value's own type or a discriminator `const` fail? */
export interface Issue extends SchemaIssue {
  kind?: 'type' | 'const';
}

/** How many of the branch's `required` keys (following `$ref`/`allOf`) the value has: its discriminators. */
function matchedKeys(v: unknown, s: JsonSchema, doc: object, ctx: SchemaContext, hops = 4): number {
  if (!isObject(v) || !isObject(s) || hops < 0) return 0;
  let n = Array.isArray(s.required) ? s.required.filter((k) => typeof k === 'string' && hasOwn(v, k)).length : 0;
  if (typeof s.$ref === 'string') {
    const r = resolveRef(s.$ref, doc, ctx);
    if (r) n += matchedKeys(v, r.schema, r.doc, ctx, hops - 1);
  }
  if (Array.isArray(s.allOf)) for (const b of s.allOf) n += matchedKeys(v, b as JsonSchema, doc, ctx, hops - 1);
  return n;
}

/** A few words naming what a branch accepts, for the summary line. */
function describe(s: unknown): string {
  if (!isObject(s)) return String(s);
  if (typeof s.$ref === 'string') return s.$ref.slice(s.$ref.lastIndexOf('/') + 1);
  if (hasOwn(s, 'const')) return show(s.const);
  if (typeof s.format === 'string') return s.format;
  if (s.type !== undefined) return ([] as unknown[]).concat(s.type).join(' or ');
  if (Array.isArray(s.required)) return s.required.map((k) => `property ${show(k)}`).join(' and ');
  return 'the schema';
}

const compare = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
  return 0;
};

/**
 * Explains why `v` matched none of `branches` (`results[i]` = issues of branch i, all non-empty).
 * Branches whose type or discriminator `const` already failed at the value rank last; then come
 * more matched discriminator keys, deeper issues, fewer issues.
 */
export function explainNoMatch(
  v: unknown,
  branches: readonly unknown[],
  results: Issue[][],
  path: string,
  doc: object,
  ctx: SchemaContext,
): Issue[] {
  const base = pointerDepth(path);
  const ranked = results
    .map((issues, i) => {
      const hard = issues.some(
        (x) => (x.kind === 'type' && x.path === path) || (x.kind === 'const' && pointerDepth(x.path) <= base + 1),
      );
      const deepest = issues.reduce((m, x) => Math.max(m, pointerDepth(x.path)), 0);
      const score = [hard ? 0 : 1, matchedKeys(v, branches[i] as JsonSchema, doc, ctx), deepest, -issues.length];
      return { issues, score };
    })
    .sort((a, b) => compare(a.score, b.score));
  const [best, next] = ranked;
  if (best && best.score[0] && (!next || compare(best.score, next.score) !== 0)) return best.issues;
  const names = [...new Set(branches.map(describe))];
  const got = typeof v === 'object' && v !== null ? typeOf(v) : show(v);
  return [{ path, message: `Expected ${orList(names)}, got ${got}`, kind: best?.score[0] ? undefined : 'type' }];
}
