/**
 * The error boundary's two halves, shared by an element's render (base.ts) and a `live()` part:
 * report a failure to the agent once per distinct message, and show a small inline fallback.
 *
 * @module
 */
import { html, type TemplateResult } from 'lit';
import { A2uiError, ExpressionError, type ComponentNode } from '../src/index.ts';

/**
 * Reports `e` for `node` unless `last` (the message reported before) is the same; returns the
 * message to remember.
 */
export function reportFailure(node: ComponentNode, e: unknown, last: string | undefined): string {
  const message = e instanceof Error ? e.message : String(e);
  if (message !== last) {
    node.report(e instanceof A2uiError ? e : new ExpressionError(`Component '${node.id}' (${node.record?.type}) failed to render: ${message}`, { surfaceId: node.surface.id }));
  }
  return message;
}

/** What a failed component (or part) shows: `<span part="error">Type unavailable</span>`. */
export function failureFallback(node: ComponentNode): TemplateResult {
  return html`<span part="error" class="a2ui-error">${node.record?.type ?? 'Component'} unavailable</span>`;
}
