/**
 * What the input components share: when failing checks are shown, their messages (linked with
 * `aria-describedby`, flagged with `aria-invalid`), and the field styles.
 *
 * @module
 */
import { css, html, nothing, type PropertyDeclarations } from 'lit';
import type { ComponentNode, ValidationResult } from '../../src/index.ts';
import { A2uiElement } from '../base.ts';
import { announce, waiting } from '../announcer.ts';

/**
 * An input element. Failing checks are shown once the field holds a value or the user has
 * touched it (typed, picked, or left it): an empty form does not greet the user with errors.
 * (A Button guarded by the same checks is disabled either way.) Messages that change after the
 * user touched the field are also said once in the surface's polite live region, when the typing
 * pauses (announcer.ts): `aria-describedby` alone is read only when the field is focused again.
 *
 * @csspart label - the visible label
 * @csspart messages - the failing checks' messages (linked by `aria-describedby`)
 * @csspart message - one check message
 * @cssprop --a2ui-color-border
 * @cssprop --a2ui-color-error
 * @cssprop --a2ui-color-focus
 * @cssprop --a2ui-color-muted
 * @cssprop --a2ui-color-on-surface
 * @cssprop --a2ui-color-on-primary
 * @cssprop --a2ui-color-primary
 * @cssprop --a2ui-color-surface
 * @cssprop --a2ui-font-size-body
 * @cssprop --a2ui-font-size-caption
 * @cssprop --a2ui-radius-sm
 * @cssprop --a2ui-space-sm
 * @cssprop --a2ui-space-xs
 */
export abstract class FieldElement extends A2uiElement {
  // Reactive state as a static table, not a decorator (the helpers would cost the first load: surface.ts).
  static override properties: PropertyDeclarations = { touched: { state: true } };

  /** The user has changed or left this field. */
  protected touched = false;

  /** The messages shown last (said when they change after a touch). */
  private said = '';

  constructor() {
    super();
    this.addEventListener('focusout', () => (this.touched = true));
  }

  /** The failing checks to show now (always read, so the element follows them). */
  protected shownChecks(node: ComponentNode, empty: boolean): ValidationResult[] {
    const failed = node.failedChecks();
    const shown = this.touched || !empty ? failed : [];
    const text = shown.map((r) => r.message).filter(Boolean).join(' ');
    // Only what the user's own touch changed; each keystroke while a message waits restarts the
    // wait (said once, at the pause); an empty text withdraws a message still waiting.
    if (text !== this.said || (text && waiting(this))) {
      this.said = text;
      if (this.touched) announce(this, text, { debounce: true });
    }
    return shown;
  }

  /** Id of this field's check messages (see {@link renderMessages}). */
  protected get messagesId(): string {
    return this.uid('messages');
  }

  /**
   * What the field's checks and bindings say beyond validity: `aria-required` for a `required`
   * check (only where the control's role takes it: pass `required: false` for a slider or a
   * group), and `aria-busy` while the value or a check waits for an answer (an agent function).
   */
  protected stateAria(node: ComponentNode, { required = true } = {}): { 'aria-required'?: string; 'aria-busy'?: string } {
    return {
      'aria-required': required && node.checkCalls().has('required') ? 'true' : undefined,
      'aria-busy': node.pending('value') || node.checksPending() ? 'true' : undefined,
    };
  }

  /** A user change: writes `value` (two-way binding) and marks the field touched. */
  protected writeValue(value: unknown): void {
    this.touched = true;
    this.node?.write('value', value);
  }
}

/**
 * The messages of failing checks, in a container with id `id` (`role="alert"`-free: they are
 * announced through aria-describedby).
 */
export function renderMessages(failed: readonly ValidationResult[], id: string): unknown {
  if (!failed.length) return nothing;
  const shown = failed.filter((r) => r.message);
  if (!shown.length) return nothing;
  return html`<div id=${id} part="messages" class="messages">
    ${shown.map((r) => html`<div part="message" class="message ${r.severity ?? 'error'}">${r.message}</div>`)}
  </div>`;
}

/** ARIA for an input with these failing checks, whose messages are in the container `id`. */
export function invalidAria(failed: readonly ValidationResult[], id: string): { 'aria-invalid'?: string; describedby: Array<string | undefined> } {
  const errors = failed.some((r) => (r.severity ?? 'error') === 'error');
  return {
    'aria-invalid': errors ? 'true' : undefined,
    describedby: failed.some((r) => r.message) ? [id] : [],
  };
}

