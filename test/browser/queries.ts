/**
 * Queries of the browser tests that find things the way a user perceives them — by role and
 * accessible name, by label, by visible text, by focus — anywhere in the composed tree (the
 * document, light DOM and every open shadow root). A test written with them does not care whether
 * a component renders into its own shadow root or into light DOM inside its surface's shadow root.
 *
 * Roles and names are Chromium's own accessibility computation (`computedRole`, `computedName`,
 * exposed by `--enable-blink-features=ComputedAccessibilityInfo` in web-test-runner.config.mjs),
 * so a test asserts what assistive technology is told, not which attributes we happened to set.
 * Asking Chromium costs milliseconds per element (it builds the accessibility tree for each call),
 * so role and label queries first narrow the candidates cheaply (a role attribute or a tag with
 * that implicit role, a name source containing the name) and ask Chromium only about those.
 * Elements hidden from users have a role but no computed name; role queries skip them unless
 * `hidden: true`.
 *
 * Not a test file itself.
 *
 * @module
 */

/** A node whose element children can be searched. */
export type Root = Document | Element | ShadowRoot | DocumentFragment;

/**
 * Node kinds by `nodeType` and `localName`, not `instanceof`: a host page in an iframe has its own
 * `Element` and `ShadowRoot` classes.
 */
const isElement = (n: Node): n is Element => n.nodeType === Node.ELEMENT_NODE;
const isText = (n: Node): n is Text => n.nodeType === Node.TEXT_NODE;
const isShadowRoot = (n: Node): n is ShadowRoot => n.nodeType === Node.DOCUMENT_FRAGMENT_NODE && 'host' in n;
const isStyleOrScript = (n: Node): boolean => isElement(n) && (n.localName === 'style' || n.localName === 'script');

/** A text to match: exact (after collapsing whitespace) or a pattern. */
export type TextMatch = string | RegExp;

interface Computed {
  computedRole?: string | null;
  computedName?: string | null;
}

/** Collapses runs of white space and trims, as a reader perceives text. */
export const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

const matches = (actual: string, expected: TextMatch): boolean =>
  typeof expected === 'string' ? collapse(actual) === collapse(expected) : expected.test(actual);

/**
 * Every element under `root` in the composed tree, in document order, a shadow host's shadow tree
 * before its light children. `stopAt` elements are listed but not entered (their subtrees are
 * somebody else's rendering).
 */
export function deepElements(root: Root, stopAt?: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  const walk = (node: Root): void => {
    for (const el of Array.from(node.children)) {
      out.push(el);
      if (stopAt?.(el)) continue;
      if (el.shadowRoot) walk(el.shadowRoot);
      walk(el);
    }
  };
  if (isElement(root) && root.shadowRoot) walk(root.shadowRoot);
  walk(root);
  return out;
}

/** The elements under `root` (composed tree) that match a CSS selector. */
export function deepQueryAll<T extends Element = HTMLElement>(root: Root, selector: string, stopAt?: (el: Element) => boolean): T[] {
  return deepElements(root, stopAt).filter((e): e is T => e.matches(selector));
}

/** The children a node renders in the flat tree: a host's shadow tree, a slot's assigned nodes. */
function flatChildren(node: Node): Node[] {
  if (isElement(node) && node.shadowRoot) return Array.from(node.shadowRoot.childNodes);
  if (isElement(node) && node.localName === 'slot') {
    const assigned = (node as HTMLSlotElement).assignedNodes();
    return assigned.length ? assigned : Array.from(node.childNodes);
  }
  return Array.from(node.childNodes);
}

/**
 * The text `node` renders, through shadow roots and slots (the flat tree), whitespace collapsed.
 * Like `textContent`, it includes text that CSS hides; style and script text is left out.
 */
export const textOf = (node: Node): string => textUntil(node);

/** `textOf`, leaving out the text of `stopAt` elements below `node` (somebody else's rendering). */
export function textUntil(node: Node, stopAt?: (el: Element) => boolean): string {
  let text = '';
  const walk = (n: Node): void => {
    if (isText(n)) text += n.nodeValue;
    else if (isStyleOrScript(n)) return;
    else if (n !== node && isElement(n) && stopAt?.(n)) return;
    else for (const c of flatChildren(n)) walk(c);
  };
  walk(node);
  return collapse(text);
}

/** The text nodes `node` renders (flat tree), for identity checks across updates. */
export function textNodesOf(node: Node): Text[] {
  const out: Text[] = [];
  const walk = (n: Node): void => {
    if (isText(n)) out.push(n);
    else for (const c of flatChildren(n)) walk(c);
  };
  walk(node);
  return out;
}

