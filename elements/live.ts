/**
 * `live(read, options)`: a child-position directive that keeps one value of a component up to date
 * by itself, without re-running its element's update.
 *
 * Why: an element re-renders its whole template (attributes, ARIA, every directive) when any
 * signal it read changes. A Text whose words change only needs its text nodes rewritten, so the
 * text is read here instead, in the directive's own `Signal.Computed`, and the element's render
 * does not depend on it.
 *
 * - **Untracked.** The read in the element's render is untracked: a change of the value reaches
 *   this directive only.
 * - **Batched.** However many signals changed, the value is read again once, in a microtask, and
 *   applied only when it really changed (`Object.is`).
 * - **Parents first.** While the element or an A2UI ancestor has an update pending, the directive
 *   waits for it (it may hand the element a new node, and so this directive a new `read`).
 * - **No leaks.** Signals are watched only while connected: a detached element is not kept alive.
 * - **Same boundary.** A `read` that throws shows the element's fallback and is reported once per
 *   distinct message, as `A2uiElement` does; an applied change counts as one update of the
 *   component in `A2uiElement.updateCounts`.
 *
 * @module
 */
import { AsyncDirective, directive, PartType, type ChildPart, type DirectiveResult, type PartInfo } from 'lit/async-directive.js';
import { Signal } from 'signal-polyfill';
import type { ComponentNode } from '../src/index.ts';
import { A2uiElement, pendingWork, treeAbove, type TreeElement } from './base.ts';
import { failureFallback, reportFailure } from './failure.ts';

/** Options of {@link live}. */
export interface LiveOptions<T> {
  /** The component the value belongs to: errors are reported to it, updates counted under its id. */
  node: ComponentNode;
  /** Turns the value into what the part renders (a string, a template, a directive); default: the value itself. */
  render?: (value: T) => unknown;
  /** Shown while `read` throws; default: the element's fallback (`<span part="error">Type unavailable</span>`). */
  fallback?: unknown;
}

/** Marks "the last read threw" (distinct from every value). */
const FAILED = Symbol('failed');

class LiveDirective<T> extends AsyncDirective {
  private part!: ChildPart;
  private options!: LiveOptions<T>;
  private computed: Signal.Computed<T> | undefined;
  private readonly watcher = new Signal.subtle.Watcher(() => this.schedule());
  private watching = false;
  /** The A2UI tree elements at and above the part, nearest first (kept until the part moves). */
  private tree: TreeElement[] | undefined;
  private scheduled = false;
  /** The value shown (or FAILED). */
  private shown: T | typeof FAILED = FAILED;
  private failure: string | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.CHILD) throw new Error('live() can only be used in child position');
  }

  /** The value once, untracked (Lit calls {@link update} in the browser; this is its stateless form). */
  render(read: () => T, options: LiveOptions<T>): unknown {
    this.options = options;
    return this.present(Signal.subtle.untrack(() => this.evaluate(read)));
  }

  /** A render of the element: a new `read` (its closure may hold a new node); start over with it. */
  override update(part: ChildPart, [read, options]: [() => T, LiveOptions<T>]): unknown {
    this.part = part;
    this.options = options;
    this.unwatch();
    this.computed = new Signal.Computed(read);
    if (this.isConnected) this.watch();
    // Untracked: the element's own render must not depend on the value.
    return this.present(Signal.subtle.untrack(() => this.evaluate(() => this.computed!.get())));
  }

  protected override disconnected(): void {
    this.unwatch();
    this.tree = undefined;
  }

  protected override reconnected(): void {
    this.tree = undefined;
    this.watch();
    // Signals may have changed while detached.
    this.schedule();
  }

  private watch(): void {
    if (this.watching || !this.computed) return;
    this.watching = true;
    this.watcher.watch(this.computed);
  }

  private unwatch(): void {
    if (!this.watching) return;
    this.watching = false;
    this.watcher.unwatch(this.computed!);
  }

  /** One refresh per batch however many signals changed (no signal may be read in a notify). */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // In a microtask: the elements notified by the same change start looking at it (watching.ts)
    // first, and pendingWork() waits for that.
    queueMicrotask(() => this.refresh());
  }

  private refresh(): void {
    if (!this.isConnected || !this.computed) {
      this.scheduled = false;
      return;
    }
    this.tree ??= treeAbove(this.part.parentNode);
    const wait = pendingWork(this.tree);
    if (wait) {
      void wait.then(
        () => this.refresh(),
        () => this.refresh(),
      );
      return;
    }
    this.scheduled = false;
    const before = this.shown;
    const result = this.evaluate(() => this.computed!.get());
    this.watcher.watch(); // re-arm: notify on the next change
    if (Object.is(result, before)) return;
    this.setValue(this.present(result));
    const counts = A2uiElement.updateCounts;
    if (counts) counts.set(this.options.node.id, (counts.get(this.options.node.id) ?? 0) + 1);
  }

  /** Runs `read`; a throw is reported (once per distinct message) and gives FAILED. */
  private evaluate(read: () => T): T | typeof FAILED {
    const node = this.options.node;
    try {
      const value = read();
      this.failure = undefined;
      return value;
    } catch (e) {
      this.failure = reportFailure(node, e, this.failure);
      return FAILED;
    }
  }

  /** What the part shows for a read's result. */
  private present(result: T | typeof FAILED): unknown {
    this.shown = result;
    if (result === FAILED) return this.options.fallback ?? failureFallback(this.options.node);
    return this.options.render ? this.options.render(result) : result;
  }
}

const liveDirective = directive(LiveDirective);

/**
 * Renders `read()` (through `options.render`) in a child position and keeps it current on its own:
 * `html`<p>${live(() => node.text('text'), { node, render: (t) => markdown(t) })}</p>``.
 * `read` runs untracked during the element's render, then in the directive's own computed; pass a
 * new closure on every render (it may close over a new node).
 */
export function live<T>(read: () => T, options: LiveOptions<T>): DirectiveResult<typeof LiveDirective> {
  return liveDirective(read, options as LiveOptions<unknown>);
}
