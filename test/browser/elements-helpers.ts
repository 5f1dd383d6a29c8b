/** Shared helpers of the elements tests (not a test file itself). */
import { fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { A2uiStore, type OutboundMessage } from '../../src/index.ts';
import { draftUpgrader, preloadFunctions } from '../../src/internal.ts';
import '../../elements/index.ts';
import { deepElements, deepQueryAll, textUntil, type Root } from './queries.ts';
import { A2uiElement, preloadComponents, preloadIcons, preloadMarkdown, type A2uiSurfaceElement } from '../../elements/index.ts';

export const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

/** Every element in the composed tree under `root` (shadow roots included). */
export const allElements = (root: Root): Element[] => deepElements(root);

/** Whether `el` is a rendered A2UI component (its subtree is its own rendering). */
export const isComponent = (el: Element): el is A2uiElement => el instanceof A2uiElement;

/** The rendered component elements, optionally only those of component `id`. */
export function components(root: Element, id?: string): A2uiElement[] {
  return allElements(root).filter((e): e is A2uiElement => e instanceof A2uiElement && (id === undefined || e.node?.id === id));
}

/** The first rendered element of component `id` (throws when absent). */
export function component<T extends A2uiElement = A2uiElement>(root: Element, id: string): T {
  const el = components(root, id)[0];
  if (!el) throw new Error(`component '${id}' is not rendered`);
  return el as T;
}

/**
 * The elements matching `selector` that `component` renders itself — in its shadow root or in its
 * light DOM, whichever the layout is — not those of the components nested in it.
 */
export function rendered<T extends Element = HTMLElement>(component: Element, selector: string): T[] {
  return deepQueryAll<T>(component, selector, isComponent);
}

/** The components nested directly in what `el` renders (a layout's children, in order). */
export const childComponents = (el: Element): A2uiElement[] => deepElements(el, isComponent).filter(isComponent);

/** Where `component`'s rendering lives, for a MutationObserver: the element and its shadow root if any. */
export const renderContainers = (component: Element): Node[] => [component, ...(component.shadowRoot ? [component.shadowRoot] : [])];

/** The top-level elements `component` renders (its shadow root's children, or its own children). */
export const renderedChildren = (component: Element): Element[] => deepElements(component, () => true);

/** The first element matching `selector` that component `id` renders itself (throws when absent). */
export function inner<T extends Element = HTMLElement>(root: Element, id: string, selector: string): T {
  const el = rendered<T>(component(root, id), selector)[0];
  if (!el) throw new Error(`'${selector}' not found in component '${id}'`);
  return el;
}

/** The text `component` renders itself (nested components' text left out), whitespace collapsed. */
export const ownText = (component: Element): string => textUntil(component, isComponent);

/**
 * Waits until no Lit element under `root` has an update pending (signal effects run in microtasks)
 * and no batch waits for the next frame (an element's `updateComplete` runs a held batch at once).
 */
export async function settle(root: Element): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await firstLitElement(root)?.updateComplete;
    const pending = allElements(root).filter((e): e is LitElement => e instanceof LitElement && e.isUpdatePending);
    if (root instanceof LitElement && root.isUpdatePending) pending.push(root);
    if (!pending.length) return;
    await Promise.all(pending.map((e) => e.updateComplete));
  }
  throw new Error('elements did not settle');
}

/** `root` if it is a Lit element, else the first one under it. */
export function firstLitElement(root: Element): LitElement | undefined {
  return root instanceof LitElement ? root : allElements(root).find((e): e is LitElement => e instanceof LitElement);
}

/**
 * A store, its outbound messages, and a mounted `<a2ui-surface>` for `surfaceId`. `marked` and
 * the icon paths are loaded first, so markdown texts and icons render in one pass
 * (markdown-lazy.test.ts and icons.test.ts cover the other path), and so are the other pieces
 * loaded on first use: the elements defined on first use, the regex checker and the date formatter
 * (lazy-*.test.ts).
 */
export async function mount(surfaceId: string, options: ConstructorParameters<typeof A2uiStore>[0] = {}, { preload = true } = {}) {
  // What loads on first use is here before the surface renders (lazy-*.test.ts pass `preload: false`).
  if (preload) await Promise.all([preloadMarkdown(), preloadIcons(), preloadComponents(), preloadFunctions(), draftUpgrader.load()]);
  const store = new A2uiStore({ locale: 'en-US', ...options });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id=${surfaceId}></a2ui-surface>`);
  const errors = () => out.filter((m) => 'error' in m);
  const actions = () => out.flatMap((m) => ('action' in m ? [m.action] : []));
  const process = async (messages: unknown) => {
    store.process(messages);
    await settle(el);
  };
  return { store, out, el, errors, actions, process };
}

/** createSurface + updateComponents (+ optional data) for one surface. */
export function surfaceMessages(surfaceId: string, components: unknown[], dataModel?: Record<string, unknown>): unknown[] {
  return [
    { version: '1.0', createSurface: { surfaceId, catalogId: BASIC, ...(dataModel ? { dataModel } : {}) } },
    { version: '1.0', updateComponents: { surfaceId, components } },
  ];
}

/** A short description of a node for assertion messages (chai would serialize the whole DOM). */
export function describeNode(n: unknown): string {
  if (!(n instanceof Element)) return String(n);
  const host = (n.getRootNode() as ShadowRoot).host;
  return `<${n.localName}${n.id ? '#' + n.id : ''}${n.getAttribute('part') ? ` part="${n.getAttribute('part')}"` : ''}>${host ? ` in <${host.localName}>` : ''}`;
}

/** Asserts identity of two nodes (or null), with readable output. */
export function expectSame(actual: unknown, expected: unknown, message = ''): void {
  if (actual !== expected) throw new Error(`${message ? message + ': ' : ''}expected ${describeNode(expected)} but got ${describeNode(actual)}`);
}

/** Asserts two nodes differ. */
export function expectNotSame(actual: unknown, other: unknown, message = ''): void {
  if (actual === other) throw new Error(`${message ? message + ': ' : ''}did not expect ${describeNode(other)}`);
}

/** The 43 basic-catalog examples, named alike in v1.0 and v0.9.1 (fetch cannot list a directory). */
export const EXAMPLES = [
  '00_complex-layout', '00_formatted-text', '00_incremental', '00_interactive-button', '00_row-layout',
  '00_simple-login-form', '00_simple-text', '01_flight-status', '02_email-compose', '03_calendar-day',
  '04_weather-current', '05_product-card', '06_music-player', '07_task-card', '08_user-profile',
  '09_login-form', '10_notification-permission', '11_purchase-complete', '12_chat-message',
  '13_coffee-order', '14_sports-player', '15_account-balance', '16_workout-summary', '17_event-detail',
  '18_track-list', '19_software-purchase', '20_restaurant-card', '21_shipping-status', '22_credit-card',
  '23_step-counter', '24_recipe-card', '25_contact-card', '26_podcast-episode', '27_stats-card',
  '28_countdown-timer', '29_movie-card', '30_live-invitation-builder', '31_incremental-dashboard',
  '32_advanced-form-validator', '33_financial-data-grid', '34_child-list-template', '35_markdown-text',
  '36_modal',
];

/** Counts element updates per component id (`A2uiElement.updateCounts`) while `run` executes. */
export async function countUpdates(run: () => Promise<unknown>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  A2uiElement.updateCounts = counts;
  try {
    await run();
  } finally {
    A2uiElement.updateCounts = undefined;
  }
  return counts;
}
