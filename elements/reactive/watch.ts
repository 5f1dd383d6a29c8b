/**
 * `Watch`: the signals one reaction depends on, the values it last saw, and the TC39 watcher that
 * tells the batch when one of them was written. It answers one question, {@link Watch.changed}:
 * does any of them now hold a different value? See index.ts for the rules.
 *
 * @module
 */
import { Signal } from 'signal-polyfill';
import { enqueue, type Reaction } from './batch.ts';

export type Source = Signal.State<unknown> | Signal.Computed<unknown>;
type AnyComputed = Signal.Computed<unknown>;

const NONE: never[] = [];
/** Above this many by-value reads, a Watch looks them up in a Map. */
const INDEX_FROM = 8;

/** One by-value read of a {@link Watch}. */
interface ByValue {
  readonly computed: AnyComputed;
  value: unknown;
  part: Reaction | undefined;
  run: number;
}

export class Watch {
  private watcher: Signal.subtle.Watcher | undefined;
  /** The tracked sources the last run read, and the values it saw. */
  private sources: Source[] = NONE;
  private seen: unknown[] = NONE;
  /**
   * Computeds read by value ({@link read}): each with its last value, the part it was read for (its
   * changes run that part of the owner, live.ts, not the owner) and the run that last read it. A
   * list, indexed once it grows (most elements read one or two; a list element one per child).
   */
  private reads: ByValue[] = NONE;
  private index: Map<AnyComputed, ByValue> | undefined;
  /** Counts {@link end}s: a read whose `run` is behind was not made since the last one. */
  private run = 0;
  /** Every source a state and every read a part's, as of the last {@link end} (see {@link changed}). */
  private partsOnly: boolean | undefined;

  constructor(private readonly owner: Reaction) {}

  /**
   * Reads `computed` untracked and compares it by value only (`Object.is`, after the computed's
   * own `equals`): for values made anew whenever they really change (a child list, a tag).
   */
  read<T>(computed: Signal.Computed<T>, part?: Reaction): T {
    const c = computed as AnyComputed;
    let r = this.find(c);
    if (!r) {
      r = { computed: c, value: undefined, part, run: this.run };
      if (this.reads === NONE) this.reads = [];
      this.reads.push(r);
      if (this.index) this.index.set(c, r);
      else if (this.reads.length > INDEX_FROM) this.index = new Map(this.reads.map((x) => [x.computed, x]));
      // Watched before it is read: a computed that throws now is still heard when it recovers.
      this.arm().watch(c);
    } else if (part) r.part = part;
    r.run = this.run;
    const value = Signal.subtle.untrack(() => computed.get());
    r.value = value;
    return value;
  }

  /**
   * After a run: watch exactly what it read, the tracked sources of `run` (its computed, minus
   * `skip`; or `run` itself when it is the list of them, for a run made untracked that knew its
   * sources beforehand) and the {@link read}s made since the last call; remember their values.
   */
  end(run: AnyComputed | readonly Source[] | undefined, skip?: Source): void {
    const next = !run ? NONE : Array.isArray(run) ? (run as Source[]) : distinctSources(run as AnyComputed, skip);
    this.rewatch(next);
    this.sources = next;
    this.seen = next.length ? next.map(value) : NONE;
    const reads = this.reads;
    const now = this.run++;
    if (reads.length && reads.some((r) => r.run !== now)) {
      this.watcher!.unwatch(...reads.filter((r) => r.run !== now).map((r) => r.computed));
      const kept = reads.filter((r) => r.run === now);
      this.reads = kept.length ? kept : NONE;
      this.index = kept.length > INDEX_FROM ? new Map(kept.map((x) => [x.computed, x])) : undefined;
    }
    this.partsOnly = this.sources.every(Signal.isState) && this.reads.every((r) => r.part !== undefined);
    this.watcher?.watch(); // re-arm: a watcher is notified once until then
  }

  /**
   * True when a source now holds something other than what the last run saw. A tracked computed
   * holding an object counts as changed whenever it re-evaluated: the data model mutates in place,
   * so the same object may have new contents. When only computeds read for a part changed, the
   * answer is false and `parts` gets those parts (they compare their own value; when every source
   * is a state, it gets every part). Re-arms the watcher.
   */
  changed(parts?: Reaction[]): boolean {
    const w = this.watcher;
    if (!w) return false;
    // Every source a state and every read a part's (a bound Text): which computed is pending does
    // not matter, each part compares its own value.
    const all = this.partsOnly;
    const list = all ? NONE : w.getPending();
    const pending = list.length > 8 ? new Set(list) : undefined;
    let changed = false;
    for (let i = 0; i < this.sources.length && !changed; i++) {
      const s = this.sources[i];
      const computed = Signal.isComputed(s);
      if (computed && !(pending ? pending.has(s as AnyComputed) : list.includes(s as AnyComputed))) continue;
      const v = value(s);
      changed = !Object.is(v, this.seen[i]) || (computed && ((typeof v === 'object' && v !== null) || typeof v === 'function'));
    }
    if (all && !changed) for (const r of this.reads) parts?.push(r.part!);
    else if (this.reads.length && !changed) {
      for (const c of list) {
        const r = this.find(c);
        if (!r) continue;
        if (r.part) parts?.push(r.part);
        else if (!Object.is(value(c), r.value)) changed = true;
      }
    }
    w.watch();
    return changed;
  }

  /** Stops watching (the owner left the page): nothing here keeps it alive any more. */
  stop(): void {
    const w = this.watcher;
    if (w) {
      if (this.sources.length) w.unwatch(...this.sources);
      if (this.reads.length) w.unwatch(...this.reads.map((r) => r.computed));
    }
    this.watcher = undefined;
    this.sources = this.seen = this.reads = NONE;
    this.index = undefined;
  }

  private find(c: AnyComputed): ByValue | undefined {
    if (this.index) return this.index.get(c);
    for (const r of this.reads) if (r.computed === c) return r;
    return undefined;
  }

  private arm(): Signal.subtle.Watcher {
    const owner = this.owner;
    return (this.watcher ??= new Signal.subtle.Watcher(() => enqueue(owner)));
  }

  private rewatch(next: readonly Source[]): void {
    const prev = this.sources;
    if (next.length === prev.length && next.every((s, i) => s === prev[i])) return;
    if (!next.length && !this.watcher) return;
    const w = this.arm();
    if (!prev.length) {
      w.watch(...next);
      return;
    }
    const keep = new Set(next);
    const gone = prev.filter((s) => !keep.has(s));
    if (gone.length) w.unwatch(...gone);
    const had = new Set(prev);
    const added = next.filter((s) => !had.has(s));
    if (added.length) w.watch(...added);
  }
}

/**
 * The sources `run` read, each once, without `skip`. A computed lists a source once per read (a
 * render reads its node's record several times): watching each once keeps one live edge per source.
 */
function distinctSources(run: AnyComputed, skip: Source | undefined): Source[] {
  const all = Signal.subtle.introspectSources(run) as Source[];
  if (!all.length) return NONE;
  if (all.length > 16) return [...new Set(all)].filter((s) => s !== skip);
  const out: Source[] = [];
  for (const s of all) if (s !== skip && !out.includes(s)) out.push(s);
  return out.length ? out : NONE;
}

/** A source's value; a failing computed reads as a fresh token, so it always counts as changed. */
function value(s: Source): unknown {
  try {
    return s.get();
  } catch {
    return {};
  }
}
