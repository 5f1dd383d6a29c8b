/**
 * `<a2ui-unknown>`: what a component renders as when no element is registered for its type
 * (see registry.ts). Shows a small inline notice and reports the fault to the agent once.
 */
import { html } from 'lit';
import { CatalogError, type ComponentNode } from '../src/index.ts';
import { A2uiElement } from './base.ts';

export class A2uiUnknown extends A2uiElement {
  private reported: string | undefined;

  protected renderComponent(node: ComponentNode): unknown {
    const record = node.record!;
    const what = `${record.catalog.id}#${record.type}`;
    if (this.reported !== what) {
      this.reported = what;
      node.report(new CatalogError(`No element is registered for component type '${record.type}' of catalog '${record.catalog.id}' (component '${node.id}')`, { surfaceId: node.surface.id }));
    }
    return html`<span part="error" class="a2ui-error">Unsupported component: ${record.type}</span>`;
  }
}
