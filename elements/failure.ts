/**
 * The error boundary's two halves, shared by an element's render (base.ts) and a `live()` part:
 * report a failure to the agent once per distinct message, and show a small inline fallback.
 *
 * @module
 */
import { A2uiError, ExpressionError, asA2uiError, thrownMessage, type ComponentNode } from '../src/index.ts';
import { componentFallback } from './fallbacks.ts';

/** The last failure of each node, for the host's `failed` fallback. */
const failures = new WeakMap<ComponentNode, { code?: string; message: string }>();

/**
 * Reports `e` for `node` unless `last` (the message reported before) is the same; returns the
 * message to remember.
 */
export function reportFailure(node: ComponentNode, e: unknown, last: string | undefined): string {
  const message = thrownMessage(e);
  failures.set(node, { code: e instanceof A2uiError ? String(e.code) : undefined, message });
  if (message !== last) {
    node.report(asA2uiError(e, () => new ExpressionError(`Component '${node.id}' (${node.record?.type}) failed to render: ${message}`, { surfaceId: node.surface.id })));
  }
  return message;
}

/**
 * What a failed component (or part) shows: the surface's `failed` fallback, by default
 * `<span part="error">Content unavailable</span>` (fallbacks.ts).
 */
export function failureFallback(node: ComponentNode): unknown {
  return componentFallback(node, 'failed', failures.get(node));
}
