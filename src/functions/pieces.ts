/**
 * Function bodies that answer synchronously only once a piece loaded on first use is there (the
 * `formatString` template parser, the validators). A message that calls such a function needs the piece while it
 * is checked (component-validation.ts), so the store holds it until the piece has arrived and the
 * body never answers with a promise where it would answer synchronously; a failed load refuses the
 * message (EXECUTION_ERROR). A call from anywhere else before the piece is there answers after the load.
 */
import type { LazyModule } from '../lazy.ts';
import type { FunctionImplementation } from './types.ts';

const pieces = new WeakMap<FunctionImplementation, LazyModule<unknown>>();

/** Marks `body` as needing `piece` (returns `body`). */
export function needing<F extends FunctionImplementation>(piece: LazyModule<unknown>, body: F): F {
  pieces.set(body, piece);
  return body;
}

/** Marks `wrapper`, a body that calls `body`, as needing what `body` needs (returns `wrapper`). */
export function needingAs<F extends FunctionImplementation>(body: FunctionImplementation, wrapper: F): F {
  const piece = pieces.get(body);
  return piece ? needing(piece, wrapper) : wrapper;
}

/**
 * Returns when `body` can answer synchronously.
 * @throws LoadPending while its piece loads; inside `afterFailedLoad`, that load's EXECUTION_ERROR.
 */
export function needPieceOf(body: FunctionImplementation): void {
  pieces.get(body)?.need();
}
