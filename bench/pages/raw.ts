/**
 * Bench page: raw DOM, the lowest floor. Plain elements (divs, paragraphs, an input), no custom
 * elements, no shadow roots and no styles beyond the defaults; the workloads are floor.ts's.
 *
 * @module
 */
import { registerFloor, type DomKit } from './floor.ts';

function flex(direction: 'column' | 'row'): HTMLDivElement {
  const el = document.createElement('div');
  el.style.cssText = `display:flex;flex-direction:${direction}`;
  return el;
}

function para(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.append(text); // always one Text node, even when empty, so setText writes its data
  return p;
}

const setText = (p: HTMLElement, text: string) => ((p.firstChild as Text).data = text);

const raw: DomKit = {
  surface: (container) => container,
  column: () => flex('column'),
  row: () => flex('row'),
  list: () => flex('column'),
  text: para,
  setText,
  textField(label, value, onInput) {
    const input = document.createElement('input');
    input.value = value;
    input.addEventListener('input', () => onInput(input.value));
    if (!label) return input;
    const el = document.createElement('label');
    el.append(label, input);
    return el;
  },
  item(name) {
    const el = document.createElement('div');
    el.append(para(name));
    return el;
  },
  setItem: (el, name) => setText(el.firstChild as HTMLElement, name),
};

registerFloor('raw', raw);
