/** `a2ui-elements/v09`: accept A2UI v0.9 / v0.9.1 streams (`enableV09(store)`). */
export * from '../../src/v09/index.ts';
