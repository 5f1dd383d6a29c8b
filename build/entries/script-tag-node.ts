/**
 * `a2ui-elements/script-tag` in Node (the `node` condition of its export): the same API as the
 * script-tag file, from the bundler build, so a server that imports it (server-side rendering
 * frameworks import component libraries) gets the store with every piece up front and elements
 * that define nothing, instead of a browser bundle that needs `HTMLElement`.
 */
import '../../src/eager.ts';
import '../../elements/eager.ts';
export * from '../../src/index.ts';
export * from '../../src/transport/index.ts';
export * from '../../elements/index.ts';
export * from '../../sandbox/on-demand.ts';