/** Declarations of a clickable row holding a box and its label (CheckBox, ChoicePicker options). */
export const choiceRow = css`
  display: inline-flex;
  align-items: center;
  gap: var(--_a2ui-space-sm);
  cursor: pointer;
  font-size: var(--_a2ui-font-size-body);
  font-weight: normal;
`;

export const fieldStyles = css`
  .field {
    display: flex;
    flex-direction: column;
    gap: var(--_a2ui-space-xs);
  }
  label,
  .label {
    font-size: var(--_a2ui-font-size-caption);
    color: var(--_a2ui-color-on-surface);
    font-weight: 500;
  }
  input:not([type='checkbox'], [type='radio'], [type='range']),
  textarea {
    font: inherit;
    color: var(--_a2ui-color-on-surface);
    background: var(--_a2ui-color-surface);
    border: 1px solid var(--_a2ui-color-border);
    border-radius: var(--_a2ui-radius-sm);
    padding: var(--_a2ui-space-sm);
    min-width: 0;
    width: 100%;
  }
  textarea {
    min-height: 5em;
    resize: vertical;
  }
  input::placeholder,
  textarea::placeholder {
    color: var(--_a2ui-color-muted);
  }
  :is(input, textarea, button, select):focus-visible {
    outline: 2px solid var(--_a2ui-color-focus);
    outline-offset: 2px;
  }
  /* :is(input, textarea): as specific as the input rule above, so these win over its border. */
  [aria-invalid='true'],
  :is(input, textarea)[aria-invalid='true'] {
    border-color: var(--_a2ui-color-error);
  }
  /* Waiting for an answer (an agent function): not yet valid, not yet invalid. */
  :is(input, textarea)[aria-busy='true'] {
    border-style: dashed;
    cursor: progress;
  }
  /* Controls without a border of their own (a checkbox, a slider, a group) show it around them. */
  fieldset[aria-busy='true'],
  input:is([type='checkbox'], [type='range'])[aria-busy='true'] {
    outline: 1px dashed var(--_a2ui-color-border);
    outline-offset: 2px;
    cursor: progress;
  }
  input[type='range'] {
    accent-color: var(--_a2ui-color-primary);
  }
  /* Checkboxes and radios drawn in the tokens, not the OS scheme's native look: a host's light
     brand palette under a dark OS must not show dark boxes on a white surface. */
  input:is([type='checkbox'], [type='radio']) {
    appearance: none;
    display: inline-grid;
    place-content: center;
    border: 2px solid var(--_a2ui-color-border);
    border-radius: var(--_a2ui-radius-sm);
    background: var(--_a2ui-color-surface);
    cursor: pointer;
  }
  input[type='radio'] {
    border-radius: 50%;
  }
  input:is([type='checkbox'], [type='radio']):checked {
    border-color: var(--_a2ui-color-primary);
  }
  input[type='checkbox']:checked {
    background: var(--_a2ui-color-primary);
  }
  input:is([type='checkbox'], [type='radio']):checked::before {
    content: '';
    width: 10px;
    height: 10px;
    background: var(--_a2ui-color-primary);
    border-radius: 50%;
  }
  input[type='checkbox']:checked::before {
    background: var(--_a2ui-color-on-primary);
    border-radius: 0;
    clip-path: polygon(14% 44%, 0 65%, 50% 100%, 100% 16%, 80% 0, 43% 62%);
  }
  input:is([type='checkbox'], [type='radio']):focus-visible {
    outline: 2px solid var(--_a2ui-color-focus);
    outline-offset: 2px;
  }
  input:is([type='checkbox'], [type='radio']):disabled {
    opacity: 0.5;
    cursor: default;
  }
  @media (forced-colors: active) {
    input:is([type='checkbox'], [type='radio']) {
      appearance: auto;
    }
  }
  /* Forced colors repaint the error colour away: an invalid field keeps a thicker border in Mark,
     a disabled one shows in GrayText. */
  @media (forced-colors: active) {
    [aria-invalid='true'],
    :is(input, textarea)[aria-invalid='true'] {
      border: 3px double Mark;
    }
    :is(input, textarea, select, fieldset):disabled,
    :is(input, textarea, select, fieldset)[aria-disabled='true'] {
      color: GrayText;
      border-color: GrayText;
    }
    :is(input, textarea, button, select):focus-visible {
      outline-color: Highlight;
    }
  }
  .messages {
    display: flex;
    flex-direction: column;
    gap: 2px;
    font-size: var(--_a2ui-font-size-caption);
  }
  .message.error {
    color: var(--_a2ui-color-error);
  }
  .message.warning,
  .message.info {
    color: var(--_a2ui-color-muted);
  }
`;
