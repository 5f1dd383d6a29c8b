/**
 * A surface's JSON data model with fine-grained reactivity.
 *
 * The JSON tree is held as plain values and mutated in place: a write never clones untouched
 * subtrees. Observation lives in a separate trie that only has nodes for paths somebody observes;
 * each node carries one TC39 signal (signal-polyfill, which our Lit elements watch, so they
 * track reads directly) and plain listeners. A write bumps exactly the observers of that path, of
 * its observed descendants whose value changed, and of its ancestors: cost O(depth + observed
 * subtree), never a scan of all observers. Nodes are released at the end of the turn in which
 * their last watcher left.
 */
import { Signal } from 'signal-polyfill';
import { DataError } from './errors.ts';
import { isIndexSegment, parsePointer } from './json-pointer.ts';
import { cloneJson, deepEqual, MAX_JSON_DEPTH, tooDeep } from './json.ts';

type Container = Record<string, unknown> | unknown[];

/** One observed path. */
class PathNode {
  /** Made on first use: most observed paths are leaves read by signal only (a Text's `/items/3/name`). */
  children: Map<string, PathNode> | undefined;
  listeners: Set<() => void> | undefined;
  /** Watched signal readers (Lit elements, computeds under a watcher). */
  watched = 0;
  /**
   * Made on the first tracked read of this very path: an intermediate node (`/rows/0` on the way
   * to `/rows/0/label`) needs none, and every signal costs an entry in signal-polyfill's brand
   * WeakSets until the next full GC.
   */
  private signal: Signal.State<number> | undefined;

  constructor(
    readonly key: string,
    readonly parent: PathNode | undefined,
    readonly release: (node: PathNode) => void,
  ) {}

  /** The path's version signal (created on demand). */
  get version(): Signal.State<number> {
    return (this.signal ??= new Signal.State(0, {
      [Signal.subtle.watched]: () => this.watched++,
      [Signal.subtle.unwatched]: () => {
        this.watched--;
        this.release(this);
      },
    }));
  }

  get idle(): boolean {
    return this.watched === 0 && !this.listeners?.size && !this.children?.size;
  }

  /** Marks the path changed: its signal's readers re-evaluate. */
  bump(): void {
    if (this.signal) this.signal.set(this.signal.get() + 1);
  }

  notify(): void {
    this.bump();
    if (this.listeners?.size) for (const l of [...this.listeners]) l();
  }
}

const MISSING = Symbol('missing');

/** A write refused for its value, not its path: it nests deeper than {@link MAX_JSON_DEPTH}, or it is a root that is not an object. */
export class DataValueError extends DataError {}

/** The data model of one surface. Throws {@link DataError} for bad writes; the store reports them. */
export class DataModel {
  private data: unknown;
  private readonly trie: PathNode;
  private disposed = false;

  constructor(initial: unknown = {}) {
    this.data = initial ?? {};
    this.trie = new PathNode('', undefined, (n) => this.release(n));
  }

  /**
   * The value at an absolute pointer, or `undefined` when absent. Inside a reactive computation
   * (a Lit render, a `Signal.Computed`) the read becomes a dependency of that path.
   */
  get(path: string | readonly string[]): unknown {
    const segments = typeof path === 'string' ? parsePointer(path) : path;
    if (Signal.subtle.currentComputed() && !this.disposed) this.node(segments, true)!.version.get();
    const v = lookup(this.data, segments);
    return v === MISSING ? undefined : v;
  }

  /** Whether a value exists at the pointer. Not reactive. */
  has(path: string): boolean {
    return lookup(this.data, parsePointer(path)) !== MISSING;
  }

