/**
 * The script-tag build (`dist/a2ui-elements.js`): one ES module that imports nothing before it
 * runs. Loading it defines `<a2ui-surface>` and the basic components and exports the whole public
 * API, so a page needs no bundler:
 *
 * ```html
 * <script type="module">
 *   import { A2uiStore, browserHost, feedResponse } from './a2ui-elements.js';
 * </script>
 * ```
 *
 * It holds everything a typical surface needs (build/entries/first-load.ts), so a surface that
 * arrives whole is applied at once and paints in one frame. What most pages never need is a file
 * of its own next to it, `a2ui-<name>-<hash>.js`, fetched the moment a message names it or a page
 * calls it (the table: build/pieces.mjs): the MCP Apps sandbox and bridge, `marked` beyond the
 * common markdown subset, the regex checker, `jmespath`, the Icon paths, the draft v1.0 rules, the
 * function calls with the agent, the schema validator's explanations, Video,
 * AudioPlayer, Tabs and Modal. Serve dist/ whole: those names change with their content (cache
 * them for good). The developer panel `<a2ui-inspector>` is its own script-tag file,
 * `a2ui-inspector.js`, which also exports record and replay. The sandbox proxy page
 * (`proxy.html`, one self-contained file) sits next to this file, which is where `<a2ui-mcp-app>`
 * looks for it by default (same origin: works, reported as weaker; see `configureSandbox`).
 */
// What a typical surface needs, up front (the rest loads on first use).
import './first-load.ts';
// The core without record and replay, a developer tool: a2ui-inspector.js exports those.
export * from '../../src/index.ts';
export * from '../../src/transport/index.ts';
export * from '../../elements/index.ts';
// The sandbox's small front: the rest loads on first use (sandbox/on-demand.ts).
export * from '../../sandbox/on-demand.ts';
