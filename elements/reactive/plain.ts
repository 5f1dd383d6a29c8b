/**
 * `PlainElement`: the part of Lit's `ReactiveElement` update cycle that {@link Reactive} builds on
 * (`requestUpdate` → `scheduleUpdate` → `performUpdate` → `update`, `isUpdatePending`,
 * `hasUpdated`, `updateComplete`), on a bare `HTMLElement`: no reactive properties, controllers,
 * attribute reflection or `static styles` adoption. For the leaf component elements a surface makes
 * by the thousand (Text), where Lit's per-element set-up (an update promise, a property map, its
 * lifecycle hooks) was ~15% of a template list's first render (bench/README.md).
 *
 * `ReactivePlainElement` is `Reactive(PlainElement)`: the same batch, parents-first order, watching
 * and `knownSources` hook as every Lit-based component element.
 *
 * @module
 */
import type { ReactiveElement } from 'lit';
import { Reactive, type ReactiveHost } from './element.ts';

/** `HTMLElement`, or a stand-in where there is none (a server importing the package: nothing is defined there). */
const ElementBase: typeof HTMLElement = globalThis.HTMLElement ?? (class {} as unknown as typeof HTMLElement);

export abstract class PlainElement extends ElementBase {
  /** True while an update is requested and has not run yet. */
  readonly isUpdatePending: boolean = false;
  /** True once the element has updated. */
  hasUpdated = false;
  /** The microtask of an update requested outside a parent's render, until it ran. */
  private scheduled: Promise<void> | undefined;

  constructor() {
    super();
    this.requestUpdate();
  }

  /** Writes the element's DOM. */
  protected abstract update(): void;

  /** Asks for an update in a microtask (one for any number of requests before it runs). */
  requestUpdate(): void {
    if (this.isUpdatePending) return;
    (this as { isUpdatePending: boolean }).isUpdatePending = true;
    const scheduled = (this.scheduled = Promise.resolve().then(() => {
      if (this.scheduled === scheduled) this.scheduled = undefined;
      this.scheduleUpdate();
    }));
  }

  /** Runs the pending update (Reactive puts the A2UI parents' first). */
  protected scheduleUpdate(): void | Promise<unknown> {
    this.performUpdate();
  }

  /** Runs the pending update now, if there is one. */
  protected performUpdate(): void {
    if (!this.isUpdatePending) return;
    try {
      this.update();
    } finally {
      (this as { isUpdatePending: boolean }).isUpdatePending = false;
      this.hasUpdated = true;
    }
  }

  /** Resolves when no update is pending: `true`, as Lit's does when the last update completed. */
  get updateComplete(): Promise<boolean> {
    return this.getUpdateComplete();
  }

  protected async getUpdateComplete(): Promise<boolean> {
    while (this.scheduled) await this.scheduled;
    return !this.isUpdatePending;
  }

  connectedCallback(): void {}

  disconnectedCallback(): void {}
}

type Constructor<T> = abstract new (...args: any[]) => T;

/**
 * {@link PlainElement} with signal tracking. (`Reactive` is typed for Lit's `ReactiveElement`;
 * PlainElement has every member of it that the mixin calls.)
 */
export const ReactivePlainElement = Reactive(PlainElement as unknown as Constructor<ReactiveElement>) as unknown as Constructor<PlainElement & ReactiveHost>;
