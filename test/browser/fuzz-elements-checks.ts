/**
 * What the browser fuzz pass (issue 11) observes of mounted elements: settling without failing,
 * a text form of the rendered shadow DOM, error fallbacks, markup an agent must never get into the
 * page, and whether the element tree shows exactly the components the store resolves. Not a test
 * file itself.
 */
import { LitElement } from 'lit';
import { ComponentNode, type A2uiStore, type DataContext } from '../../src/index.ts';
import { A2uiElement } from '../../elements/index.ts';
import { canonical } from '../fuzz/json.ts';
import { allElements, firstLitElement, renderedChildren } from './elements-helpers.ts';

/** A short text of anything thrown or logged. */
export function describeValue(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 300);
  if (typeof e === 'string') return e.slice(0, 300);
  try {
    return canonical(e, 6).slice(0, 300);
  } catch {
    return String(e).slice(0, 300);
  }
}

/** `<tag> surface/id@scope` of an element, for reports. */
export function label(el: Element): string {
  const node = el instanceof A2uiElement ? el.node : undefined;
  return node ? `<${el.localName}> ${node.surface.id}/${node.id}@${node.context.scope.base}` : `<${el.localName}>`;
}

/**
 * Waits until no Lit element under `root` has an update pending. Unlike elements-helpers' settle it
 * never throws: a failed update or a tree that keeps updating is returned as a problem.
 */
export async function settleAll(root: Element, rounds = 400): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < rounds; i++) {
    await new Promise((r) => setTimeout(r, 0));
    // A batch held for the next frame runs when an element's updateComplete is awaited.
    const first = firstLitElement(root);
    await first?.updateComplete.catch((e) => problems.push(`update of ${label(first)} failed: ${describeValue(e)}`));
    const pending = allElements(root).filter((e): e is LitElement => e instanceof LitElement && e.isUpdatePending);
    if (!pending.length) return problems;
    const results = await Promise.allSettled(pending.map((e) => e.updateComplete));
    results.forEach((r, k) => {
      if (r.status === 'rejected') problems.push(`update of ${label(pending[k])} failed: ${describeValue(r.reason)}`);
    });
  }
  problems.push(`elements still updating after ${rounds} rounds`);
  return problems;
}

/**
 * The rendered DOM under `el` as text: tags, attributes, the live value of form controls and
 * non-blank text, shadow roots included (Lit's marker comments are left out).
 */
export function domText(el: Element): string {
  const out: string[] = [];
  const walk = (n: Node, depth: number): void => {
    const pad = ' '.repeat(Math.min(depth, 80));
    if (n.nodeType === Node.TEXT_NODE) {
      const t = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (t) out.push(`${pad}"${t}"`);
      return;
    }
    if (!(n instanceof Element)) return;
    const attrs = Array.from(n.attributes).map((a) => `${a.name}=${JSON.stringify(a.value)}`);
    if (n instanceof HTMLInputElement || n instanceof HTMLTextAreaElement || n instanceof HTMLSelectElement) attrs.push(`.value=${JSON.stringify(n.value)}`);
    if (n instanceof HTMLInputElement && (n.type === 'checkbox' || n.type === 'radio')) attrs.push(`.checked=${n.checked}`);
    if (n instanceof HTMLDialogElement) attrs.push(`.open=${n.open}`);
    out.push(`${pad}<${n.localName}${attrs.length ? ' ' + attrs.join(' ') : ''}>`);
    if (n.shadowRoot) {
      out.push(`${pad} #shadow`);
      for (const c of Array.from(n.shadowRoot.childNodes)) walk(c, depth + 2);
    }
    for (const c of Array.from(n.childNodes)) walk(c, depth + 1);
  };
  walk(el, 0);
  return out.join('\n');
}

/** Every element showing an error fallback (`part="error"` at the top of what it renders). */
export function fallbacks(root: Element): A2uiElement[] {
  return allElements(root).filter((e): e is A2uiElement => e instanceof A2uiElement && renderedChildren(e).some((c) => c.getAttribute('part') === 'error'));
}

