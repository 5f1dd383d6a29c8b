/** `a2ui-elements` (core): the framework-free store and the transport helpers. No DOM, no Lit. */
// Every piece of the core up front: process() applies each message before it returns.
import '../../src/eager.ts';
export * from '../../src/index.ts';
export * from '../../src/transport/index.ts';
// Record and replay (src/session): here and in the inspector's files, not in the script-tag file.
export * from '../../src/session/index.ts';
