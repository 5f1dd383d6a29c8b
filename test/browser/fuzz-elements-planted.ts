/**
 * Planted faults for the browser fuzz pass's self-tests: a catalog of components whose elements
 * throw, log, leak errors, put script-capable markup into the page, steal focus, or dispatch an
 * event for a message nobody sent. Each must trip its check. Not a test file itself.
 */
import { html } from 'lit';
import { A2uiStore, type ComponentNode } from '../../src/index.ts';
import { A2uiElement, registerComponent } from '../../elements/index.ts';
import type { Json } from '../fuzz/json.ts';
import { deepQueryAll } from './queries.ts';
import type { BrowserRunOptions } from './fuzz-elements-helpers.ts';

const FAULTY = 'https://example.com/a2ui/fuzz-faulty-catalog.json';
const TYPES = ['Broken', 'Noisy', 'Unsafe', 'Grabby', 'Chatty'] as const;

class FuzzBroken extends A2uiElement {
  protected renderComponent(): unknown {
    throw new Error('planted render failure');
  }
}

class FuzzNoisy extends A2uiElement {
  private noisy = false;
  protected renderComponent(node: ComponentNode): unknown {
    if (!this.noisy) {
      this.noisy = true;
      console.error('planted console.error');
      setTimeout(() => {
        throw new Error('planted uncaught error');
      });
      void Promise.reject(new Error('planted unhandled rejection'));
    }
    return html`<span>${node.id}</span>`;
  }
}

class FuzzUnsafe extends A2uiElement {
  protected renderComponent(): unknown {
    return html`<a href="javascript:void 0">link</a><button onclick="void 0">b</button>`;
  }
}

class FuzzGrabby extends A2uiElement {
  protected renderComponent(): unknown {
    return html`<input />`;
  }
  protected override firstUpdated(): void {
    // Wherever the element renders (its shadow root or light DOM).
    setTimeout(() => deepQueryAll(this, 'input')[0]!.focus());
  }
}

class FuzzChatty extends A2uiElement {
  protected renderComponent(): unknown {
    return html`<span>chatty</span>`;
  }
  protected override firstUpdated(): void {
    const message = { version: '1.0', action: { name: 'planted', surfaceId: 'planted', sourceComponentId: 'root', timestamp: '', context: {} } };
    this.dispatchEvent(new CustomEvent('a2ui-message', { detail: { message, metadata: {} }, bubbles: true, composed: true }));
  }
}

const CLASSES: Record<(typeof TYPES)[number], CustomElementConstructor> = { Broken: FuzzBroken, Noisy: FuzzNoisy, Unsafe: FuzzUnsafe, Grabby: FuzzGrabby, Chatty: FuzzChatty };
for (const t of TYPES) {
  const tag = `fuzz-planted-${t.toLowerCase()}`;
  if (!customElements.get(tag)) customElements.define(tag, CLASSES[t]);
  registerComponent(FAULTY, t, tag);
}

const catalog = {
  catalogId: FAULTY,
  protocolVersion: '1.0',
  components: Object.fromEntries(TYPES.map((c) => [c, { type: 'object', properties: { component: { const: c } }, required: ['component'] }])),
};

/** A store that also knows the planted catalog. */
export const plantedStore: NonNullable<BrowserRunOptions['createStore']> = (options) => new A2uiStore({ ...options, catalogs: [catalog] });

/** A surface `planted` whose root is one planted component. */
export const plantedSurface = (type: (typeof TYPES)[number]): Json[] => [
  { version: '1.0', createSurface: { surfaceId: 'planted', catalogId: FAULTY } },
  { version: '1.0', updateComponents: { surfaceId: 'planted', components: [{ id: 'root', component: type }] } },
];
