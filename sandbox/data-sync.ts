/**
 * Two-way sync of `data.paths` between the surface's data model and the app (A2UI extension):
 * host → app `ui/notifications/data-model-update` (object values diffed into per-field subpath
 * updates), app → host `ui/notifications/data-model-change`. No echo loops: the host writes under
 * a flag its own subscriber checks, both directions compare with deep equality first, and after an
 * app write the "last sent" snapshot is the written state, so later diffs start from it. A stale
 * echo (the app repeating a value the host sent and has since superseded) is dropped, so a naive
 * echoing app cannot rewind a field the user is still typing into.
 */
import { checkPayload, checkSubpath } from './guards.ts';
import type { McpAppHost } from './host.ts';
import { cloneJson, deepEqual, escapeSegment, isPlainObject, joinPointer } from './json.ts';
import { RESERVED_KEYS } from './protocol.ts';

/** One host → app update; a missing `value` means the field was removed. */
export interface DataModelUpdate {
  key: string;
  subpath?: string;
  value?: unknown;
}

/** Where updates go: the extension notification, and the two reserved keys' MCP notifications. */
export interface DataSyncSink {
  update(params: DataModelUpdate): void;
  toolInput(args: unknown): void;
  toolResult(result: unknown): void;
}

export class DataSync {
  private readonly lastSent = new Map<string, unknown>();
  /** Per key: what the host sent since the app's last own change (oldest first, bounded). */
  private readonly sentSince = new Map<string, { subpath: string; value: unknown }[]>();
  private readonly dirty = new Set<string>();
  private readonly unsubscribes: (() => void)[] = [];
  private applying = false;
  private flushQueued = false;
  /** MCP Apps: `tool-input` MUST precede `tool-result`; an empty one is sent when no input is bound. */
  private toolInputSent = false;
  private readonly paths: Record<string, string>;

  constructor(private readonly host: McpAppHost, paths: Record<string, string>, private readonly sink: DataSyncSink) {
    this.paths = Object.create(null);
    for (const [key, path] of Object.entries(paths)) if (typeof path === 'string' && path.startsWith('/')) this.paths[key] = path;
  }

  /** Whether `tool-input` went to the app (after it, no `tool-input-partial` may follow). */
  get inputSent(): boolean {
    return this.toolInputSent;
  }

  /** After `initialized`: tool-input (empty if unbound but a result is), then tool-result, then one full update per key; then subscribe. */
  start(): void {
    const order = (k: string) => (k === 'toolInput' ? 0 : k === 'toolResult' ? 1 : 2);
    const keys = Object.keys(this.paths).filter((k) => k !== 'modelContext').sort((a, b) => order(a) - order(b));
    for (const key of keys) {
      const value = this.read(key);
      this.lastSent.set(key, value);
      if (value !== undefined || order(key) === 2) this.send(key, value);
      this.unsubscribes.push(this.host.subscribe(this.paths[key]!, () => this.hostChanged(key)));
    }
  }

  /** Stops listening to the data model. */
  stop(): void {
    for (const u of this.unsubscribes.splice(0)) u();
    this.dirty.clear();
  }

  /** Applies an app's `data-model-change`; returns why it was refused, or null. */
  applyFromApp(params: unknown): string | null {
    if (!isPlainObject(params)) return 'params must be an object';
    const { key, subpath, value } = params;
    if (typeof key !== 'string' || !Object.hasOwn(this.paths, key)) return `unknown key '${String(key)}'`;
    if (RESERVED_KEYS.has(key)) return `key '${key}' is reserved`;
    const problem = checkSubpath(subpath) ?? checkPayload(value);
    if (problem) return problem;
    this.flush();
    const sub = (subpath as string | undefined) ?? '';
    if (this.isStaleEcho(key, sub, value)) return null;
    this.sentSince.delete(key);
    this.write(joinPointer(this.paths[key]!, sub), value);
    this.lastSent.set(key, this.read(key));
    return null;
  }

  /** Writes `ui/update-model-context` content to the bound `modelContext` path; returns why not, or null. */
  writeModelContext(value: unknown): string | null {
    const path = this.paths.modelContext;
    if (path === undefined) return 'no modelContext path is bound';
    const problem = checkPayload(value);
    if (problem) return problem;
    this.write(path, value);
    return null;
  }

  /** True when `key` is bound (used to announce capabilities). */
  has(key: string): boolean {
    return Object.hasOwn(this.paths, key);
  }

  /** True when `value` is one the host sent for this key/subpath and then superseded. */
  private isStaleEcho(key: string, subpath: string, value: unknown): boolean {
    const sent = (this.sentSince.get(key) ?? []).filter((e) => e.subpath === subpath);
    let i = sent.length - 1;
    while (i >= 0 && !deepEqual(sent[i]!.value, value)) i--;
    return i >= 0 && i < sent.length - 1;
  }

  private write(path: string, value: unknown): void {
    // Host changes still queued go out first, so the snapshot taken after this write covers them.
    this.flush();
    const clean = cloneJson(value);
    if (deepEqual(this.host.read(path), clean)) return;
    this.applying = true;
    try {
      this.host.write(path, clean);
    } finally {
      this.applying = false;
    }
  }

  private read(key: string): unknown {
    return cloneJson(this.host.read(this.paths[key]!));
  }

  private hostChanged(key: string): void {
    if (this.applying) return;
    this.dirty.add(key);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.flushQueued = false;
    const keys = [...this.dirty];
    this.dirty.clear();
    for (const key of keys) {
      const next = this.read(key);
      const prev = this.lastSent.get(key);
      if (deepEqual(prev, next)) continue;
      this.lastSent.set(key, next);
      if (key === 'toolInput' || key === 'toolResult' || !isPlainObject(prev) || !isPlainObject(next)) {
        this.send(key, next);
        continue;
      }
      for (const field of new Set([...Object.keys(prev), ...Object.keys(next)])) {
        if (deepEqual(prev[field], next[field])) continue;
        const subpath = '/' + escapeSegment(field);
        this.update(next[field] === undefined ? { key, subpath } : { key, subpath, value: next[field] });
      }
    }
  }

  private send(key: string, value: unknown): void {
    if (key === 'toolInput' || (key === 'toolResult' && !this.toolInputSent)) {
      this.toolInputSent = true;
      this.sink.toolInput(key === 'toolInput' ? value : {});
    }
    if (key === 'toolResult') this.sink.toolResult(value);
    else if (key !== 'toolInput') this.update(value === undefined ? { key } : { key, value });
  }

  private update(params: DataModelUpdate): void {
    const sent = this.sentSince.get(params.key) ?? [];
    sent.push({ subpath: params.subpath ?? '', value: params.value });
    if (sent.length > 32) sent.shift();
    this.sentSince.set(params.key, sent);
    this.sink.update(params);
  }
}
