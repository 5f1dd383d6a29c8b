/**
 * `updateDataModel`: writes each `{path: value}` pair of `updates` to the caller's data model.
 * Paths starting with `/` are absolute; others resolve against the caller's scope (a list item).
 * Pairs are written in order; the first failing write stops the rest and is the error.
 */
import { ExpressionError, isObject, type FunctionImplementation } from '../../src/index.ts';

export const updateDataModel: FunctionImplementation = (args, ctx) => {
  const updates = args.updates;
  if (!isObject(updates)) {
    throw new ExpressionError('updateDataModel expects `updates` to be an object of {path: value} pairs', { surfaceId: ctx.surfaceId });
  }
  // Copies: the data model mutates in place, so two paths must never share one object.
  for (const [path, value] of Object.entries(updates)) ctx.write(path, value === undefined ? null : JSON.parse(JSON.stringify(value)));
  return undefined;
};
