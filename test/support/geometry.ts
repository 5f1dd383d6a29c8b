/**
 * The geometry a person sees, checked: for every `<a2ui-surface>` in a document (shadow roots
 * included),
 *
 * - no component's box — its element and everything it renders (controls, text, images) — extends
 *   past the content box of its parent component (or of the surface, for the root);
 * - no two children of a Row or Column overlap;
 * - nothing is wider than the viewport.
 *
 * Scroll containers are excepted (their content may extend past them: it scrolls), and so is what
 * leaves the flow on purpose (`position: absolute | fixed`, an open `<dialog>` in the top layer).
 * Boxes are compared with a tolerance of 0.5 px (subpixel layout).
 *
 * The module imports nothing, so the same code runs in the browser tests (imported) and in the
 * demo check (scripts/demo-check.mjs bundles it with esbuild and evaluates it in each demo page);
 * components are found by their `node` (a ComponentNode), not by class, for the same reason.
 *
 * @module
 */

/** Half a pixel: what subpixel layout may round either way. */
export const TOLERANCE = 0.5;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface ComponentLike extends Element {
  node?: { id?: string; record?: { type?: string } };
}

/** Whether `el` renders a component (has a ComponentNode with an id). */
const isComponent = (el: Element): el is ComponentLike => typeof (el as ComponentLike).node?.id === 'string';

/** `el`'s parent in the composed tree (a shadow root's host). */
function composedParent(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root instanceof ShadowRoot ? root.host : null;
}

/** Every element under `root`, shadow roots included, in tree order. */
function deepElements(root: ParentNode): Element[] {
  const out: Element[] = [];
  const walk = (n: ParentNode): void => {
    for (const el of Array.from(n.children)) {
      out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
      walk(el);
    }
  };
  walk(root);
  return out;
}

/** A scroll container: what extends past it scrolls, by design. */
function scrolls(el: Element): boolean {
  const s = getComputedStyle(el);
  return /auto|scroll|hidden|clip/.test(s.overflowX + s.overflowY) && el.localName !== 'a2ui-surface';
}

/** Out of the flow on purpose: positioned away, or in the top layer. */
function leavesFlow(el: Element): boolean {
  const position = getComputedStyle(el).position;
  return position === 'absolute' || position === 'fixed' || (el instanceof HTMLDialogElement && el.open);
}

/** Whether `el` takes no space (display: none, display: contents, or an empty box). */
function boxless(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.width === 0 && r.height === 0;
}

function rect(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

/** `el`'s content box: its border box less borders and padding. */
function contentBox(el: Element): Box {
  const r = rect(el);
  const s = getComputedStyle(el);
  const px = (v: string) => parseFloat(v) || 0;
  return {
    left: r.left + px(s.borderLeftWidth) + px(s.paddingLeft),
    top: r.top + px(s.borderTopWidth) + px(s.paddingTop),
    right: r.right - px(s.borderRightWidth) - px(s.paddingRight),
    bottom: r.bottom - px(s.borderBottomWidth) - px(s.paddingBottom),
  };
}

/**
 * What a person sees of component `el` itself: the union of its box and of every box it renders,
 * down to (not into) nested components (each checked on its own), scroll containers and what
 * leaves the flow; `undefined` when nothing of it is shown (a hidden tab panel's content).
 */
function extent(el: Element): Box | undefined {
  // A host with `display: contents` (Text) draws no box of its own: only what it renders counts.
  let box: Box | undefined = boxless(el) ? undefined : rect(el);
  const add = (r: Box): void => {
    box = box ? { left: Math.min(box.left, r.left), top: Math.min(box.top, r.top), right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom) } : r;
  };
  const visit = (n: Element): void => {
    for (const child of [...Array.from(n.shadowRoot?.children ?? []), ...Array.from(n.children)]) {
      if (isComponent(child) || leavesFlow(child) || getComputedStyle(child).display === 'none') continue;
      if (!boxless(child)) add(rect(child));
      if (!scrolls(child)) visit(child);
    }
  };
  if (!scrolls(el)) visit(el);
  return box;
}

/** `<a2ui-row#id>` (or the element's tag alone). */
function name(el: Element): string {
  const id = isComponent(el) ? el.node?.id : undefined;
  return `<${el.localName}${id ? `#${id}` : ''}>`;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** How far `inner` extends past `outer`, per side, beyond the tolerance ('' when it fits). */
function overflow(inner: Box, outer: Box): string {
  const sides: Array<[string, number]> = [
    ['left', outer.left - inner.left],
    ['top', outer.top - inner.top],
    ['right', inner.right - outer.right],
    ['bottom', inner.bottom - outer.bottom],
  ];
  return sides.filter(([, d]) => d > TOLERANCE).map(([side, d]) => `${round(d)}px ${side}`).join(', ');
}

/**
 * The nearest component (or surface) around `el` in the composed tree, and whether a scroll
 * container or something out of the flow lies between them (then `el` is excepted).
 */
function parentOf(el: Element): { parent: Element | null; excepted: boolean } {
  let excepted = leavesFlow(el);
  for (let p = composedParent(el); p; p = composedParent(p)) {
    if ((isComponent(p) && !boxless(p)) || p.localName === 'a2ui-surface') return { parent: p, excepted: excepted || scrolls(p) };
    if (scrolls(p) || leavesFlow(p)) excepted = true;
  }
  return { parent: null, excepted };
}

/**
 * Every geometry problem in `root` (a document, or an element and its shadow roots), as one line
 * each naming the components and the pixels: `[]` when every box fits.
 */
export function geometryIssues(root: ParentNode = document): string[] {
  const issues: string[] = [];
  const viewport = document.documentElement.clientWidth;
  const all = deepElements(root);
  const extents = new Map<ComponentLike, Box>();
  for (const el of all.filter(isComponent)) {
    const box = extent(el);
    if (box) extents.set(el, box);
  }
  const components = [...extents.keys()];
  for (const el of components) {
    const { parent, excepted } = parentOf(el);
    if (!parent || excepted) continue;
    const past = overflow(extents.get(el)!, contentBox(parent));
    if (past) issues.push(`${name(el)} extends past ${name(parent)}'s content box: ${past}`);
  }
  for (const el of components) {
    const type = el.node?.record?.type;
    if (type !== 'Row' && type !== 'Column') continue;
    const children = components.filter((c) => parentOf(c).parent === el && !parentOf(c).excepted);
    const boxes = children.map((c) => extents.get(c)!);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > TOLERANCE && h > TOLERANCE) issues.push(`${name(children[i]!)} and ${name(children[j]!)} overlap in ${name(el)}: ${round(w)}×${round(h)}px`);
      }
    }
  }
  for (const el of components) {
    if (parentOf(el).excepted) continue;
    const past = overflow(extents.get(el)!, { left: 0, top: -Infinity, right: viewport, bottom: Infinity });
    if (past) issues.push(`${name(el)} extends past the viewport: ${past}`);
  }
  const page = document.documentElement.scrollWidth - viewport;
  if (page > TOLERANCE) issues.push(`the page is ${round(page)}px wider than the viewport (${viewport}px)`);
  return issues;
}
