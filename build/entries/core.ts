/** `a2ui-elements` (core): the framework-free store and the transport helpers. No DOM, no Lit. */
export * from '../../src/index.ts';
export * from '../../src/transport/index.ts';
