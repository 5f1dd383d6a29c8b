/**
 * Slider: a native range input (arrow keys, Page Up/Down, Home/End) from `min` (default 0) to
 * `max`; `steps` divides the range into that many discrete steps. Writes `value` (a number) on
 * every change; the current value is shown next to the label.
 */
import { css, html } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ComponentNode } from '../../src/index.ts';
import { elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { FieldElement, fieldStyles, invalidAria, renderMessages } from './field.ts';
import { toNumber } from './util.ts';

/**
 * `<a2ui-slider>`: the basic `Slider`: a native range input with its value shown, two-way bound.
 *
 * @csspart field - the field wrapper
 * @csspart value - the shown value
 * @csspart slider - the `<input type="range">`
 * @cssprop --a2ui-font-size-caption
 * @cssprop --a2ui-space-sm
 */
export class A2uiSlider extends FieldElement {
  static override styles = [
    ...elementStyles,
    fieldStyles,
    css`
      .head {
        display: flex;
        justify-content: space-between;
        gap: var(--_a2ui-space-sm);
      }
      output {
        font-size: var(--_a2ui-font-size-caption);
        font-variant-numeric: tabular-nums;
      }
      input {
        width: 100%;
        margin: 0;
      }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const input = this.uid('input');
    const min = toNumber(node.value('min'), 0);
    const max = Math.max(min, toNumber(node.value('max'), 100));
    const steps = Math.floor(toNumber(node.value('steps'), 0));
    const step = steps >= 1 && max > min ? (max - min) / steps : 'any';
    const value = Math.min(max, Math.max(min, toNumber(node.value('value'), min)));
    const label = node.text('label');
    const failed = this.shownChecks(node, node.value('value') === undefined);
    const { describedby, ...invalid } = invalidAria(failed, this.messagesId);
    const shown = formatValue(value);
    return html`<div class="field" part="field">
      <div class="head">
        ${label ? html`<label for=${input} part="label">${label}</label>` : html`<span></span>`}
        <output for=${input} part="value">${shown}</output>
      </div>
      <input
        id=${input}
        part="slider"
        type="range"
        min=${min}
        max=${max}
        step=${step}
        .value=${live(String(value))}
        @input=${this.onInput}
        ${attrs(this.aria({ ...invalid, ...this.stateAria(node, { required: false }), describedby, label: label ? undefined : (this.pathName() ?? 'Value') }))}
      />
      ${renderMessages(failed, this.messagesId)}
    </div>`;
  }

  private onInput(e: Event): void {
    this.writeValue((e.target as HTMLInputElement).valueAsNumber);
  }
}

function formatValue(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000);
}
