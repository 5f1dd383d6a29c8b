/**
 * DateTimeInput: a native date, time or date-and-time input (`enableDate`, `enableTime`; with
 * neither, a date input), with `min`/`max` and a visible label. Values are ISO 8601: the input
 * shows the wall-clock part of the bound value as written (a zone suffix is not converted) and
 * writes what the user picks (`2025-12-15`, `17:00`, `2025-12-15T17:00`).
 */
import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import { toBoolean, type ComponentNode } from '../../src/index.ts';
import { elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { FieldElement, fieldStyles, invalidAria, renderMessages } from './field.ts';

type Kind = 'date' | 'time' | 'datetime-local';

const DATE = /(\d{4,}-\d{2}-\d{2})/;
const TIME = /(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)/;

/** The part of an ISO 8601 string an input of `kind` takes ("" when there is none). */
export function toInputValue(value: string, kind: Kind): string {
  const date = DATE.exec(value)?.[1];
  const time = TIME.exec(value.includes('T') ? value.slice(value.indexOf('T')) : value)?.[1];
  if (kind === 'date') return date ?? '';
  if (kind === 'time') return time ?? '';
  return date ? `${date}T${time ?? '00:00'}` : '';
}

const NAMES: Record<Kind, string> = { date: 'Date', time: 'Time', 'datetime-local': 'Date and time' };

/**
 * `<a2ui-date-time-input>`: the basic `DateTimeInput`: a native date, time or date-and-time input, two-way bound.
 *
 * @csspart field - the field wrapper
 * @csspart input - the native input
 */
export class A2uiDateTimeInput extends FieldElement {
  static override styles = [...elementStyles, fieldStyles];

  protected renderComponent(node: ComponentNode): unknown {
    const input = this.uid('input');
    const date = toBoolean(node.value('enableDate'));
    const time = toBoolean(node.value('enableTime'));
    const kind: Kind = date && time ? 'datetime-local' : time ? 'time' : 'date';
    const label = node.text('label');
    const value = node.text('value');
    const failed = this.shownChecks(node, value === '');
    const { describedby, ...invalid } = invalidAria(failed, this.messagesId);
    const min = toInputValue(node.text('min'), kind);
    const max = toInputValue(node.text('max'), kind);
    return html`<div class="field" part="field">
      ${label ? html`<label for=${input} part="label">${label}</label>` : ''}
      <input
        id=${input}
        part="input"
        type=${kind}
        ?required=${node.checkCalls().has('required')}
        .value=${live(toInputValue(value, kind))}
        @input=${this.onInput}
        ${attrs(this.aria({ ...invalid, ...this.stateAria(node, { required: false }), describedby, min: min || undefined, max: max || undefined, label: label ? undefined : (this.pathName() ?? NAMES[kind]) }))}
      />
      ${renderMessages(failed, this.messagesId)}
    </div>`;
  }

  private onInput(e: Event): void {
    this.writeValue((e.target as HTMLInputElement).value);
  }
}
