/**
 * A surface: one rendered UI region with its component graph, data model and metadata.
 *
 * Components live in a flat map (the adjacency list of the spec); each id has its own signal, so an
 * element watching `root` is not disturbed when `title` arrives. A reverse index (child → parents)
 * makes cycle and composition checks walk only ancestors, never the whole surface.
 */
import { Signal } from 'signal-polyfill';
import type { Catalog } from './catalog/catalog.ts';
import { childIds, type A2uiMetadata, type ComponentRecord } from './component.ts';
import { DataModel } from './data-model.ts';
import { MetadataHolder } from './metadata.ts';

/** The pseudo-parent of `root`. */
export const SURFACE_PARENT = 'Surface';

/** Options a surface is created with. */
export interface SurfaceInit {
  id: string;
  catalogId?: string;
  sendDataModel?: boolean;
  metadata?: A2uiMetadata;
  dataModel?: Record<string, unknown>;
  /** Protocol version the surface speaks (`1.0`, or `0.9` for v0.9 streams). */
  version?: string;
}

/** Why a component was refused (under `partialUpdates`); it shows as a placeholder until a valid definition arrives. */
export interface ComponentRejection {
  readonly code: string;
  readonly message: string;
  /** JSON pointer of the bad field in the refused message. */
  readonly path: string;
}

/**
 * A surface: one rendered UI region with its component graph, data model and metadata, created by
 * `createSurface` and gone with `deleteSurface`.
 *
 * Components live in a flat map (the adjacency list of the spec); each id has its own signal, so an
 * element watching `root` is not disturbed when `title` arrives. A reverse index (child → parents)
 * makes cycle and composition checks walk only ancestors, never the whole surface.
 */
export class Surface extends MetadataHolder {
  readonly id: string;
  readonly catalogId: string | undefined;
  readonly sendDataModel: boolean;
  readonly version: string;
  readonly dataModel: DataModel;
  /** One signal per component id something reads, so a new `title` does not disturb readers of `root`. */
  private readonly recordSignals = new Map<string, Signal.State<ComponentRecord | undefined>>();
  private readonly records = new Map<string, ComponentRecord>();
  private readonly parentIndex = new Map<string, Set<string>>();
  private readonly disposers = new Set<() => void>();
  private readonly deleted = new Signal.State(false);
  private readonly rejections = new Map<string, Signal.State<ComponentRejection | undefined>>();

  constructor(init: SurfaceInit) {
    super(init.metadata);
    this.id = init.id;
    this.catalogId = init.catalogId;
    this.sendDataModel = init.sendDataModel === true;
    this.version = init.version ?? '1.0';
    this.dataModel = new DataModel(init.dataModel ?? {});
  }

  /** The component with `id`, or undefined while it has not arrived. Reactive. */
  component(id: string): ComponentRecord | undefined {
    return this.recordSignal(id).get();
  }

  /** The current record without tracking (for store internals and tests). */
  peek(id: string): ComponentRecord | undefined {
    return this.records.get(id);
  }

  /** Number of components defined. */
  get size(): number {
    return this.records.size;
  }

  /** Every defined component id, in arrival order. */
  ids(): string[] {
    return [...this.records.keys()];
  }

  /** Ids of the components that reference `id` (`Surface` for root). */
  parentsOf(id: string): string[] {
    const set = this.parentIndex.get(id);
    const out = set ? [...set] : [];
    if (id === 'root') out.push(SURFACE_PARENT);
    return out;
  }

  /** Why the component `id` was refused, while it shows as a placeholder (`partialUpdates`). Reactive. */
  rejection(id: string): ComponentRejection | undefined {
    return this.rejectionSignal(id).get();
  }

  /** {@link rejection} without tracking, and without making a slot for an id never refused. */
  peekRejection(id: string): ComponentRejection | undefined {
    const slot = this.rejections.get(id);
    return slot && Signal.subtle.untrack(() => slot.get());
  }

  /** Ids of the components shown as placeholders. */
  rejectedIds(): string[] {
    return [...this.rejections].filter(([, s]) => s.get() !== undefined).map(([id]) => id);
  }

  /** True once `deleteSurface` ran. Reactive, so elements can remove themselves. */
  get isDeleted(): boolean {
    return this.deleted.get();
  }

  /**
   * Puts records into the graph without notifying anyone; returns an undo. The store checks the
   * candidate graph and then either commits (publishes the signals) or undoes.
   */
  stage(records: readonly ComponentRecord[], rejected: ReadonlyMap<string, ComponentRejection> = new Map()): { undo: () => void; commit: () => void } {
    const previous = new Map<string, ComponentRecord | undefined>();
    for (const r of records) {
      if (!previous.has(r.id)) previous.set(r.id, this.records.get(r.id));
      this.put(r.id, r);
    }
    // A refused definition replaces the component with its placeholder.
    for (const id of rejected.keys()) {
      if (previous.has(id)) continue;
      previous.set(id, this.records.get(id));
      this.put(id, undefined);
    }
    return {
      undo: () => {
        for (const [id, old] of previous) this.put(id, old);
      },
      commit: () => {
        for (const id of previous.keys()) {
          this.recordSignal(id).set(this.records.get(id));
          const why = this.records.has(id) ? undefined : rejected.get(id);
          if (why || this.rejections.has(id)) this.rejectionSignal(id).set(why);
        }
      },
    };
  }

  private rejectionSignal(id: string): Signal.State<ComponentRejection | undefined> {
    let s = this.rejections.get(id);
    if (!s) this.rejections.set(id, (s = new Signal.State<ComponentRejection | undefined>(undefined)));
    return s;
  }

  /** Registers cleanup to run when the surface is deleted (subscriptions, pending calls). */
  own(dispose: () => void): () => void {
    this.disposers.add(dispose);
    return () => this.disposers.delete(dispose);
  }

  /** Disposes everything the surface owns. */
  dispose(): void {
    for (const d of [...this.disposers]) d();
    this.disposers.clear();
    this.dataModel.dispose();
    this.deleted.set(true);
  }

  /** The catalog ids the surface's components use (for the inspector). */
  catalogsInUse(): Set<Catalog> {
    return new Set([...this.records.values()].map((r) => r.catalog));
  }

  /**
   * @internal The signal {@link component} reads for `id` (made on first use, kept for the
   * surface's life): for an element that watches it without tracking its render (a Text).
   */
  recordSignal(id: string): Signal.State<ComponentRecord | undefined> {
    let s = this.recordSignals.get(id);
    if (!s) {
      s = new Signal.State<ComponentRecord | undefined>(this.records.get(id), { equals: Object.is });
      this.recordSignals.set(id, s);
    }
    return s;
  }

  private put(id: string, record: ComponentRecord | undefined): void {
    const old = this.records.get(id);
    if (old) for (const c of childIds(old)) this.parentIndex.get(c)?.delete(id);
    if (record) {
      this.records.set(id, record);
      for (const c of childIds(record)) {
        let set = this.parentIndex.get(c);
        if (!set) this.parentIndex.set(c, (set = new Set()));
        set.add(id);
      }
    } else {
      this.records.delete(id);
    }
  }
}
