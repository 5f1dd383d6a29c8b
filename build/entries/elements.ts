/**
 * `a2ui-elements/elements`: defines `<a2ui-surface>` and one element per basic component, every one
 * up front (with every piece of the core: `store.process()` applies each message before it returns).
 * In Node (a server rendering the page) it imports and defines nothing.
 */
import '../../src/eager.ts';
import '../../elements/eager.ts';
export * from '../../elements/index.ts';
