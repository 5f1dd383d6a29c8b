// The package.json fields the build produces files for (build/build.mjs checks package.json against
// them and the host test apps resolve `a2ui-elements/...` through them).
export const PACKAGE_FIELDS = {
  exports: {
    '.': { types: './dist/core.d.ts', default: './dist/core.js' },
    './elements': { types: './dist/elements.d.ts', default: './dist/elements.js' },
    './elements/scoped': { types: './dist/scoped.d.ts', default: './dist/scoped.js' },
    './inspector': { types: './dist/inspector.d.ts', default: './dist/inspector.js' },
    './sandbox': { types: './dist/sandbox.d.ts', default: './dist/sandbox.js' },
    './v09': { types: './dist/v09.d.ts', default: './dist/v09.js' },
    './transport': { types: './dist/transport.d.ts', default: './dist/transport.js' },
    './react': { types: './dist/react.d.ts', default: './dist/react.js' },
    './vue': { types: './dist/vue.d.ts', default: './dist/vue.js' },
    './script-tag': { types: './dist/a2ui-elements.d.ts', node: './dist/script-tag-node.js', default: './dist/a2ui-elements.js' },
    './proxy.html': './dist/proxy.html',
    './custom-elements.json': './dist/custom-elements.json',
    './package.json': './package.json',
  },
  types: './dist/core.d.ts',
  customElements: './dist/custom-elements.json',
  files: ['dist', '!dist/sizes.json', '!dist/**/*.map'],
};
