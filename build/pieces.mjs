// The one table of pieces: every module our code imports on first use (`import()`), and where the
// script-tag build puts it. vite.config.mjs reads it; test/node/pieces.test.ts checks that every
// dynamic import in src/, elements/ and sandbox/ is here and that build/entries/first-load.ts
// provides exactly the `FIRST_LOAD` ones.
//
//   FIRST_LOAD   in a2ui-elements.js itself, provided up front: what a typical surface needs (a
//                surface that arrives whole is applied at once and paints in one frame).
//   ON_FIRST_USE a file of its own, `a2ui-<name>-<hash>.js`, fetched the moment a message names
//                it (a component type, a function) or a page calls it; the name changes with the
//                content, so a host can cache it for good. It imports `./a2ui-elements.js` for
//                what it shares with it.
//   OWN_BUILD    packages (and the Icon path table) built on their own into
//                `a2ui-<name>-<hash>.js`, fetched on first use: a chunk of the script-tag build
//                would split the bundler's helpers it shares with it into a third file.
//
// The package's Node and bundler entries have no such split: they import every piece of the core
// (src/eager.ts) and define every component (elements/eager.ts); a bundler splits what stays
// dynamic there (marked, the Icon paths, the MCP Apps code) as it likes.

/** Modules in the script-tag file's first load, by path from the repository root. */
export const FIRST_LOAD = [
  'src/validation.ts',
  'src/functions/basic/validators.ts',
  'src/functions/basic/format-string.ts',
  'src/functions/basic/format-date.ts',
  'src/functions/basic/number-functions.ts',
  'elements/components/field.ts',
  ...['list', 'card', 'divider', 'button', 'text-field', 'image', 'icon', 'checkbox', 'date-time-input', 'choice-picker', 'slider'].map((n) => `elements/components/${n}.ts`),
];

/** Modules fetched on first use, by path → the name in their file name. */
export const ON_FIRST_USE = {
  'src/schema/interpret.ts': 'schema-issues',
  'src/regex/index.ts': 'regex',
  'src/rpc/index.ts': 'function-calls',
  'src/draft/envelope.ts': 'draft',
  'elements/markdown-render.ts': 'sanitize',
  'elements/focus-keeper.ts': 'focus-keeper',
  'elements/update-announcer.ts': 'update-announcer',
  'elements/components/video.ts': 'video',
  'elements/components/audio-player.ts': 'audio-player',
  'elements/components/tabs.ts': 'tabs',
  'elements/components/modal.ts': 'modal',
  'sandbox/index.ts': 'sandbox',
};

/** Built on their own: import specifier (or module path) → name, and the entry file that re-exports it. */
export const OWN_BUILD = {
  marked: { name: 'marked', entry: 'build/entries/lazy-marked.ts' },
  jmespath: { name: 'jmespath', entry: 'build/entries/lazy-jmespath.ts' },
  'elements/icons.ts': { name: 'icons', entry: 'build/entries/lazy-icons.ts' },
  'sandbox/bridge.ts': { name: 'mcp-bridge', entry: 'sandbox/bridge.ts' },
};
