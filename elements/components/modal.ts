/**
 * Modal (WAI-ARIA APG dialog, on a native modal `<dialog>`): the `trigger` child renders inline;
 * activating it opens `content` in a dialog. While open, the page behind is inert and Tab cycles
 * inside the dialog (a Tab key handler: no focusable sentinels for a screen reader to stumble
 * on); Escape, the close button or a click on the backdrop close it, and focus returns to the
 * trigger. The dialog is named by its content's first heading, else its first Text outside a
 * control, else the trigger. A trigger that is not a Button is wrapped in one, styled as a link so
 * it looks actionable; every trigger says `aria-haspopup="dialog"` (a Button trigger sets it on
 * itself: button.ts). The content stays rendered while closed, so its state survives reopening.
 */
import { css, html } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { Children } from '../render-child.ts';
import { BASIC_TAGS } from '../registry.ts';
import { deepActiveElement, focusables } from '../focus.ts';

/**
 * `<a2ui-modal>`: the basic `Modal`: its trigger opens a native modal `<dialog>` (focus trapped, Escape closes, focus back to the trigger).
 *
 * @csspart trigger - the wrapper of the trigger component
 * @csspart dialog - the `<dialog>`
 * @csspart dialog-content - the content inside it
 * @csspart close - the close button
 * @cssprop --a2ui-color-focus
 * @cssprop --a2ui-color-on-surface
 * @cssprop --a2ui-color-primary
 * @cssprop --a2ui-color-scrim
 * @cssprop --a2ui-color-surface
 * @cssprop --a2ui-elevation-3
 * @cssprop --a2ui-radius-full
 * @cssprop --a2ui-radius-lg
 * @cssprop --a2ui-space-lg
 * @cssprop --a2ui-space-xl
 * @cssprop --a2ui-space-xs
 */
