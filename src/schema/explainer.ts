/**
 * What says why a value is refused (interpret.ts), loaded with the first refusal, and the one
 * generic issue of a value that could not be checked because a piece of the validator failed to
 * load. Both halves of the validator use these: the compiled half (validator.ts, which arrives with
 * `schemaValidator`) for its explanations, the first load for the compiled half itself.
 */
import { lazyModule, type LazyModule } from '../lazy.ts';
import type { SchemaIssue } from './types.ts';

/** The interpreter that says why a value is invalid (interpret.ts), loaded with the first refused value. */
export const schemaExplainer = lazyModule('the schema validator', () => import('./interpret.ts'));

/**
 * The module, or undefined when its load failed (inside `afterFailedLoad`).
 * @throws LoadPending while it loads.
 */
export function needed<M>(piece: LazyModule<M>): M | undefined {
  return piece.unavailable ? undefined : piece.need();
}

/** The one generic issue of a value that could not be validated or explained: its piece failed to load. */
export function unexplained(piece: LazyModule<unknown>): SchemaIssue {
  const reason = piece.unavailable!.message;
  return { path: '', message: `Value is invalid (${reason.charAt(0).toLowerCase()}${reason.slice(1)})` };
}
