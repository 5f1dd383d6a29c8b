// The size budget of the script-tag file's first load: dist/a2ui-elements.js, gzip -9 (it imports
// nothing statically; everything it loads on first use is a file of its own). `npm run build`
// fails when the file passes the budget, so growth is a decision: raise the number here, in the
// same commit, and say why. The bench's size row (bench/build.ts) measures the same file (the
// same Vite builds, in memory: shipped-size.mjs) and compares it with the target.

/**
 * Gzip bytes dist/a2ui-elements.js may have (39.3 → 69.0 KB, issue 35: the first load now holds
 * what a typical surface needs — the schema validator, the validators and formatters, the stream
 * readers, the transport helpers, the text parser, the common markdown subset, the common
 * components — instead of fetching them in a chain of 5–7 round trips; the bench's network row,
 * time until the first surface is painted, decides this, not the bytes. The official renderer's
 * one file is 72.3 KB; issues 36 and 41 add the developer warnings, the live region and heading offsets).
 */
export const FIRST_LOAD_BUDGET = 69 * 1024;

/** What the bench's size row is held to: the budget (the network row is the target that counts). */
export const FIRST_LOAD_TARGET = FIRST_LOAD_BUDGET;