/** The innermost focused element, through open shadow roots. */
export function focused(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** ARIA synonyms, written the way Chromium reports them (`role="img"` is computed as `image`). */
const SYNONYMS: Record<string, string> = { img: 'image', presentation: 'none', directory: 'list' };
const canonical = (role: string): string => SYNONYMS[role] ?? role;

/** The role Chromium exposes for `el` ('' for none), ARIA synonyms folded (`img` is `image`). */
export const roleOf = (el: Element): string => canonical((el as Element & Computed).computedRole ?? '');

/** The accessible name Chromium computes for `el`. */
export const nameOf = (el: Element): string => collapse((el as Element & Computed).computedName ?? '');

/** The text of the elements an IDREF list attribute of `el` names, resolved in `el`'s tree scope. */
function referencedText(el: Element, attribute: string): string {
  const scope = el.getRootNode() as Document | ShadowRoot;
  const ids = (el.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean);
  return collapse(ids.map((id) => { const target = scope.getElementById(id); return target ? textOf(target) : ''; }).join(' '));
}

/** The accessible description: the text of the `aria-describedby` elements. */
export const descriptionOf = (el: Element): string => referencedText(el, 'aria-describedby');

/** The parent of `node` in the flat tree (a slotted node's slot, a shadow root's host). */
function flatParent(node: Node): Node | null {
  if (isElement(node) && node.assignedSlot) return node.assignedSlot;
  const parent = node.parentNode;
  return parent && isShadowRoot(parent) ? parent.host : parent;
}

/** Whether `node` is `ancestor` or inside it in the composed tree (through shadow hosts). */
export function composedContains(ancestor: Node, node: Node | null): boolean {
  for (let n = node; n; n = n.parentNode && isShadowRoot(n.parentNode) ? n.parentNode.host : n.parentNode) if (n === ancestor) return true;
  return false;
}

/**
 * Whether `el` is hidden from every user: not rendered (`display: none`, `hidden`, a closed
 * dialog, `visibility: hidden`) or inside `aria-hidden="true"`. Chromium still reports a role for
 * such elements, so role queries leave them out unless asked.
 */
export function isInaccessible(el: Element): boolean {
  if (!el.checkVisibility({ visibilityProperty: true })) return true;
  for (let n: Node | null = el; n; n = flatParent(n)) if (isElement(n) && n.getAttribute('aria-hidden') === 'true') return true;
  return false;
}

/** What to match besides the role. */
export interface RoleOptions {
  /** The accessible name (Chromium computes none, '', for elements hidden from users). */
  name?: TextMatch;
  /** Include elements hidden from users (see `isInaccessible`); default false. */
  hidden?: boolean;
}

/**
 * The elements that have `role` without a `role` attribute, by role (a superset: Chromium decides).
 * A role outside this table is found from a `role` attribute or ElementInternals only. (Turning
 * accessibility on for the whole page instead makes every call cheap but doubles the suite's time.)
 */
const IMPLICIT: Record<string, string> = {
  button: 'button, input, summary',
  link: 'a, area',
  heading: 'h1, h2, h3, h4, h5, h6',
  textbox: 'input, textarea, [contenteditable]',
  searchbox: 'input',
  checkbox: 'input',
  radio: 'input',
  slider: 'input',
  spinbutton: 'input',
  combobox: 'select, input',
  listbox: 'select, datalist',
  option: 'option',
  dialog: 'dialog',
  image: 'img, svg, input',
  list: 'ul, ol, menu',
  listitem: 'li',
  group: 'fieldset, details, optgroup, address',
  separator: 'hr',
  paragraph: 'p',
  status: 'output',
  region: 'section',
  table: 'table',
  row: 'tr',
  cell: 'td',
  columnheader: 'th',
  rowheader: 'th',
  rowgroup: 'thead, tbody, tfoot',
  navigation: 'nav',
  main: 'main',
  banner: 'header',
  contentinfo: 'footer',
  complementary: 'aside',
  article: 'article',
  form: 'form',
  search: 'search',
  figure: 'figure',
  caption: 'caption, figcaption',
  progressbar: 'progress',
  meter: 'meter',
  blockquote: 'blockquote',
  code: 'code',
  strong: 'strong',
  emphasis: 'em',
  deletion: 'del, s',
  insertion: 'ins',
  term: 'dt, dfn',
  definition: 'dd',
  time: 'time',
  mark: 'mark',
  math: 'math',
};

/** Whether `el` may have `role` (cheap; Chromium confirms). */
function mayHaveRole(el: Element, role: string): boolean {
  const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit && canonical(explicit) === role) return true;
  const implicit = IMPLICIT[role];
  return implicit !== undefined && el.matches(implicit);
}