  /**
   * Upserts `value` at `path`, creating intermediate objects (or arrays when the next segment is
   * an index). `undefined` deletes. A write of the value already there notifies nobody. The model's
   * rules on values are checked here, for every writer: at most {@link MAX_JSON_DEPTH} levels, and
   * the root is an object ({@link DataValueError} otherwise). With `copy`, a JSON copy of `value`
   * is kept (made once the depth is known to be safe): the caller's objects are not kept, and no
   * two paths of the model share one.
   */
  set(path: string, value: unknown, options: { copy?: boolean } = {}): void {
    if (value === undefined) return this.delete(path);
    // Depth first: a hostile value is refused before anything walks it recursively.
    if (typeof value === 'object' && tooDeep(value)) throw new DataValueError(`Cannot set path '${path}': the value nests deeper than ${MAX_JSON_DEPTH} levels`, { path });
    if (options.copy) value = cloneJson(value);
    const segments = parsePointer(path);
    if (segments.length === 0) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new DataValueError(`Cannot set path '${path}': the root of the data model must be an object`, { path });
      }
      if (deepEqual(this.data, value)) return;
      const before = this.data;
      this.data = value;
      this.changed(segments, before);
      return;
    }
    const parent = this.container(segments, path);
    const key = segments[segments.length - 1];
    const before = read(parent, key);
    if (before !== MISSING && deepEqual(before, value)) return;
    write(parent, key, value, path);
    this.changed(segments, before === MISSING ? undefined : before);
  }

  /** Removes the value at `path` from its parent (array elements are spliced out). */
  delete(path: string): void {
    const segments = parsePointer(path);
    if (segments.length === 0) return this.set('/', {});
    const parent = lookup(this.data, segments.slice(0, -1));
    const key = segments[segments.length - 1];
    if (parent === MISSING || parent === null || typeof parent !== 'object') return;
    const before = read(parent as Container, key);
    if (before === MISSING) return;
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete (parent as Record<string, unknown>)[key];
    // Removing an array element shifts its siblings: the array itself is what changed.
    this.changed(Array.isArray(parent) ? segments.slice(0, -1) : segments, Array.isArray(parent) ? undefined : before);
  }

  /** Calls `listener` whenever the value at `path` may have changed. Returns the unsubscribe. */
  subscribe(path: string, listener: () => void): () => void {
    if (this.disposed) return () => {};
    const node = this.node(parsePointer(path), true)!;
    (node.listeners ??= new Set()).add(listener);
    return () => {
      node.listeners?.delete(listener);
      this.release(node);
    };
  }

  /** A deep copy of the whole model (for transport metadata). */
  snapshot(): unknown {
    return structuredClone(this.data);
  }

  /** Detaches every observer; later writes notify nobody. */
  dispose(): void {
    this.disposed = true;
    const stack = [this.trie];
    while (stack.length) {
      const n = stack.pop()!;
      n.listeners = undefined;
      if (n.children) stack.push(...n.children.values());
      n.children = undefined;
    }
  }

  /** Number of observed paths (for leak tests and the inspector). */
  get observedPaths(): number {
    let count = 0;
    const stack = [this.trie];
    while (stack.length) {
      const n = stack.pop()!;
      count++;
      if (n.children) stack.push(...n.children.values());
    }
    return count - 1;
  }

  private node(segments: readonly string[], create: boolean): PathNode | undefined {
    let n = this.trie;
    for (const s of segments) {
      let c = n.children?.get(s);
      if (!c) {
        if (!create) return undefined;
        c = new PathNode(s, n, n.release);
        (n.children ??= new Map()).set(s, c);
      }
      n = c;
    }
    return n;
  }

  /**
   * Releases `node` (and idle ancestors) once the current turn ends, if still idle then: a binding
   * that moves from one path to another within a turn (a template item that moved to the next
   * index) would otherwise drop and rebuild the nodes on its way.
   */
  private release(node: PathNode): void {
    if (!this.releasing) {
      const batch = (this.releasing = new Set());
      queueMicrotask(() => {
        this.releasing = undefined;
        for (const n of batch) this.releaseNow(n);
      });
    }
    this.releasing.add(node);
  }

  private releasing: Set<PathNode> | undefined;

  private releaseNow(node: PathNode): void {
    for (let n: PathNode | undefined = node; n?.parent && n.idle; n = n.parent) {
      if (n.parent.children?.get(n.key) !== n) continue;
      n.parent.children.delete(n.key);
      // A computation may still hold this node's signal and be watched again later: mark it
      // changed, so that computation re-reads through the trie instead of trusting its cache.
      n.bump();
    }
  }

  /** Walks to the parent container of the last segment, creating what is missing. */
  private container(segments: readonly string[], path: string): Container {
    checkWritable(this.data, segments, path);
    if (this.data === null || typeof this.data !== 'object') this.data = {};
    let cur = this.data as Container;
    for (let i = 0; i < segments.length - 1; i++) {
      const s = segments[i];
      let next = read(cur, s);
      if (next === MISSING || next === null) {
        next = isIndexSegment(segments[i + 1]) || segments[i + 1] === '-' ? [] : {};
        write(cur, s, next, path);
      } else if (typeof next !== 'object') {
        throw new DataError(`Cannot set path '${path}': '${s}' holds a primitive`, { path });
      }
      cur = next as Container;
    }
    return cur;
  }

  /** Notifies the written node, its ancestors, and descendants whose value actually changed. */
  private changed(segments: readonly string[], before: unknown): void {
    if (this.disposed) return;
    const ancestors: PathNode[] = [];
    let n: PathNode | undefined = this.trie;
    for (const s of segments) {
      ancestors.push(n);
      n = n.children?.get(s);
      if (!n) break;
    }
    if (n) this.notifyChanged(n, before, lookup(this.data, segments));
    for (let i = ancestors.length - 1; i >= 0; i--) ancestors[i].notify();
  }

  private notifyChanged(node: PathNode, before: unknown, after: unknown): void {
    if (before === after && (before === MISSING || typeof before !== 'object')) return;
    if (node.children) for (const [key, child] of node.children) {
      this.notifyChanged(child, childOf(before, key), childOf(after, key));
    }
    if (!deepEqual(before === MISSING ? undefined : before, after === MISSING ? undefined : after)) node.notify();
  }
}

