/**
 * `attrs({...})`: an element-position directive that sets the given attributes and removes the
 * ones it set before but that are now `undefined`. Used for ARIA that is present only sometimes
 * (`aria-label` from `@accessibility`, `aria-describedby` from failing checks…), where a plain
 * binding would leave an empty attribute behind.
 *
 * @module
 */
import { nothing } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/** Attribute name → value; `undefined` (or `false`) removes it, `true` sets it empty. */
export type AttributeMap = Readonly<Record<string, string | boolean | undefined>>;

class AttrsDirective extends Directive {
  private owned = new Set<string>();

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('attrs() must be used on an element');
  }

  render(_attributes: AttributeMap): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [attributes]: [AttributeMap]): typeof nothing {
    this.owned = setAttributes(part.element, attributes, this.owned);
    return nothing;
  }
}

/**
 * Sets `attributes` on `el` (writing only what differs) and removes those in `owned` (the names
 * set last time) that are now absent; returns the names set now. For elements built without a
 * template (Text).
 */
export function setAttributes(el: Element, attributes: AttributeMap, owned: ReadonlySet<string>): Set<string> {
  const next = new Set<string>();
  for (const name in attributes) {
    const raw = attributes[name];
    if (raw === undefined || raw === false) continue;
    const value = raw === true ? '' : raw;
    next.add(name);
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }
  for (const name of owned) if (!next.has(name)) el.removeAttribute(name);
  return next;
}

export const attrs = directive(AttrsDirective);
