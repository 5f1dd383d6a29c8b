/**
 * The script-tag build (`dist/a2ui-elements.js`): one self-contained ES module. Loading it defines
 * every element (`<a2ui-surface>`, the basic components, `<a2ui-mcp-app>` and the McpApp surface
 * component) and exports the whole public API, so a page needs no bundler:
 *
 * ```html
 * <script type="module">
 *   import { A2uiStore, browserHost, feedResponse } from './a2ui-elements.js';
 * </script>
 * ```
 *
 * Files next to it (stable names), fetched only when needed: the MCP Apps protocol code when an
 * McpApp starts (`a2ui-mcp-bridge.js`), `marked` when a text has markdown syntax (`a2ui-marked.js`;
 * plain texts render without it), the Icon paths with the first named icon (`a2ui-icons.js`) and
 * `jmespath` when a surface calls that function (`a2ui-jmespath.js`). The developer panel
 * `<a2ui-inspector>` is its own script-tag file, `a2ui-inspector.js`, which also exports record
 * and replay (`recordSession`, `replaySession`). The sandbox proxy page (`proxy.html` and its
 * `a2ui-proxy.js`) sits next to this file, which is where `<a2ui-mcp-app>` looks for it by
 * default (same origin: works, reported as weaker; see `configureSandbox`).
 */
// The core without record and replay, a developer tool: a2ui-inspector.js exports those.
export * from '../../src/index.ts';
export * from '../../src/transport/index.ts';
export * from '../../elements/index.ts';
// The sandbox's small front: the rest loads on first use (sandbox/on-demand.ts).
export * from '../../sandbox/on-demand.ts';
