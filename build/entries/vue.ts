/**
 * `a2ui-elements/vue`: template typings for Vue 3 (`GlobalComponents`, checked by vue-tsc; types
 * only, the module itself is empty). Vue must also leave the tags to the browser:
 * `vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('a2ui-') } } })`.
 *
 * ```ts
 * import type {} from 'a2ui-elements/vue'; // once, e.g. in src/main.ts
 * ```
 */
import type { DefineComponent } from 'vue';
import type { A2uiStore } from '../../src/index.ts';
import type { A2uiActionEventDetail, A2uiMessageEventDetail } from '../../elements/index.ts';
import type { InspectorView } from '../../elements/inspector.ts';

/** `<a2ui-surface :store="store" surface-id="main" @a2ui-action="…">`. */
export interface A2uiSurfaceVueProps {
  /** The store (pass it unwrapped: `shallowRef` or `markRaw`, never a deep reactive proxy). */
  store?: A2uiStore;
  surfaceId?: string;
  theme?: 'light' | 'dark';
  onA2uiAction?: (event: CustomEvent<A2uiActionEventDetail>) => void;
  onA2uiMessage?: (event: CustomEvent<A2uiMessageEventDetail>) => void;
}

/** `<a2ui-inspector :store="store">`. */
export interface A2uiInspectorVueProps {
  store?: A2uiStore;
  view?: InspectorView;
  maxEntries?: number;
  theme?: 'light' | 'dark';
}

declare module 'vue' {
  interface GlobalComponents {
    'a2ui-surface': DefineComponent<A2uiSurfaceVueProps>;
    'a2ui-inspector': DefineComponent<A2uiInspectorVueProps>;
  }
}
