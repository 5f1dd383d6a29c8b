/**
 * `jmespath` (the guide's `transformData`): a standard JMESPath expression over `data`, through
 * the reference JavaScript implementation. Missing fields give null; a bad expression or a type
 * error is an EXPRESSION_ERROR.
 *
 * The `jmespath` package is loaded on the first call (a separate chunk in the script-tag build):
 * most surfaces never call it. Until it has arrived the body returns a Promise (a binding shows
 * pending, then the value); afterwards it answers synchronously.
 */
import { ExpressionError, thrownMessage, type FunctionImplementation } from '../../src/index.ts';

type Jmespath = typeof import('jmespath').default;

let loaded: Jmespath | undefined;
let loading: Promise<Jmespath> | undefined;

/** Loads the `jmespath` package once; a failed load is retried on the next call. */
function loadJmespath(): Promise<Jmespath> {
  loading ??= import('jmespath').then(
    (m) => (loaded = m.default),
    (e: unknown) => {
      loading = undefined;
      throw new ExpressionError(`jmespath could not be loaded: ${thrownMessage(e)}`);
    },
  );
  return loading;
}

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
  if (loaded) return search(loaded, expression, data);
  return loadJmespath().then((jmespath) => search(jmespath, expression, data));
}

/** The `jmespath` body. */
export const jmespathFunction: FunctionImplementation = (args) =>
  searchJmespath(typeof args.expression === 'string' ? args.expression : '', args.data);
