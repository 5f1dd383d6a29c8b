/**
 * Button: `variant` `default` | `primary` | `borderless`; runs its `action` on click (a user
 * gesture). While any `@checks` fails it is `aria-disabled` — still focusable, so keyboard and
 * screen-reader users reach it and hear why — refuses activation, and shows the checks' messages
 * next to it (they also describe it). Busy (`aria-busy`, `aria-disabled`, clicks ignored, focus
 * kept) while a function action runs or a check waits for an answer (e.g. an agent function).
 * A reason that changes after the first render is said once in the surface's polite live region
 * when the changes pause (typing in the field it guards: announcer.ts).
 */
import { css, html } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { Children } from '../render-child.ts';
import { announce, waiting } from '../announcer.ts';
import { BASIC_TAGS } from '../registry.ts';

/** Each variant's parts: `button`, plus the variant's own name except for the default. */
const VARIANT_PARTS: Readonly<Record<string, string>> = { default: 'button', primary: 'button button-primary', borderless: 'button button-borderless' };

/**
 * `<a2ui-button>`: the basic `Button`: runs its action; `aria-disabled` with the reason shown while its checks fail, `aria-busy` while the action runs.
 *
 * @csspart button - the `<button>`
 * @csspart button-primary - the primary variant (with `button`)
 * @csspart button-borderless - the borderless variant (with `button`)
 * @csspart reason - why it is disabled (the failing checks' messages)
 * @cssprop --a2ui-color-border
 * @cssprop --a2ui-color-error
 * @cssprop --a2ui-color-focus
 * @cssprop --a2ui-color-muted
 * @cssprop --a2ui-color-on-primary
 * @cssprop --a2ui-color-primary
 * @cssprop --a2ui-color-surface
 * @cssprop --a2ui-font-size-caption
 * @cssprop --a2ui-radius-full
 * @cssprop --a2ui-space-md
 * @cssprop --a2ui-space-sm
 * @cssprop --a2ui-space-xs
 */
export class A2uiButton extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      :host {
        display: inline-block;
      }
      button {
        font: inherit;
        font-weight: 500;
        display: inline-flex;
        align-items: center;
        justify-content: center;
        gap: var(--_a2ui-space-xs);
        width: 100%;
        min-height: 40px;
        padding: var(--_a2ui-space-sm) var(--_a2ui-space-md);
        border-radius: var(--_a2ui-radius-full);
        border: 1px solid var(--_a2ui-color-border);
        background: var(--_a2ui-color-surface);
        color: var(--_a2ui-color-primary);
        cursor: pointer;
        --_a2ui-color-muted: currentColor;
      }
      button.primary {
        background: var(--_a2ui-color-primary);
        border-color: var(--_a2ui-color-primary);
        color: var(--_a2ui-color-on-primary);
      }
      button.borderless {
        background: transparent;
        border-color: transparent;
        padding-inline: var(--_a2ui-space-sm);
      }
      button:hover:not(:disabled, [aria-disabled='true']) {
        filter: brightness(0.95);
      }
      button:focus-visible {
        outline: 2px solid var(--_a2ui-color-focus);
        outline-offset: 2px;
      }
      button:disabled,
      button[aria-disabled='true'] {
        cursor: not-allowed;
        opacity: 0.6;
      }
      button[aria-busy='true'] {
        cursor: progress;
        border-style: dashed;
      }
      /* Forced colors paint every button alike: a primary one is drawn inverted, a disabled one in
         GrayText, and the focus ring in Highlight (system colours: the user's palette). */
      @media (forced-colors: active) {
        button.primary {
          forced-color-adjust: none;
          background: ButtonText;
          border-color: ButtonText;
          color: ButtonFace;
        }
        button:disabled,
        button[aria-disabled='true'] {
          color: GrayText;
          border-color: GrayText;
        }
        button.primary:is(:disabled, [aria-disabled='true']) {
          background: GrayText;
          border-color: GrayText;
          color: ButtonFace;
        }
        button:focus-visible {
          outline-color: Highlight;
        }
      }
      .reason {
        display: block;
        margin-top: var(--_a2ui-space-xs);
        font-size: var(--_a2ui-font-size-caption);
        color: var(--_a2ui-color-error);
      }
    `,
  ];

  // Reactive state as a static table, not a decorator (the helpers would cost the first load: surface.ts).
  static override properties = { busy: { state: true } };

  /** True while the action runs. */
  protected busy = false;

  private readonly children_ = new Children(this);
  /** The reason shown last; `undefined` before the first render (nothing to say about the start). */
  private said: string | undefined;

  protected renderComponent(node: ComponentNode): unknown {
    const variant = String(node.value('variant') ?? 'default');
    const cls = Object.hasOwn(VARIANT_PARTS, variant) ? variant : 'default';
    const failed = node.failedChecks();
    const reason = failed.length ? failed.map((r) => r.message).filter(Boolean).join(' ') : '';
    const reasonId = reason ? this.uid('reason') : undefined;
    if (reason !== this.said || (reason && waiting(this))) {
      if (this.said !== undefined) announce(this, reason, { debounce: true });
      this.said = reason;
    }
    const busy = this.busy || node.checksPending();
    return html`<button
      part=${VARIANT_PARTS[cls]}
      class=${cls}
      type="button"
      @click=${this.onClick}
      ${attrs(
        this.aria({
          'aria-busy': busy ? 'true' : undefined,
          'aria-disabled': failed.length > 0 || busy ? 'true' : undefined,
          // A Modal's trigger opens a dialog (modal.ts renders it in its `trigger` part).
          'aria-haspopup': this.parentElement?.getAttribute('part') === 'trigger' && this.parentElement.parentElement?.localName === BASIC_TAGS.Modal ? 'dialog' : undefined,
          describedby: [reasonId],
        }),
      )}
    >${this.children_.renderProp(node, 'child')}</button>${reason ? html`<span id=${reasonId} part="reason" class="reason">${reason}</span>` : ''}`;
  }

  private async onClick(): Promise<void> {
    const node = this.node;
    // Refused while a check fails or waits (the button stays focusable: aria-disabled).
    if (!node || this.busy || node.failedChecks().length > 0 || node.checksPending()) return;
    this.busy = true;
    try {
      await node.act();
    } finally {
      this.busy = false;
    }
  }
}
