/**
 * `live(read, options)`: a child-position directive that keeps one value of a component on screen
 * by itself, without re-running its element's update (a Text's words). A {@link Reaction} of its
 * element: the element's one watcher watches the part's value too, and when only that changed, the
 * element runs the part instead of its update. (Outside a reactive element, the part watches on
 * its own, one level below its host.)
 *
 * - **Untracked.** The read during the element's render is untracked: a change of the value
 *   reaches this part only.
 * - **Only real changes.** The value is compared (`Object.is`) before the part is written.
 * - **No leaks.** Watched only while connected: a detached part is not kept alive.
 * - **Same boundary.** A `read` that throws shows the element's fallback and is reported once per
 *   distinct message; an applied change counts as one update of the component in
 *   `A2uiElement.updateCounts`.
 *
 * @module
 */
import { AsyncDirective, directive, PartType, type ChildPart, type DirectiveResult, type PartInfo } from 'lit/async-directive.js';
import { Signal } from 'signal-polyfill';
import type { ComponentNode } from '../../src/index.ts';
import { failureFallback, reportFailure } from '../failure.ts';
import { countUpdate } from './counts.ts';
import type { Reaction } from './batch.ts';
import type { ReactiveHost } from './element.ts';
import { Watch } from './watch.ts';

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

class LiveDirective<T> extends AsyncDirective implements Reaction {
  private options!: LiveOptions<T>;
  private computed: Signal.Computed<T> | undefined;
  private watch: Watch | undefined;
  /** The reactive element rendering this part (`null`: none, the part watches on its own). */
  private host: ReactiveHost | null | undefined;
  /** The value shown (or FAILED). */
  private shown: T | typeof FAILED = FAILED;
  private failure: string | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.CHILD) throw new Error('live() can only be used in child position');
  }

  get level(): number {
    return (this.host?.level ?? 0) + 1;
  }

  /** The value once, untracked (Lit calls {@link update} in the browser; this is its stateless form). */
  render(read: () => T, options: LiveOptions<T>): unknown {
    this.options = options;
    return this.present(Signal.subtle.untrack(() => this.evaluate(read)));
  }

  /** A render of the element: a new `read` (its closure may hold a new node); start over with it. */
  override update(part: ChildPart, [read, options]: [() => T, LiveOptions<T>]): unknown {
    if (this.host === undefined) {
      const host = part.options?.host as Partial<ReactiveHost> | undefined;
      this.host = typeof host?.read === 'function' && typeof host.flushUpdate === 'function' ? (host as ReactiveHost) : null;
    }
    this.options = options;
    this.computed = new Signal.Computed(read);
    return this.present(this.take());
  }

  /** Its element (or the batch): re-read, and write the part only when the value really changed. */
  react(): void {
    if (!this.isConnected || !this.computed) return;
    if (!this.host) {
      if (!this.watch?.changed()) return;
    }
    const before = this.shown;
    const result = this.host ? this.evaluate(() => Signal.subtle.untrack(() => this.computed!.get())) : this.take();
    if (Object.is(result, before)) return;
    this.setValue(this.present(result));
    countUpdate(this.options.node);
  }

  protected override disconnected(): void {
    // (Read through its element, the element's next render or its leaving drops the read.)
    this.watch?.stop();
  }

  protected override reconnected(): void {
    // Its element renders in full when it comes back (reactive/element.ts): nothing to do here.
    if (this.host) return;
    // Signals may have changed while unwatched.
    const before = this.shown;
    const result = this.take();
    if (!Object.is(result, before)) this.setValue(this.present(result));
  }

  /** Reads the value through its element's watch, or its own (watched only while connected). */
  private take(): T | typeof FAILED {
    const computed = this.computed!;
    const host = this.host;
    if (host) return this.evaluate(() => host.read(computed, this));
    const watch = this.isConnected ? (this.watch ??= new Watch(this)) : undefined;
    return this.evaluate(() => (watch ? watch.read(computed) : Signal.subtle.untrack(() => computed.get())), watch);
  }

  /** Runs `read`; a throw is reported (once per distinct message) and gives FAILED. */
  private evaluate(read: () => T, watch?: Watch): T | typeof FAILED {
    try {
      const value = read();
      this.failure = undefined;
      return value;
    } catch (e) {
      this.failure = reportFailure(this.options.node, e, this.failure);
      return FAILED;
    } finally {
      watch?.end(undefined);
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
 * `read` runs untracked during the element's render, then in the part's own computed; pass a new
 * closure on every render (it may close over a new node).
 */
export function live<T>(read: () => T, options: LiveOptions<T>): DirectiveResult<typeof LiveDirective> {
  return liveDirective(read, options as LiveOptions<unknown>);
}
