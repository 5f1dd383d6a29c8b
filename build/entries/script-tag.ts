/**
 * The script-tag build (`dist/a2ui-elements.js`): one ES module that imports nothing before it
 * runs. Loading it defines `<a2ui-surface>` and the common components and exports the whole
 * public API (the synchronous transport helpers, which the package exports as
 * `a2ui-elements/transport`, are on the modules `streamReader.load()` and `transportHelpers.load()`
 * resolve with), so a page needs no bundler:
 *
 * ```html
 * <script type="module">
 *   import { A2uiStore, browserHost, feedResponse } from './a2ui-elements.js';
 * </script>
 * ```
 *
 * Files next to it (stable names), fetched on first use only: the regex checker
 * (`a2ui-regex.js`), the sandbox (`a2ui-sandbox.js`: `<a2ui-mcp-app>`, the McpApp element, the MCP
 * function bodies; sandbox/on-demand.ts is its front here) and the MCP Apps protocol code when an
 * app starts (`a2ui-mcp-bridge.js`), the text parser (`a2ui-text-parser.js`), the less common
 * components (`a2ui-image.js`, `a2ui-icon.js`, `a2ui-checkbox.js`, `a2ui-slider.js`, …;
 * elements/components/on-demand.ts), `formatDate` (`a2ui-format-date.js`), `formatNumber` /
 * `formatCurrency` / `pluralize` (`a2ui-number-functions.js`), the `formatString` template parser with
 * the first message that calls it (`a2ui-format-string.js`), the validators with the first message
 * that calls one (`a2ui-validators.js`), the function calls with the agent with the first call
 * (`a2ui-function-calls.js`), the stream readers with the first feed (`a2ui-stream.js`), A2A / MCP
 * parts and request bodies with the first `sendToAgent` (`a2ui-transport.js`), the schema validator's
 * explanations with the first refused component or call (`a2ui-schema-issues.js`), `marked` and our rendering through it
 * (the sanitizer too) when a text has markdown syntax (`a2ui-marked.js`, `a2ui-sanitize.js`), the Icon paths (`a2ui-icons.js`) and `jmespath`
 * (`a2ui-jmespath.js`). The files split from this one (SPLIT in vite.config.mjs) import
 * `./a2ui-elements.js` for what they share with it. The developer panel `<a2ui-inspector>` is its
 * own script-tag file, `a2ui-inspector.js`, which also exports record and replay. The sandbox proxy
 * page (`proxy.html` and its `a2ui-proxy.js`) sits next to this file, which is where
 * `<a2ui-mcp-app>` looks for it by default (same origin: works, reported as weaker; see
 * `configureSandbox`).
 */
// What a typical surface needs, up front (the rest loads on first use).
import './first-load.ts';
// The core without record and replay, a developer tool: a2ui-inspector.js exports those; and
// without src/transport/sync.ts, whose helpers load on first use (streamReader, transportHelpers).
export * from '../../src/index.ts';
export * from '../../src/transport/index.ts';
export * from '../../elements/index.ts';
// The sandbox's small front: the rest loads on first use (sandbox/on-demand.ts).
export * from '../../sandbox/on-demand.ts';
