/**
 * The custom-element floors: vanilla custom elements (no Lit, no framework, no reactivity), one
 * element per component (`<ce-column>`, `<ce-row>`, `<ce-list>`, `<ce-text>`, `<ce-text-field>`)
 * inside one `<ce-surface>` with its own shadow root and one adopted sheet. Two modes, one per page:
 *
 * - `shadow`: every component element has its own shadow root with one adopted sheet (one
 *   `CSSStyleSheet` per element type, shared by all its instances); containers slot their children.
 * - `light`: the same elements render into themselves (light DOM); the surface's one sheet styles
 *   them all.
 *
 * An element renders once, when first connected; a property write after that changes the one
 * node it concerns. What a real renderer adds on top (data binding, A2UI processing, a11y, focus)
 * is what these floors leave out.
 *
 * @module
 */
import type { DomKit } from './floor.ts';

export type Mode = 'shadow' | 'light';

const sheet = (css: string): CSSStyleSheet => {
  const s = new CSSStyleSheet();
  s.replaceSync(css);
  return s;
};

const COLUMN = 'display:flex;flex-direction:column';
const ROW = 'display:flex;flex-direction:row';
const BLOCK = 'display:block';

/** Per element type: its style (the host's rules). */
const STYLES = { 'ce-column': COLUMN, 'ce-list': COLUMN, 'ce-row': ROW, 'ce-text': BLOCK, 'ce-text-field': BLOCK };
type Tag = keyof typeof STYLES;

/** Defines the elements for `mode` (once per page) and returns the kit that builds with them. */
export function vanillaKit(mode: Mode): DomKit {
  const shadow = mode === 'shadow';
  const surfaceSheet = sheet(shadow ? `:host{${BLOCK}}` : `:host{${BLOCK}}\n${Object.entries(STYLES).map(([tag, css]) => `${tag}{${css}}`).join('\n')}`);
  const sheets = new Map<Tag, CSSStyleSheet>();

  /** A component element: where it renders (its shadow root or itself), rendered on first connect. */
  abstract class Component extends HTMLElement {
    protected readonly root: ShadowRoot | HTMLElement;
    #rendered = false;
    constructor(tag: Tag) {
      super();
      if (!shadow) this.root = this;
      else {
        this.root = this.attachShadow({ mode: 'open' });
        let s = sheets.get(tag);
        if (!s) sheets.set(tag, (s = sheet(`:host{${STYLES[tag]}}`)));
        this.root.adoptedStyleSheets = [s];
      }
    }
    connectedCallback(): void {
      if (this.#rendered) return;
      this.#rendered = true;
      this.render();
    }
    protected abstract render(): void;
  }

  /** Column, Row, List: their children are theirs (slotted in shadow mode). */
  const container = (tag: Tag) =>
    class extends Component {
      constructor() {
        super(tag);
      }
      protected render(): void {
        if (shadow) this.root.append(document.createElement('slot'));
      }
    };

  class CeText extends Component {
    #text = '';
    #node: Text | undefined;
    constructor() {
      super('ce-text');
    }
    set text(v: string) {
      this.#text = v;
      if (this.#node) this.#node.data = v;
    }
    protected render(): void {
      const p = document.createElement('p');
      p.append((this.#node = new Text(this.#text)));
      this.root.append(p);
    }
  }

  class CeTextField extends Component {
    label = '';
    value = '';
    onInput: ((value: string) => void) | undefined;
    constructor() {
      super('ce-text-field');
    }
    protected render(): void {
      const input = document.createElement('input');
      input.value = this.value;
      input.addEventListener('input', () => this.onInput?.(input.value));
      if (!this.label) this.root.append(input);
      else {
        const label = document.createElement('label');
        label.append(this.label, input);
        this.root.append(label);
      }
    }
  }

  class CeSurface extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [surfaceSheet];
    }
  }

  customElements.define('ce-surface', CeSurface);
  customElements.define('ce-column', container('ce-column'));
  customElements.define('ce-row', container('ce-row'));
  customElements.define('ce-list', container('ce-list'));
  customElements.define('ce-text', CeText);
  customElements.define('ce-text-field', CeTextField);

  const text = (t: string): HTMLElement => {
    const el = document.createElement('ce-text') as CeText;
    el.text = t;
    return el;
  };
  const setText = (el: HTMLElement, t: string) => ((el as CeText).text = t);
  return {
    surface(c) {
      const s = document.createElement('ce-surface');
      c.append(s);
      return s.shadowRoot!;
    },
    column: () => document.createElement('ce-column'),
    row: () => document.createElement('ce-row'),
    list: () => document.createElement('ce-list'),
    text,
    setText,
    textField(label, value, onInput) {
      const el = document.createElement('ce-text-field') as CeTextField;
      Object.assign(el, { label, value, onInput });
      return el;
    },
    item: text,
    setItem: setText,
  };
}
