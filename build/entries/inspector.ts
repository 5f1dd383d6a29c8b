/** `a2ui-elements/inspector`: defines `<a2ui-inspector>` (a developer panel). */
export * from '../../elements/inspector.ts';