/** The component element `el` was rendered by (light DOM or a shadow root), else the shadow host it is in. */
function owner(el: Element): Element | undefined {
  for (let n: Node | null = el.parentNode; n; n = n instanceof ShadowRoot ? n.host : n.parentNode) {
    if (n instanceof A2uiElement) return n;
    if (n instanceof ShadowRoot) return n.host;
  }
  return undefined;
}

/** Elements no component (nor sanitized markdown) should ever put into the page. */
const FORBIDDEN_TAGS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'form', 'style', 'foreignobject', 'portal']);
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'action', 'formaction', 'xlink:href', 'srcset', 'background', 'data', 'ping', 'cite'];
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp|avif)[;,]/i;

/** Script-capable markup in the rendered tree: forbidden tags, `on*` handlers, non-http(s) URLs. */
export function unsafeMarkup(root: Element): string[] {
  const out: string[] = [];
  for (const el of allElements(root)) {
    const where = () => {
      const host = owner(el);
      return `<${el.localName}> in ${host ? label(host) : 'the page'}`;
    };
    if (FORBIDDEN_TAGS.has(el.localName)) out.push(`${where()}: forbidden element`);
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on')) out.push(`${where()}: event handler attribute ${name}=${JSON.stringify(a.value.slice(0, 80))}`);
      if (name === 'srcdoc') out.push(`${where()}: srcdoc`);
      if (!URL_ATTRIBUTES.includes(name)) continue;
      let url: URL | undefined;
      try {
        url = new URL(a.value, document.baseURI);
      } catch {
        url = undefined;
      }
      const ok = url && (url.protocol === 'http:' || url.protocol === 'https:' || (name === 'src' && el.localName === 'img' && RASTER_DATA.test(a.value.trim())));
      if (!ok) out.push(`${where()}: ${name}=${JSON.stringify(a.value.slice(0, 80))}`);
    }
  }
  return out;
}

/**
 * The components a surface's element tree must show, as `id@scope`: everything reachable from
 * `root` through child slots and templates whose definition exists. Undefined past `budget`.
 */
export function expectedTree(store: A2uiStore, surfaceId: string, budget = 3000): Set<string> | undefined {
  const out = new Set<string>();
  const surface = store.surface(surfaceId);
  const rootContext = store.context(surfaceId);
  if (!surface || surface.isDeleted || !rootContext) return out;
  const stack: Array<{ id: string; context: DataContext }> = [{ id: 'root', context: rootContext }];
  while (stack.length) {
    if (out.size > budget) return undefined;
    const { id, context } = stack.pop()!;
    const key = `${id}@${context.scope.base}`;
    if (out.has(key)) continue;
    const node = new ComponentNode(store, surface, id, context);
    const record = node.record;
    if (!record) continue;
    out.add(key);
    const listed = new Set<string>();
    for (const slot of record.componentType.slots) {
      if (slot.path.length !== 1) continue;
      for (const c of node.childList(slot.path[0])) {
        listed.add(c.id);
        stack.push({ id: c.id, context: c.context });
      }
    }
    // Ids held in nested slots (Tabs' tabs[*].child) render in the parent's scope.
    for (const c of record.children) if (typeof c === 'string' && !listed.has(c)) stack.push({ id: c, context });
  }
  return out;
}

/** The components an element tree shows, as `id@scope`. */
export function shownTree(surfaceElement: Element): Set<string> {
  const out = new Set<string>();
  for (const el of allElements(surfaceElement)) if (el instanceof A2uiElement && el.node?.record) out.add(`${el.node.id}@${el.node.context.scope.base}`);
  return out;
}

/** Differences between what the store resolves and what the elements show (empty when alike). */
export function treeDifference(expected: ReadonlySet<string>, shown: ReadonlySet<string>): string | undefined {
  const missing = [...expected].filter((k) => !shown.has(k));
  const extra = [...shown].filter((k) => !expected.has(k));
  if (!missing.length && !extra.length) return undefined;
  const list = (xs: string[]) => xs.slice(0, 5).map((x) => JSON.stringify(x.slice(0, 60))).join(', ') + (xs.length > 5 ? ` … (${xs.length})` : '');
  return [missing.length ? `not shown: ${list(missing)}` : '', extra.length ? `shown but not resolved: ${list(extra)}` : ''].filter(Boolean).join('; ');
}
