/** `a2ui-elements/inspector`: defines `<a2ui-inspector>` (a developer panel) with its record-and-replay timeline. */
// Self-contained: every piece of its own copy of the core up front (it replays sessions into stores of its own).
import '../../src/eager.ts';
export * from '../../elements/inspector.ts';
export { A2uiInspectorTimeline, type ReplayStoreDetail } from '../../elements/inspector-timeline.ts';
// Record and replay, for pages that load the script-tag files (bundlers also get them from the core).
export * from '../../src/session/index.ts';