/** Every text an accessible name may be computed from (cheap superset; Chromium decides). */
function nameSources(el: Element): string {
  const labels = 'labels' in el ? Array.from((el as HTMLInputElement).labels ?? [], (l) => textOf(l)) : [];
  // Names from content take descendants' labels too (an icon's aria-label names its button).
  const attrs = [el, ...deepElements(el)].flatMap((e) => ['aria-label', 'title', 'alt', 'placeholder', 'value'].map((a) => e.getAttribute(a) ?? ''));
  return [...attrs, referencedText(el, 'aria-labelledby'), ...labels, textOf(el)].join(' ');
}

const mayBeNamed = (el: Element, name: TextMatch | undefined): boolean =>
  name === undefined || typeof name !== 'string' || collapse(nameSources(el)).includes(collapse(name));

/** Every element under `root` with `role` (and `name`), in document order of the composed tree. */
export function queryAllByRole<T extends Element = HTMLElement>(root: Root, role: string, options: RoleOptions = {}): T[] {
  const wanted = canonical(role);
  const test = (e: Element): e is T =>
    (options.hidden === true || !isInaccessible(e)) &&
    mayBeNamed(e, options.name) &&
    roleOf(e) === wanted &&
    (options.name === undefined || matches(nameOf(e), options.name));
  const all = deepElements(root);
  const found = all.filter((e) => mayHaveRole(e, wanted)).filter(test);
  // A custom element may take a role from ElementInternals: look there before saying "none".
  return found.length ? found : all.filter((e) => e.localName.includes('-') && !mayHaveRole(e, wanted)).filter(test);
}

const describeQuery = (what: string, options: RoleOptions) => `${what}${options.name !== undefined ? ` named ${String(options.name)}` : ''}`;

function only<T>(found: T[], what: string, root: Root): T {
  if (found.length === 1) return found[0];
  const shown = deepQueryAll<Element>(root, `[role], ${Object.values(IMPLICIT).join(', ')}`)
    .slice(0, 40)
    .filter((e) => roleOf(e) && !['generic', 'none'].includes(roleOf(e)))
    .map((e) => `${roleOf(e)} "${nameOf(e)}"`)
    .join(', ');
  throw new Error(`expected one ${what}, found ${found.length}; present: ${shown || 'nothing'}`);
}

/** The one element with `role` (and `name`) under `root`; throws when there is none or several. */
export function getByRole<T extends Element = HTMLElement>(root: Root, role: string, options: RoleOptions = {}): T {
  return only(queryAllByRole<T>(root, role, options), describeQuery(`'${role}'`, options), root);
}

/** Like `getByRole`, but null when absent (still throws when several match). */
export function queryByRole<T extends Element = HTMLElement>(root: Root, role: string, options: RoleOptions = {}): T | null {
  const found = queryAllByRole<T>(root, role, options);
  return found.length ? only(found, describeQuery(`'${role}'`, options), root) : null;
}

const CONTROLS = 'input, textarea, select, button, [role], [contenteditable]';
const CONTROL_ROLES = new Set([
  'textbox', 'searchbox', 'checkbox', 'radio', 'switch', 'slider', 'spinbutton', 'combobox', 'listbox',
  'button', 'radiogroup', 'group', 'tab', 'menuitem', 'option',
]);

/** The controls (text box, check box, slider, group, …) under `root` labelled `label`. */
export function queryAllByLabel<T extends Element = HTMLElement>(root: Root, label: TextMatch): T[] {
  return deepQueryAll<Element>(root, CONTROLS).filter(
    (e): e is T =>
      !isInaccessible(e) && mayBeNamed(e, label) && (CONTROL_ROLES.has(roleOf(e)) || e.localName === 'input') && matches(nameOf(e), label),
  );
}

/** The one control under `root` labelled `label`; throws when there is none or several. */
export function getByLabel<T extends Element = HTMLElement>(root: Root, label: TextMatch): T {
  return only(queryAllByLabel<T>(root, label), `control labelled ${String(label)}`, root);
}

/** The innermost elements under `root` whose rendered text is `text`. */
export function queryAllByText<T extends Element = HTMLElement>(root: Root, text: TextMatch): T[] {
  const all = deepElements(root).filter((e) => !isStyleOrScript(e) && matches(textOf(e), text));
  const set = new Set<Element>(all);
  // Drop an element when a descendant (flat tree) shows the same text: the user sees that one.
  return all.filter((e): e is T => !deepElements(e).some((d) => set.has(d) && d !== e));
}

/** The one innermost element showing `text`; throws when there is none or several. */
export function getByText<T extends Element = HTMLElement>(root: Root, text: TextMatch): T {
  return only(queryAllByText<T>(root, text), `text ${String(text)}`, root);
}
