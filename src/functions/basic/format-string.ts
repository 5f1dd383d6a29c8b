/**
 * The `formatString` body: parses the template (cached) and joins its parts, reading paths from the
 * data model and calling functions through the context.
 */
import { ExpressionError } from '../../errors.ts';
import type { FunctionContext } from '../types.ts';
import { toDisplayString } from '../../coerce.ts';
import { parseTemplate, type TemplateArg } from './template.ts';

/** Longest string formatString may produce (a documented limit). */
export const MAX_OUTPUT_LENGTH = 100_000;

/**
 * Interpolates `args.value`. A non-string value is returned as its string conversion, unparsed.
 * Synchronous unless a called function answers with a promise; then the result is a promise too.
 * @throws ExpressionError for a malformed template; whatever `ctx.read`/`ctx.call` throw.
 */
export function formatString(args: { value?: unknown }, ctx: FunctionContext): string | Promise<string> {
  const template = args.value;
  if (typeof template !== 'string') return toDisplayString(template);
  const parts = parseTemplate(template);
  // Synchronous parts (nearly all) are joined as they come; an async one makes the rest a promise.
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const v = evaluatePart(parts[i], ctx);
    if (isThenable(v)) {
      const rest = parts.slice(i + 1).map((part) => evaluatePart(part, ctx));
      const head = out;
      return Promise.all([v, ...rest]).then((vs) => checked(head + vs.map(toDisplayString).join('')));
    }
    out += toDisplayString(v);
  }
  return checked(out);
}

function checked(out: string): string {
  if (out.length > MAX_OUTPUT_LENGTH) throw new ExpressionError(`formatString produced ${out.length} characters; the limit is ${MAX_OUTPUT_LENGTH}`);
  return out;
}

/**
 * Evaluates one template part or argument to its raw value (not stringified). Non-`@` calls resolve
 * against the catalog the enclosing `formatString` ran in, because `${...}` cannot name a catalog;
 * `@` system functions have none.
 */
export function evaluatePart(part: TemplateArg, ctx: FunctionContext): unknown {
  if (part === null || typeof part !== 'object') return part;
  if ('path' in part) return ctx.read(part.path);
  const names = Object.keys(part.args);
  const values = names.map((name) => evaluatePart(part.args[name]!, ctx));
  const call = (vs: unknown[]) => {
    const args: Record<string, unknown> = {};
    // defineProperty keeps an argument named `__proto__` an own data property.
    names.forEach((name, i) => Object.defineProperty(args, name, { value: vs[i], enumerable: true, writable: true, configurable: true }));
    return ctx.call(part.call, args, part.call.startsWith('@') ? undefined : ctx.catalogId);
  };
  return values.some(isThenable) ? Promise.all(values).then(call) : call(values);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}
