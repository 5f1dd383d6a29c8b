/** CheckBox: a native checkbox with its visible label; writes `value` (boolean) on every toggle. */
import { css, html } from 'lit';
import { toBoolean, type ComponentNode } from '../../src/index.ts';
import { elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { FieldElement, choiceRow, fieldStyles, invalidAria, renderMessages } from './field.ts';

/**
 * `<a2ui-checkbox>`: the basic `CheckBox`, two-way bound to a boolean.
 *
 * @csspart field - the field wrapper
 * @csspart checkbox - the `<input type="checkbox">`
 */
export class A2uiCheckBox extends FieldElement {
  static override styles = [
    ...elementStyles,
    fieldStyles,
    css`
      .check {
        ${choiceRow}
      }
      input {
        width: 18px;
        height: 18px;
        margin: 0;
        flex: none;
      }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const checked = toBoolean(node.value('value'));
    const failed = this.shownChecks(node, !checked);
    const { describedby, ...invalid } = invalidAria(failed, this.messagesId);
    const label = node.text('label');
    return html`<div class="field" part="field">
      <label class="check" part="label">
        <input
          type="checkbox"
          part="checkbox"
          .checked=${checked}
          @input=${this.onInput}
          ${attrs(this.aria({ ...invalid, ...this.stateAria(node), describedby, label: label ? undefined : this.pathName() }))}
        />
        <span>${label}</span>
      </label>
      ${renderMessages(failed, this.messagesId)}
    </div>`;
  }

  private onInput(e: Event): void {
    this.writeValue((e.target as HTMLInputElement).checked);
  }
}
