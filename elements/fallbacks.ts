/**
 * Fallbacks a host controls, and the surface diagnostics developers read.
 *
 * **States.** What `<a2ui-surface>` shows when there is nothing (yet) to show:
 * - `loading`: the surface does not exist yet, or its `root` has not arrived;
 * - `empty`: `surface-id` names no surface while the store holds others (a mismatched id);
 * - `unknown`: a component type without a registered element;
 * - `failed`: a component that threw while rendering;
 * - `placeholder`: a component the store refused under `partialUpdates` (until a valid one arrives).
 *
 * **Hooks.** The surface-level states render the `loading` / `empty` slots of `<a2ui-surface>`
 * (`<p slot="empty">Nothing to show</p>`). Every state can be rendered by the surface's
 * `renderFallback(info)` function instead: it returns a Lit template, a string or a new Node, or
 * `undefined` for the default. Defaults are accessible and show no developer text: `loading` is a
 * `role="status"` "Loading…", `empty` is nothing, and a component that cannot be shown is a short
 * "Content unavailable" notice (`part="error"`), its id and type only in `data-*` attributes.
 *
 * **Diagnostics.** Each surface element has a `status` ({@link SurfaceStatus}) and fires a bubbling,
 * composed `a2ui-status` event when it changes; the inspector lists elements whose `surface-id`
 * matches nothing and surfaces whose root never arrived. End users see none of it.
 *
 * @module
 */
import { html, type TemplateResult } from 'lit';
import type { A2uiStore, ComponentNode, ComponentRejection, NodeStore } from '../src/index.ts';

/** A state a fallback renders. */
export type FallbackState = 'loading' | 'empty' | 'unknown' | 'failed' | 'placeholder';

/** What a fallback is about (for the host's `renderFallback`; the ids are for developers). */
export interface FallbackInfo {
  readonly state: FallbackState;
  readonly surfaceId?: string;
  readonly componentId?: string;
  /** The component type (`unknown`, `failed`). */
  readonly type?: string;
  /** Why: the render error (`failed`) or the store's refusal (`placeholder`). */
  readonly error?: { readonly code?: string; readonly message: string; readonly path?: string };
}

/** A host's fallback renderer: a template, a string or a new Node, or `undefined` for the default. */
export type FallbackRenderer = (info: FallbackInfo) => unknown;

/**
 * What a surface element is showing: `no-store` / `no-surface-id` (not configured), `waiting` (no
 * surface of that id yet, and none other), `unmatched` (no such surface, but the store holds
 * others), `no-root` (the surface exists, its `root` has not arrived), `ready`, `deleted`; `all`
 * when it shows every surface (`surface-id` absent or `*`).
 */
export type SurfaceStatus = 'no-store' | 'waiting' | 'unmatched' | 'no-root' | 'ready' | 'deleted' | 'all';

/** `detail` of the `a2ui-status` event. */
export interface A2uiStatusEventDetail {
  readonly status: SurfaceStatus;
  readonly surfaceId: string | undefined;
}

/** What the fallbacks and the inspector need of a connected `<a2ui-surface>`. */
export interface FallbackHost extends Element {
  readonly store?: A2uiStore;
  readonly status: SurfaceStatus;
  readonly surfaceId?: string;
  renderFallback?: FallbackRenderer;
  /** True when it renders surface `id` of `store` itself. */
  renders(store: NodeStore, id: string): boolean;
}

/**
 * The connected surface elements. Kept on a global symbol, so the inspector's own bundle (the
 * script-tag `a2ui-inspector.js`) sees the elements of the main one.
 */
const hosts: Set<FallbackHost> = ((globalThis as Record<symbol, unknown>)[Symbol.for('a2ui-elements.surfaces')] ??= new Set<FallbackHost>()) as Set<FallbackHost>;

/** @internal A surface element joins (connected) or leaves (disconnected) the registry. */
export function registerHost(host: FallbackHost, on: boolean): void {
  if (on) hosts.add(host);
  else hosts.delete(host);
}

/** The connected surface elements (of `store`, when given), in connection order. */
export function surfaceElements(store?: A2uiStore): FallbackHost[] {
  return [...hosts].filter((h) => store === undefined || h.store === store);
}

/** The host's rendering of `info`, or `undefined` for the default (a throwing renderer counts as none). */
export function hostFallback(host: FallbackHost | undefined, info: FallbackInfo): unknown {
  const render = host?.renderFallback;
  if (typeof render !== 'function') return undefined;
  try {
    return render(info);
  } catch {
    return undefined;
  }
}

/** The surface element rendering `node`'s surface. */
function hostOf(node: ComponentNode): FallbackHost | undefined {
  for (const h of hosts) if (h.renders(node.store, node.surface.id)) return h;
  return undefined;
}

/** The default "cannot be shown" notice: plain words for users, the ids in data attributes for developers. */
function unavailable(info: FallbackInfo): TemplateResult {
  return html`<span part="error" class="a2ui-error" data-state=${info.state} data-component-id=${info.componentId ?? ''} data-type=${info.type ?? ''}
    >Content unavailable</span
  >`;
}

/** A component-level fallback: the host's, else the default notice. */
export function componentFallback(node: ComponentNode, state: 'unknown' | 'failed' | 'placeholder', error?: FallbackInfo['error']): unknown {
  const info: FallbackInfo = { state, surfaceId: node.surface.id, componentId: node.id, type: node.record?.type, error };
  return hostFallback(hostOf(node), info) ?? unavailable(info);
}

/** The placeholder of a refused component. */
export function placeholderFallback(node: ComponentNode, rejection: ComponentRejection): unknown {
  return componentFallback(node, 'placeholder', rejection);
}
