/**
 * `jmespath` (the guide's `transformData`): a standard JMESPath expression over `data`, through
 * the reference JavaScript implementation. Missing fields give null; a bad expression or a type
 * error is an EXPRESSION_ERROR.
 *
 * The `jmespath` package is loaded on the first call (a separate chunk in the script-tag build):
 * most surfaces never call it. Until it has arrived the body returns a Promise (a binding shows
 * pending, then the value); afterwards it answers synchronously. A failed load is an
 * EXECUTION_ERROR naming the piece, and the next call tries again (src/lazy.ts).
 */
import { ExpressionError, thrownMessage, type FunctionImplementation } from '../../src/index.ts';
import { lazyModule } from '../../src/internal.ts';

type Jmespath = typeof import('jmespath').default;

/** The `jmespath` package, loaded with the first call. */
const jmespathPackage = lazyModule('jmespath', () => import('jmespath'));

/**
 * Evaluates `expression` against `data` with the loaded module; undefined results and inputs
 * become null.
 */
function search(jmespath: Jmespath, expression: string, data: unknown): unknown {
  try {
    return jmespath.search(data === undefined ? null : data, expression) ?? null;
  } catch (e) {
    throw new ExpressionError(`jmespath '${expression}' failed: ${thrownMessage(e)}`);
  }
}

/**
 * Evaluates `expression` against `data`: synchronously once the package is loaded, else a Promise.
 * Undefined results and inputs become null.
 */
export function searchJmespath(expression: string, data: unknown): unknown {
  return jmespathPackage.with((m) => search(m.default, expression, data));
}

/** The `jmespath` body. */
export const jmespathFunction: FunctionImplementation = (args) =>
  searchJmespath(typeof args.expression === 'string' ? args.expression : '', args.data);
