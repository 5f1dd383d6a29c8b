/**
 * `a2ui-elements/elements/scoped`: `createA2uiSurface()`, an `<a2ui-surface>` whose component
 * elements live in a registry of their own (scoped custom element registries), so it runs on a
 * page that also loads another A2UI renderer defining the same `a2ui-*` tags.
 */
import '../../src/eager.ts';
export * from '../../elements/scoped.ts';