/** Throws the error a write would throw, before anything is created: a refused write leaves no trace. */
function checkWritable(root: unknown, segments: readonly string[], path: string): void {
  let cur: unknown = root !== null && typeof root === 'object' ? root : {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    const last = i === segments.length - 1;
    if (Array.isArray(cur)) {
      if (s !== '-' && !isIndexSegment(s)) throw new DataError(`Cannot set path '${path}': non-numeric segment '${s}' in a list`, { path });
      if (s !== '-' && Number(s) > cur.length) throw new DataError(`Cannot set path '${path}': index ${s} is past the end of the list`, { path });
    }
    if (last) return;
    const next = cur === undefined ? MISSING : read(cur as Container, s);
    if (next === MISSING || next === null) {
      // Everything below is created fresh: an array when the next segment is an index.
      cur = isIndexSegment(segments[i + 1]) || segments[i + 1] === '-' ? [] : {};
    } else if (typeof next !== 'object') {
      throw new DataError(`Cannot set path '${path}': '${s}' holds a primitive`, { path });
    } else {
      cur = next;
    }
  }
}

function childOf(v: unknown, key: string): unknown {
  return v !== null && typeof v === 'object' ? read(v as Container, key) : MISSING;
}

function read(container: Container, key: string): unknown {
  if (Array.isArray(container)) {
    if (!isIndexSegment(key)) return MISSING;
    const i = Number(key);
    return i < container.length ? container[i] : MISSING;
  }
  return Object.hasOwn(container, key) ? container[key] : MISSING;
}

function write(container: Container, key: string, value: unknown, path: string): void {
  if (Array.isArray(container)) {
    if (key === '-') key = String(container.length);
    if (!isIndexSegment(key)) throw new DataError(`Cannot set path '${path}': non-numeric segment '${key}' in a list`, { path });
    const i = Number(key);
    if (i > container.length) throw new DataError(`Cannot set path '${path}': index ${i} is past the end of the list`, { path });
    container[i] = value;
    return;
  }
  // Own data property: never invokes a setter, never touches the prototype.
  Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
}

function lookup(root: unknown, segments: readonly string[]): unknown {
  let cur: unknown = root;
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object') return MISSING;
    cur = read(cur as Container, s);
    if (cur === MISSING) return MISSING;
  }
  return cur;
}
