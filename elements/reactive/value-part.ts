/**
 * `ValuePart`: one value of an element that keeps itself on screen, written by a plain function
 * (no Lit directive, no template): the DOM-level sibling of {@link live}. A {@link Reaction} of its
 * element: the element's one watcher watches the part's computed, and when only that changed, the
 * element runs the part instead of its update. A Text's words use it.
 *
 * - **Only real changes.** The value is compared (`Object.is`) before `apply` runs.
 * - **Same boundary.** A `read` that throws is reported once per distinct message and applied as
 *   {@link FAILED} (the element shows its fallback); an applied change counts as one update of the
 *   component in `A2uiElement.updateCounts`.
 * - **No leaks.** It holds only the computed it follows (a binding's), read through its
 *   element's watcher, which stops when the element leaves the page.
 *
 * @module
 */
import { Signal } from 'signal-polyfill';
import type { ComponentNode } from '../../src/index.ts';
import { reportFailure } from '../failure.ts';
import { countUpdate } from './counts.ts';
import type { Reaction } from './batch.ts';
import type { ReactiveHost } from './element.ts';

/** What a part applies when its read threw. */
export const FAILED: unique symbol = Symbol('failed');
/** Nothing shown yet (distinct from every value and from FAILED). */
const UNSET: unique symbol = Symbol('unset');

export class ValuePart<T> implements Reaction {
  /** The computed followed (a binding's) and what turns its value into the part's. */
  private computed: Signal.Computed<unknown> | undefined;
  private map: ((value: unknown) => T) | undefined;
  private node: ComponentNode | undefined;
  private shown: T | typeof FAILED | typeof UNSET = UNSET;
  private failure: string | undefined;

  /** `apply` writes a value (or {@link FAILED}) to the screen; it runs only when the value changed. */
  constructor(
    private readonly host: ReactiveHost,
    private readonly apply: (value: T | typeof FAILED) => void,
  ) {}

  get level(): number {
    return this.host.level + 1;
  }

  /**
   * In the element's render: shows `map(source)` for `node` and keeps it current, watching `source`
   * itself (a binding's computed: no computed of the part's own). `map` must be pure; a change of
   * `source`'s value that maps to the value shown writes nothing.
   */
  follow(node: ComponentNode, source: Signal.Computed<unknown>, map: (value: unknown) => T): void {
    this.node = node;
    this.computed = source;
    this.map = map;
    this.show(this.evaluate(true));
  }

  /**
   * In the element's render: shows a value that needs no watching of its own (a literal: it changes
   * only with the definition, which updates the element anyway).
   */
  set(value: T): void {
    this.computed = this.node = this.map = undefined;
    this.show(value);
  }

  /** Its element (or the batch): re-read, and apply only when the value really changed. */
  react(): void {
    // (A computed is followed with its node: set together, cleared together.)
    if (!this.computed) return;
    const before = this.shown;
    this.show(this.evaluate(false));
    if (!Object.is(this.shown, before)) countUpdate(this.node);
  }

  /** Shows `value` now, even when it is the one shown (the element rebuilt what the part writes into). */
  reapply(): void {
    if (this.shown !== UNSET) this.apply(this.shown);
  }

  private show(value: T | typeof FAILED): void {
    if (Object.is(value, this.shown)) return;
    this.shown = value;
    this.apply(value);
  }

  /**
   * The part's value: its computed read through the host's watch (in the element's render), or
   * untracked (a refresh), then mapped.
   */
  private evaluate(viaHost: boolean): T | typeof FAILED {
    const computed = this.computed!;
    try {
      const value = this.map!(viaHost ? this.host.read(computed, this) : Signal.subtle.untrack(() => computed.get()));
      this.failure = undefined;
      return value;
    } catch (e) {
      this.failure = reportFailure(this.node!, e, this.failure);
      return FAILED;
    }
  }
}
