/**
 * ChoicePicker: `variant` `mutuallyExclusive` (default) is a radio group, `multipleSelection` a
 * group of checkboxes, both native inside a `<fieldset>` whose legend is `label` (so arrow keys
 * and Space work as users expect). `displayStyle: "chips"` draws the options as chips;
 * `filterable` adds a search box that filters options by label. Writes `value` (a string list) on
 * every change.
 */
import { css, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { toDisplayString, type ComponentNode } from '../../src/index.ts';
import { elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { FieldElement, choiceRow, fieldStyles, invalidAria, renderMessages } from './field.ts';
import { isObject, toStringList } from './util.ts';

interface Option {
  readonly label: string;
  readonly value: string;
}

let groups = 0;

/**
 * `<a2ui-choice-picker>`: the basic `ChoicePicker`: radio buttons or checkboxes (or chips) in a `<fieldset>`, optionally filterable.
 *
 * @csspart group - the `<fieldset>`
 * @csspart filter - the filter box
 * @csspart option - an option
 * @csspart option-selected - a selected option (with `option`)
 * @cssprop --a2ui-color-border
 * @cssprop --a2ui-color-focus
 * @cssprop --a2ui-color-on-primary
 * @cssprop --a2ui-color-on-surface
 * @cssprop --a2ui-color-primary
 * @cssprop --a2ui-radius-full
 * @cssprop --a2ui-space-md
 * @cssprop --a2ui-space-xs
 */
export class A2uiChoicePicker extends FieldElement {
  static override styles = [
    ...elementStyles,
    fieldStyles,
    css`
      fieldset {
        border: 0;
        margin: 0;
        padding: 0;
        min-width: 0;
        display: flex;
        flex-direction: column;
        gap: var(--_a2ui-space-xs);
      }
      legend {
        padding: 0;
        margin-block-end: var(--_a2ui-space-xs);
      }
      .options {
        display: flex;
        flex-direction: column;
        gap: var(--_a2ui-space-xs);
      }
      .option {
        ${choiceRow}
      }
      .option input {
        margin: 0;
        width: 18px;
        height: 18px;
      }
      .chips .options {
        flex-direction: row;
        flex-wrap: wrap;
      }
      .chips .option {
        position: relative;
        padding: var(--_a2ui-space-xs) var(--_a2ui-space-md);
        border: 1px solid var(--_a2ui-color-border);
        border-radius: var(--_a2ui-radius-full);
        color: var(--_a2ui-color-on-surface);
      }
      .chips .option input {
        position: absolute;
        opacity: 0;
        inset: 0;
        width: 100%;
        height: 100%;
        cursor: pointer;
      }
      .chips .option.selected {
        background: var(--_a2ui-color-primary);
        border-color: var(--_a2ui-color-primary);
        color: var(--_a2ui-color-on-primary);
      }
      .chips .option:focus-within:has(input:focus-visible) {
        outline: 2px solid var(--_a2ui-color-focus);
        outline-offset: 2px;
      }
      .filter {
        margin-block-end: var(--_a2ui-space-xs);
      }
      /* Forced colors drop backgrounds: a selected chip is drawn in Highlight, with a thicker outline. */
      @media (forced-colors: active) {
        .chips .option {
          forced-color-adjust: none;
          color: CanvasText;
          background: Canvas;
          border-color: CanvasText;
        }
        .chips .option.selected {
          color: HighlightText;
          background: Highlight;
          border-color: Highlight;
          outline: 2px solid CanvasText;
          outline-offset: 1px;
        }
        /* The focus ring in the user's palette, clear of the selected chip's own outline. */
        .chips .option:focus-within:has(input:focus-visible) {
          outline: 2px solid Highlight;
          outline-offset: 4px;
        }
      }
    `,
  ];

  // Reactive state as a static table, not a decorator (the helpers would cost the first load: surface.ts).
  static override properties = { filter: { state: true } };

  /** The filter text (filterable pickers). */
  protected filter = '';

  /** Radio groups are per shadow root; the name only has to be stable for this element. */
  private readonly group = `choice-${++groups}`;

  protected renderComponent(node: ComponentNode): unknown {
    const multiple = node.value('variant') === 'multipleSelection';
    const chips = node.value('displayStyle') === 'chips';
    const filterable = node.value('filterable') === true;
    const label = node.text('label');
    const selected = new Set(toStringList(node.value('value')));
    const failed = this.shownChecks(node, selected.size === 0);
    const { describedby, ...invalid } = invalidAria(failed, this.messagesId);
    const needle = this.filter.trim().toLowerCase();
    const options = this.options(node).filter((o) => !needle || o.label.toLowerCase().includes(needle));
    return html`<fieldset
      part="group"
      class=${chips ? 'chips' : 'list'}
      ${attrs(this.aria({ ...invalid, ...this.stateAria(node, { required: !multiple }), describedby, role: multiple ? undefined : 'radiogroup', label: label ? undefined : this.pathName() }))}
    >
      ${label ? html`<legend part="label" class="label">${label}</legend>` : nothing}
      ${filterable
        ? html`<input
            type="search"
            class="filter"
            part="filter"
            placeholder="Filter"
            aria-label=${label ? `Filter ${label}` : 'Filter options'}
            .value=${this.filter}
            @input=${(e: Event) => (this.filter = (e.target as HTMLInputElement).value)}
          />`
        : nothing}
      <div class="options">
        ${repeat(
          options,
          (o) => o.value,
          (o) => {
            const on = selected.has(o.value);
            return html`<label part=${on ? 'option option-selected' : 'option'} class="option ${on ? 'selected' : ''}">
              <input
                type=${multiple ? 'checkbox' : 'radio'}
                name=${this.group}
                .value=${o.value}
                .checked=${on}
                @input=${(e: Event) => this.toggle(o.value, (e.target as HTMLInputElement).checked, multiple)}
              />
              <span>${o.label}</span>
            </label>`;
          },
        )}
      </div>
      ${renderMessages(failed, this.messagesId)}
    </fieldset>`;
  }

  private options(node: ComponentNode): Option[] {
    const raw = node.record?.props.options;
    const list = Array.isArray(raw) ? raw : node.value('options');
    if (!Array.isArray(list)) return [];
    const out: Option[] = [];
    const seen = new Set<string>();
    list.forEach((o, i) => {
      if (!isObject(o) || typeof o.value !== 'string' || seen.has(o.value)) return;
      seen.add(o.value);
      // Each label resolves on its own, so one failing label does not blank the others.
      out.push({ value: o.value, label: toDisplayString(Array.isArray(raw) ? node.resolve(`option:${i}`, o.label) : o.label) });
    });
    return out;
  }

  private toggle(value: string, checked: boolean, multiple: boolean): void {
    const node = this.node;
    if (!node) return;
    if (!multiple) {
      if (checked) this.writeValue([value]);
      return;
    }
    const current = toStringList(node.value('value'));
    const next = checked ? [...current.filter((v) => v !== value), value] : current.filter((v) => v !== value);
    this.writeValue(next);
  }
}
