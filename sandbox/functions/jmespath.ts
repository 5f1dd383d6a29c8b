/**
 * `jmespath` (the guide's `transformData`): a standard JMESPath expression over `data`, through
 * the reference JavaScript implementation. Missing fields give null; a bad expression or a type
 * error is an EXPRESSION_ERROR.
 */
import jmespath from 'jmespath';
import { ExpressionError, type FunctionImplementation } from '../../src/index.ts';

/** Evaluates `expression` against `data`; undefined results and inputs become null. */
export function searchJmespath(expression: string, data: unknown): unknown {
  try {
    return jmespath.search(data === undefined ? null : data, expression) ?? null;
  } catch (e) {
    throw new ExpressionError(`jmespath '${expression}' failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The `jmespath` body. */
export const jmespathFunction: FunctionImplementation = (args) =>
  searchJmespath(typeof args.expression === 'string' ? args.expression : '', args.data);
