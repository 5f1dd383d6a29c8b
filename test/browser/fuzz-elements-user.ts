/**
 * What the browser fuzz pass (issue 11) does as a user: typing into TextFields through their
 * `<input>`, and clicking, toggling, sliding and picking on fuzzed surfaces. Not a test file itself.
 */
import type { OutboundMessage } from '../../src/index.ts';
import { A2uiElement } from '../../elements/index.ts';
import { canonical } from '../fuzz/json.ts';
import { allElements, rendered } from './elements-helpers.ts';

/** A rendered TextField bound with `{"@path"}`: its element, `id@scope`, pointer and control. */
export interface FieldControl {
  el: A2uiElement;
  key: string;
  pointer: string;
  input: HTMLInputElement | HTMLTextAreaElement;
}

/** The bound TextFields rendered under `root`. */
export function textFields(root: Element): FieldControl[] {
  const out: FieldControl[] = [];
  for (const el of allElements(root)) {
    if (!(el instanceof A2uiElement) || el.node?.record?.type !== 'TextField') continue;
    const pointer = el.node.boundPath('value');
    const input = rendered<HTMLInputElement | HTMLTextAreaElement>(el, '[part="input"]')[0];
    if (pointer !== undefined && input) out.push({ el, key: `${el.node.id}@${el.node.context.scope.base}`, pointer, input });
  }
  return out;
}

/** Types `text` the fast way: set the control's value and fire `input`, as the browser would. */
export function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/**
 * Acts on the fuzzed surfaces like a user: clicks buttons, tabs and modal triggers (no data
 * writes), then, when `writes`, types into TextFields (checking the value is stored and shown),
 * toggles checkboxes and choices, moves sliders and picks dates. Resolves with the number of acts.
 */
export async function poke(
  surfaces: readonly Element[],
  out: readonly OutboundMessage[],
  writes: boolean,
  settle: (when: string) => Promise<void>,
  v: (invariant: string, detail: string) => void,
  budget = 30,
): Promise<number> {
  let done = 0;
  const inner = (tag: string, selector: string) =>
    surfaces.flatMap((s) => allElements(s).filter((e) => e.localName === tag)).flatMap((e) => rendered(e, selector));
  for (const b of [...inner('a2ui-button', 'button'), ...inner('a2ui-tabs', '[role="tab"]'), ...inner('a2ui-modal', '[part="trigger"] > button.trigger-button')].slice(0, budget)) {
    if (!b.isConnected) continue;
    b.click();
    done++;
    await settle('after a click');
  }
  for (const close of inner('a2ui-modal', 'dialog[open] button[part="close"]')) close.click();
  if (!writes) return done;
  for (const f of surfaces.flatMap((s) => textFields(s)).slice(0, 10)) {
    if (!f.input.isConnected) continue;
    const text = f.input.type === 'number' ? '7' : 'fz typed';
    const n0 = out.length;
    typeInto(f.input, text);
    done++;
    await settle('after typing into a fuzzed TextField');
    if (out.slice(n0).some((m) => 'error' in m)) continue; // the write was refused (and reported)
    const surface = f.el.node!.surface;
    const stored = surface.isDeleted ? undefined : surface.dataModel.get(f.pointer);
    const expected = f.input.type === 'number' ? 7 : text;
    if (stored !== expected) v('typing into a fuzzed TextField stores the value', `${surface.id}/${f.key} ${f.pointer}: typed ${JSON.stringify(text)}, stored ${canonical(stored).slice(0, 80)}`);
    if (f.input.isConnected && f.input.value !== text) v('typing into a fuzzed TextField shows the value', `${surface.id}/${f.key}: typed ${JSON.stringify(text)}, shows ${JSON.stringify(f.input.value)}`);
  }
  for (const t of [...inner('a2ui-checkbox', 'input'), ...inner('a2ui-choice-picker', 'input[type="checkbox"], input[type="radio"]')].slice(0, 10)) {
    if (!t.isConnected) continue;
    t.click();
    done++;
    await settle('after toggling an input');
  }
  for (const r of [...inner('a2ui-slider', 'input[type="range"]'), ...inner('a2ui-date-time-input', 'input')].slice(0, 6) as HTMLInputElement[]) {
    if (!r.isConnected) continue;
    typeInto(r, r.type === 'range' ? String(r.max || 1) : r.type === 'date' ? '2024-02-29' : r.type === 'time' ? '12:34' : '2024-02-29T12:34');
    done++;
    await settle('after moving a slider or picking a date');
  }
  return done;
}
