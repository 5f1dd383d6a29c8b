/**
 * `<a2ui-unknown>`: what a component renders as when no element is registered for its type
 * (see registry.ts). Shows the surface's `unknown` fallback (fallbacks.ts; by default a short
 * "Content unavailable" notice) and reports the fault to the agent once.
 */
import { CatalogError, type ComponentNode } from '../src/index.ts';
import { A2uiElement } from './base.ts';
import { componentFallback } from './fallbacks.ts';

/**
 * `<a2ui-unknown>`: what a component renders as when no element is registered for its type: the surface's `unknown` fallback; the fault goes to the agent once.
 */
export class A2uiUnknown extends A2uiElement {
  private reported: string | undefined;

  protected renderComponent(node: ComponentNode): unknown {
    const record = node.record!;
    const what = `${record.catalog.id}#${record.type}`;
    if (this.reported !== what) {
      this.reported = what;
      node.report(new CatalogError(`No element is registered for component type '${record.type}' of catalog '${record.catalog.id}' (component '${node.id}')`, { surfaceId: node.surface.id }));
    }
    return componentFallback(node, 'unknown');
  }
}