export class A2uiModal extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      :host {
        display: inline-block;
      }
      /* A trigger that is not a Button looks like a link: it must not pass for plain text. */
      .trigger-button {
        font: inherit;
        color: var(--_a2ui-color-primary);
        background: none;
        border: 0;
        padding: 0;
        cursor: pointer;
        text-align: inherit;
        text-decoration: underline;
        text-underline-offset: 0.2em;
      }
      .trigger-button:focus-visible,
      .close:focus-visible {
        outline: 2px solid var(--_a2ui-color-focus);
        outline-offset: 2px;
      }
      dialog {
        color: var(--_a2ui-color-on-surface);
        background: var(--_a2ui-color-surface);
        border: 0;
        border-radius: var(--_a2ui-radius-lg);
        box-shadow: var(--_a2ui-elevation-3);
        padding: var(--_a2ui-space-lg);
        padding-block-start: var(--_a2ui-space-xl);
        max-width: min(90vw, 640px);
        width: 100%;
      }
      dialog::backdrop {
        background: var(--_a2ui-color-scrim);
      }
      /* Forced colors drop the shadow and the backdrop's tint: a border draws the dialog's edge. */
      @media (forced-colors: active) {
        dialog {
          border: 2px solid CanvasText;
        }
      }
      .close {
        position: absolute;
        inset-block-start: var(--_a2ui-space-xs);
        inset-inline-end: var(--_a2ui-space-xs);
        width: 32px;
        height: 32px;
        border: 0;
        border-radius: var(--_a2ui-radius-full);
        background: transparent;
        color: var(--_a2ui-color-on-surface);
        font-size: 20px;
        line-height: 1;
        cursor: pointer;
      }
    `,
  ];

  // Reactive state as a static table, not a decorator (the helpers would cost the first load: surface.ts).
  static override properties = { open: { state: true } };

  /** Whether the dialog is open. */
  open = false;

  private readonly trigger_ = new Children(this);
  private readonly content_ = new Children(this);
  private returnFocus: HTMLElement | undefined;
  /** The dialog's name, worked out when it opens (its content has rendered by then). */
  private name = 'Dialog';

  protected renderComponent(node: ComponentNode): unknown {
    const triggerContent = this.trigger_.renderProp(node, 'trigger');
    const [key] = this.trigger_.keys();
    const triggerIsButton = key !== undefined && this.trigger_.tag(key) === BASIC_TAGS.Button;
    return html`<span part="trigger" @click=${this.show}>${triggerIsButton
        ? triggerContent
        : html`<button type="button" class="trigger-button" aria-haspopup="dialog">${triggerContent}</button>`}</span>
      <dialog part="dialog" @cancel=${this.onCancel} @close=${this.finish} @click=${this.onDialogClick} @keydown=${this.onKeydown} ${attrs(this.aria({ label: this.open ? this.name : undefined }))}>
        <button type="button" part="close" class="close" aria-label="Close" @click=${this.hide}>×</button>
        <div part="dialog-content">${this.content_.renderProp(node, 'content')}</div>
      </dialog>`;
  }

  /** Opens the dialog (what activating the trigger does). */
  show(): void {
    if (this.open) return;
    const active = deepActiveElement();
    this.returnFocus = active instanceof HTMLElement && active !== document.body ? active : undefined;
    this.name = this.inferredName();
    this.open = true;
  }

  /** Closes the dialog; focus goes back to the trigger. */
  hide(): void {
    if (this.dialog?.open) this.dialog.close();
    this.finish();
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const dialog = this.dialog;
    if (!dialog) return;
    if (this.open && !dialog.open) {
      dialog.showModal();
      // Start on the first control of the content, not on the close button.
      const first = focusables(dialog).find((el) => !el.classList.contains('close'));
      first?.focus();
    } else if (!this.open && dialog.open) {
      dialog.close();
    }
  }

  private get dialog(): HTMLDialogElement | null {
    return this.querySelector(':scope > dialog');
  }

  private get trigger(): HTMLElement | null {
    return this.querySelector(':scope > [part="trigger"]');
  }

  /** Escape: close now (the native `close` event comes later, in a task of its own). */
  private onCancel(e: Event): void {
    e.preventDefault();
    this.hide();
  }

  /** After any close: state, and focus back to where it was (the trigger). */
  private finish(): void {
    if (!this.open) return;
    this.open = false;
    const target = this.returnFocus?.isConnected ? this.returnFocus : focusables(this.trigger!)[0];
    this.returnFocus = undefined;
    target?.focus();
  }

  private onDialogClick(e: MouseEvent): void {
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    if (e.target !== this.dialog) return;
    const r = this.dialog!.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) this.hide();
  }

  /** Focus trap: Tab from the last control goes to the first, Shift+Tab from the first to the last. */
  private onKeydown(e: KeyboardEvent): void {
    const dialog = this.dialog;
    if (e.key !== 'Tab' || !dialog) return;
    const inside = focusables(dialog);
    if (!inside.length) return;
    const active = deepActiveElement();
    const edge = e.shiftKey ? inside[0] : inside[inside.length - 1];
    if (active !== edge && inside.includes(active as HTMLElement)) return;
    e.preventDefault();
    (e.shiftKey ? inside[inside.length - 1] : inside[0]).focus();
  }

  /**
   * The dialog's name when none is given: the content's first heading, else its first Text that
   * is not a control's label, else the trigger's text.
   */
  private inferredName(): string {
    const content = this.querySelector(':scope > dialog > [part="dialog-content"]');
    const heading = content && firstDeep(content, (el) => /^h[1-6]$/.test(el.localName) || el.getAttribute('role') === 'heading');
    const text = content && firstDeep(content, (el) => el instanceof A2uiElement && el.node?.record?.type === 'Text' && !el.closest('button, label, a, [role="button"]'));
    const trigger = this.trigger;
    for (const source of [heading, text, trigger]) {
      const name = source ? flatText(source).trim() : '';
      if (name) return name.length > 120 ? `${name.slice(0, 119)}…` : name;
    }
    return 'Dialog';
  }
}

/** The first element under `root` (through shadow roots, in tree order) that `test` accepts. */
function firstDeep(root: ParentNode, test: (el: Element) => boolean): Element | undefined {
  for (const el of Array.from(root.children)) {
    if (test(el)) return el;
    const found = (el.shadowRoot && firstDeep(el.shadowRoot, test)) || firstDeep(el, test);
    if (found) return found;
  }
  return undefined;
}

/** The text of a node in the flat tree (through shadow roots). */
function flatText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  const el = node as Element;
  if (el.localName === 'style' || el.localName === 'script' || (el as HTMLElement).hidden) return '';
  const kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
  return Array.from(kids, flatText).join(' ').replace(/\s+/g, ' ');
}
