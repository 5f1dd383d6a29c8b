/**
 * The one style sheet of every surface: a constructed `CSSStyleSheet` that each `<a2ui-surface>`
 * adopts (the same object for all of them). Component elements render into light DOM inside the
 * surface's shadow root, so their styles live here, each scoped to its element:
 *
 * ```css
 * @scope (a2ui-button) to (:scope :is(a2ui-text, a2ui-button, …) > *) { :scope {…} button {…} }
 * ```
 *
 * The lower bound stops at the *content* of any nested component element, so a Button's `button`
 * rule never styles the buttons of a Tabs inside it, while a container's rules may still lay out
 * its child elements themselves (`.stretch > *`). `:host` in a component's styles becomes `:scope`.
 * A component class's `static styles` are added the first time one of its elements connects (a
 * host's custom components too); tokens (theme.ts) and the base rules are declared once.
 *
 * Cost: Chromium files a rule under its last compound's id, class, attribute or tag, and tests
 * every element against the rules it cannot file (`*`, `:where(…)`, `:scope`, pseudo-classes
 * alone), each with a scope check inside `@scope`. The most common components' rules therefore
 * skip `@scope` ({@link addSheetRules}: `a2ui-text > .body`), and the base rule names each tag
 * in its own `:where()`.
 *
 * @module
 */
import type { CSSResult, CSSResultGroup } from 'lit';

/** Component tag → its scoped rules ('' while only known as a nested-component boundary). */
const scoped = new Map<string, string>();
/** Component classes whose styles are in the sheet. */
const added = new WeakSet<object>();
/** Style results declared once for all (the tokens, the base rules): left out of components' scopes. */
const shared = new Set<CSSResult>();
let prelude = '';
/** Rules written with their own tag prefix, declared once after the prelude (see addSheetRules). */
const unscoped: CSSResult[] = [];
let sheet: CSSStyleSheet | undefined;
let dirty = true;

/**
 * Declares the rules written once at the top of the sheet (surface, tokens, base) and the results
 * that components repeat in their `static styles` but that the sheet already holds.
 */
export function setPrelude(css: string, sharedResults: readonly CSSResult[]): void {
  prelude = css;
  for (const r of sharedResults) shared.add(r);
  dirty = true;
}

/**
 * Declares rules that are not wrapped in `@scope`: each selector names its component tag itself
 * (`a2ui-text > .body`), so Chromium files it under that selector's rightmost tag or class and
 * tests it only against those elements, and no scope root or lower bound is looked up per element.
 * For the most common components; a component listing `result` in its `static styles` gets it from
 * here, not in its scope.
 */
export function addSheetRules(result: CSSResult): void {
  if (shared.has(result)) return;
  shared.add(result);
  unscoped.push(result);
  invalidate();
}

/** Makes `tag` a boundary of every component's scope (called when a tag is registered). */
export function knowComponentTag(tag: string): void {
  if (scoped.has(tag)) return;
  scoped.set(tag, '');
  invalidate();
}

/** Adds the `static styles` of `cls` (the class of `tag`) to the sheet, once per class. */
export function addComponentStyles(tag: string, cls: { readonly elementStyles?: unknown }): void {
  if (added.has(cls)) return;
  added.add(cls);
  const text = cssText(cls.elementStyles as CSSResultGroup | undefined);
  if (!text && scoped.has(tag)) return;
  scoped.set(tag, text);
  invalidate();
}

/** The shared sheet, up to date. */
export function surfaceSheet(): CSSStyleSheet {
  sheet ??= new CSSStyleSheet();
  if (dirty) {
    dirty = false;
    sheet.replaceSync(build());
  }
  return sheet;
}

function invalidate(): void {
  if (dirty) return;
  dirty = true;
  // Surfaces already showing adopt the same object: rebuild it before the next frame.
  if (sheet) queueMicrotask(surfaceSheet);
}

function build(): string {
  const tags = [...scoped.keys()].join(', ');
  const inner = `:scope :is(${tags}) > *`;
  // `:where(a2ui-text), :where(a2ui-row), …` rather than one `:where(<all tags>)`: one selector per
  // tag, each filed under its tag, so a recalc tests an element only against its own tag's.
  let out = prelude.replaceAll(':where(__COMPONENTS__)', [...scoped.keys()].map((t) => `:where(${t})`).join(', ')).replaceAll('__COMPONENTS__', tags);
  for (const r of unscoped) out += `\n${r.cssText}`;
  for (const [tag, text] of scoped) if (text) out += `\n@scope (${tag}) to (${inner}) {\n${text}\n}`;
  return out;
}

/** The CSS text of a styles group, minus the shared results, `:host` written as `:scope`. */
function cssText(styles: CSSResultGroup | undefined): string {
  const parts: string[] = [];
  const visit = (s: CSSResultGroup | undefined): void => {
    if (!s) return;
    if (Array.isArray(s)) for (const x of s) visit(x as CSSResultGroup);
    else if (s instanceof CSSStyleSheet) parts.push(Array.from(s.cssRules, (r) => r.cssText).join('\n'));
    else if (!shared.has(s as CSSResult)) parts.push((s as CSSResult).cssText);
  };
  visit(styles);
  return parts.join('\n').replace(/:host\(/g, ':scope:is(').replace(/:host\b/g, ':scope');
}
