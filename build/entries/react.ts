/**
 * `a2ui-elements/react`: JSX typings for React 19 (types only; the module itself is empty).
 * React 19 sets a prop the element has as a property (`store`) and turns `on<event-name>` into a
 * listener, so `<a2ui-surface store={store} surface-id="main" ona2ui-action={…}>` needs no wrapper.
 *
 * ```ts
 * import type {} from 'a2ui-elements/react'; // once, e.g. in src/main.tsx
 * ```
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { A2uiStore } from '../../src/index.ts';
import type { A2uiActionEventDetail, A2uiMessageEventDetail, A2uiSurfaceElement } from '../../elements/index.ts';
import type { A2uiInspector, InspectorView } from '../../elements/inspector.ts';

type Base<E> = DetailedHTMLProps<HTMLAttributes<E>, E>;

/** `<a2ui-surface>` in JSX. */
export interface A2uiSurfaceJsxProps extends Base<A2uiSurfaceElement> {
  /** The store whose surface this element shows (set as a property). */
  store?: A2uiStore;
  'surface-id'?: string;
  theme?: 'light' | 'dark';
  /** A Button (or an McpApp) sent an action; `detail.message` is the message for the agent. */
  'ona2ui-action'?: (event: CustomEvent<A2uiActionEventDetail>) => void;
  /** Any outbound message of this surface (actions, errors, agent function calls). */
  'ona2ui-message'?: (event: CustomEvent<A2uiMessageEventDetail>) => void;
}

/** `<a2ui-inspector>` in JSX. */
export interface A2uiInspectorJsxProps extends Base<A2uiInspector> {
  store?: A2uiStore;
  view?: InspectorView;
  'max-entries'?: number;
  theme?: 'light' | 'dark';
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'a2ui-surface': A2uiSurfaceJsxProps;
      'a2ui-inspector': A2uiInspectorJsxProps;
    }
  }
}
