/** `a2ui-elements/elements`: defines `<a2ui-surface>` and one element per basic component. */
export * from '../../elements/index.ts';
