/**
 * # How one data write reaches the screen
 *
 * One mechanism carries every change from the store to the DOM: a {@link Reaction} (an element's
 * update, or a `live()` part of one) with a {@link Watch} (the signals it read and the values it
 * saw), run by the batch (batch.ts). Nothing else watches signals in `elements/`.
 *
 * | # | hop | where | what happens |
 * |---|-----|-------|--------------|
 * | 1 | `store.process(updateDataModel)` or an input's `node.write()` | src/data-model.ts `set` | the JSON is mutated in place; the `version` signal of the path, of its observed descendants whose value changed and of its ancestors is bumped |
 * | 2 | signal graph | signal-polyfill | computeds that read those versions (a binding in `ComponentNode`, a child list) are marked dirty; each `Watch`'s watcher that watches one of them (or the version itself) is notified, synchronously |
 * | 3 | notification | watch.ts → batch.ts `enqueue` | the watcher's owner (an element; a part watched through its element counts as the element) is queued at its level; one microtask (or the next frame: see "When the batch runs") is scheduled for the whole batch. (No signal may be read here.) |
 * | 4 | the batch | batch.ts `flush` | lowest level first: a surface (0), then its root element (2), the root's parts (3), its children (4)… A reaction queued while the batch runs joins it |
 * | 5 | "did it really change?" | watch.ts `changed` | the sources are read again and compared with what the last run saw (`Object.is`); an unchanged value (an item that moved to another index with the same name, a computed that re-evaluated to equal entries) stops here |
 * | 6a | element update | element.ts `react` → `performUpdate` (Lit's; a Text's is plain.ts's) | run now, synchronously, inside a tracked computed: the render reads its node's values again; `Watch.end` watches exactly what it read. An element that knows beforehand what its render reads (`knownSources`: a Text whose properties but its words are literals reads only its record) runs it untracked and watches that |
 * | 6b | part refresh | element.ts `react` → value-part.ts / live.ts `react` | when only a part's value changed (a Text's words: a `ValuePart`; a `live()` directive), the element runs that part: its value is read and compared again; the element's render does not run |
 * | 7 | DOM write | lit-html, or the part's own writer | a changed binding writes its attribute or text node; a Text's `ValuePart` rewrites its text node in place (or the markdown it renders, markdown.ts `TextView`); `live()` sets its child part |
 *
 * An update that creates child elements renders them right after itself, depth first, in the same
 * task (element.ts `renderAfterParent`): a surface arriving renders in one go, parents first.
 *
 * **When the batch runs** (batch.ts). The store applies every message at once; what coalesces is
 * the rendering:
 * - The first batch since the last frame runs in its microtask, as soon as the write's task ends:
 *   a single message, a keystroke, an action's answer show without waiting for a frame.
 * - A later write before the next frame waits for that frame's `requestAnimationFrame`, where
 *   everything written meanwhile renders in one batch (one update per element, however many
 *   messages touched it). The browser paints that frame anyway, so the screen is no later; what
 *   it saves is the parent re-renders and the frames a longer stream would paint.
 * - In a stream, a showing that cost t ms (its batches plus the frame's style, layout and paint,
 *   measured to the first task after the frame) holds the next batch for 4 × t ms, at most 120 ms:
 *   while writes keep coming, rendering takes at most about a fifth of the time. A stream is three
 *   frames in a row that showed batches, or a frame that finds a batch waiting for it (writes came
 *   in more than one task since the last frame: messages faster than frames) when that batch
 *   takes 4 ms or more (much arrived between two frames: a large surface coming in pieces, which
 *   costs more to show again mid-stream than it shows). So a stream's first components (small
 *   batches) are not held, and one write per frame only after three frames in a row. While a
 *   batch is held no frame is asked for; a timer asks for the one that shows it when the hold
 *   ends.
 * - Someone waiting for the screen is not kept waiting: `updateComplete` of any element runs a
 *   held batch in a microtask (so `store.process(m); await surface.updateComplete` sees `m`, and
 *   the tests' `settle` helpers, which await it, see every message they processed). A hidden page
 *   paints no frames: there every batch runs in its microtask, and one already held runs from a
 *   timer when no frame came for 100 ms (after the hold, if one applies).
 * - Order is kept: a batch runs every reaction queued before it, parents first; messages are
 *   never reordered or dropped, only rendered together. What the user types is in the input at
 *   once (it is the browser's); its echo in bound components follows with the batch.
 *
 * The text parser has its own pace on top (src/transport/pace.ts): how often a message that is
 * still streaming hands its staged components to the store. It can wait far longer than a frame
 * (a preview of a large surface, up to seconds), which would be wrong for a keystroke; measured
 * on stream-text, handing each component over at once and leaving the pacing to the batch cost
 * more (more showings of the large surface), so both stay.
 *
 * **Rules the tests pin.**
 * - Only real value changes re-render (hop 5). A tracked computed holding an object counts as
 *   changed whenever it re-evaluated (the data model mutates in place, so the same object may
 *   have new contents); a by-value read (`host.read(computed)`: child lists and child tags) is
 *   compared with `Object.is` after the computed's own `equals`.
 * - Parents before children: by level in the batch, and `flushUpdate()` runs any pending update of
 *   the A2UI ancestors first (also when Lit schedules an update for a property or state change).
 *   So a moved template item never renders another item's data, and a part runs after its element.
 * - A moved template item keeps its element and node (render-child.ts); a move within one task
 *   keeps watching.
 * - No leak: an element or part that left the page (not moved within the task) stops watching;
 *   a detached element renders untracked.
 *
 * **Why not `@lit-labs/signals`.** It is the package this design would use, and its pieces were
 * measured against this folder (0.3.0, the latest):
 * - `SignalWatcher` registers every element with a `FinalizationRegistry` whose held value (the
 *   element's watcher) is the key of a `WeakMap` entry whose value is the element: the registry
 *   holds the held value strongly, so the element is never collected (lit/lit#5364). It also
 *   updates on every notification (no value comparison: a moved item would re-render) and in one
 *   microtask per element.
 * - `watch()` watches its own computed but unwatches the *signal* it was given when it
 *   disconnects, so the computed stays watched — by the element's watcher, or by a module-level
 *   watcher when there is no `SignalWatcher` — and keeps the part and its DOM alive for as long as
 *   the signal lives (the store's data model outlives every surface).
 * test/browser/reactive-leak.test.ts shows both (it fails when a future release fixes them; then
 * adopt the package). `watch()` also takes a signal, not a read with an error boundary, and writes
 * in its own microtask, outside the parents-first order.
 *
 * @module
 */
export { type Reaction } from './batch.ts';
export { Watch, type Source } from './watch.ts';
export { Reactive, createChild, renderAfterParent, type ReactiveHost } from './element.ts';
export { live, type LiveOptions } from './live.ts';
export { updateCounts, countUpdate } from './counts.ts';
export { ValuePart, FAILED } from './value-part.ts';
export { PlainElement, ReactivePlainElement } from './plain.ts';
