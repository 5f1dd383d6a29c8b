// The size budget of the script-tag file's first load: dist/a2ui-elements.js, gzip -9 (it imports
// nothing statically; everything it loads on first use is a file of its own). `npm run build`
// fails when the file passes the budget, so growth is a decision: raise the number here, in the
// same commit, and say why. The bench's size row (bench/build.ts) measures the same file (the
// same Vite builds, in memory: shipped-size.mjs) and compares it with the target.

/** Gzip bytes dist/a2ui-elements.js may have (38.8 → 39.3 KB: Text on PlainElement, no Lit per Text; template lists 0.84× script). */
export const FIRST_LOAD_BUDGET = 39.3 * 1024;

/** Where the first load should get to (issue 19): what the bench's size row is held to. */
export const FIRST_LOAD_TARGET = 40 * 1024;
