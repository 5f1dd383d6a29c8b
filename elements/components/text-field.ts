/**
 * TextField: `variant` `shortText` (default), `longText` (a textarea), `number`, `obscured`
 * (password); a visible `<label>` linked to the input; `placeholder`. Every keystroke writes
 * `value` to the data model (a number for the `number` variant when the text is a number).
 * Failing checks set `aria-invalid` and are listed under the field, linked by `aria-describedby`;
 * a `required` check sets `aria-required`; while the value or a check waits for an answer (an
 * agent function) the field is `aria-busy` with a dashed border. `autocomplete` is left to the
 * browser, except where the checks or the variant say what the field holds (`email`, a password).
 */
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ComponentNode } from '../../src/index.ts';
import { elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { FieldElement, fieldStyles, invalidAria, renderMessages } from './field.ts';

const TYPES: Record<string, string> = { shortText: 'text', number: 'number', obscured: 'password' };

/**
 * `<a2ui-text-field>`: the basic `TextField` (short, long, number, obscured), two-way bound, with its checks' messages.
 *
 * @csspart field - the field wrapper
 * @csspart input - the `<input>` or `<textarea>`
 */
export class A2uiTextField extends FieldElement {
  static override styles = [...elementStyles, fieldStyles];

  protected renderComponent(node: ComponentNode): unknown {
    const input = this.uid('input');
    const variant = String(node.value('variant') ?? 'shortText');
    const label = node.text('label');
    const value = node.text('value');
    const placeholder = node.text('placeholder');
    const failed = this.shownChecks(node, value === '');
    const { describedby, ...invalid } = invalidAria(failed, this.messagesId);
    const calls = node.checkCalls();
    const aria = attrs(
      this.aria({
        ...invalid,
        describedby,
        ...this.stateAria(node),
        placeholder: placeholder || undefined,
        label: label ? undefined : this.pathName(),
      }),
    );
    const autocomplete = variant === 'obscured' ? 'current-password' : calls.has('email') ? 'email' : undefined;
    const control =
      variant === 'longText'
        ? html`<textarea id=${input} part="input" rows="3" .value=${live(value)} @input=${this.onInput} ${aria}></textarea>`
        : html`<input
            id=${input}
            part="input"
            type=${TYPES[variant] ?? 'text'}
            autocomplete=${autocomplete ?? nothing}
            .value=${live(value)}
            @input=${this.onInput}
            ${aria}
          />`;
    return html`<div class="field" part="field">
      ${label ? html`<label for=${input} part="label">${label}</label>` : ''} ${control} ${renderMessages(failed, this.messagesId)}
    </div>`;
  }

  private onInput(e: Event): void {
    const input = e.target as HTMLInputElement | HTMLTextAreaElement;
    const number = input instanceof HTMLInputElement && input.type === 'number';
    this.writeValue(number && input.value !== '' && Number.isFinite(input.valueAsNumber) ? input.valueAsNumber : input.value);
  }
}
