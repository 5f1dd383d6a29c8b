/**
 * One mounted component instance: a component id of a surface, seen from one data scope (template
 * items make several nodes of one id). Elements render from a node: it resolves properties,
 * checks and accessibility reactively, writes two-way bindings, expands child lists, and runs
 * actions. Bindings are cached per definition, so a re-render does no re-parsing.
 */
import { Signal } from 'signal-polyfill';
import type { ChildTemplate } from './catalog/child-positions.ts';
import { toBoolean, toCheckResult, toDisplayString } from './coerce.ts';
import type { ComponentRecord } from './component.ts';
import { A2uiError, DataError, ExpressionError, FunctionCallError, asA2uiError, thrownMessage } from './errors.ts';
import { parsePointer } from './json-pointer.ts';
import type { DataContext } from './evaluate.ts';
import type { ValidationResult } from './functions/types.ts';
import { isObject } from './json.ts';
import { Binding, plainPath } from './binding.ts';
import type { ActionInit } from './outbox.ts';
import { noteUserInput } from './store-internals.ts';
import type { Surface } from './surface.ts';
import { scopeSteps, type InputSite } from './user-input.ts';

/** A child to mount: the component id, the scope it renders in, and a key stable across reorders. */
export interface ChildEntry {
  readonly key: string;
  readonly id: string;
  readonly context: DataContext;
  /** True for an item of a template (a ChildList over an array), false for a listed child. */
  readonly item?: boolean;
}

/**
 * The store a node belongs to, as the node and the elements rendering it use it: where its faults
 * and actions go, its surfaces, and the locale. An `A2uiStore` is one (it is declared here, not
 * imported, so the store can make nodes without the two files needing each other).
 */
export interface NodeStore {
  readonly locale: string;
  report(error: A2uiError, surfaceId?: string): void;
  dispatchAction(action: ActionInit): void;
  /** The surface with `id`, without tracking (is the node's surface still there?). */
  peekSurface(id: string): Surface | undefined;
}

/** Template items beyond this are not rendered (reported once). */
export const MAX_TEMPLATE_ITEMS = 20_000;

/**
 * One mounted component instance: a component id of a surface, seen from one data scope (template
 * items make several nodes of one id). Elements render from a node: it resolves properties
 * (`value`, `text`), checks (`failedChecks`) and accessibility reactively, writes two-way bindings
 * (`write`), expands child lists (`childList`), and runs actions. Bindings are cached per
 * definition, so a re-render does no re-parsing.
 */
export class ComponentNode {
  // Made on first use: most nodes are Texts of a template, with one bound property and no children.
  /** Bindings of the current definition: of properties by name, and of nested values, checks and labels by key. */
  private props: Map<string, Binding> | undefined;
  private bindings: Map<string, Binding> | undefined;
  private bindingsOf: ComponentRecord | undefined;
  private children: Map<string, Signal.Computed<ChildEntry[]>> | undefined;
  /** The entries of each template's last expansion, by key (see expandTemplate). */
  private itemEntries: WeakMap<ChildTemplate, Map<string, ChildEntry>> | undefined;
  private reportedLength: number | undefined;
  private reportedPath: string | undefined;

  constructor(
    readonly store: NodeStore,
    readonly surface: Surface,
    readonly id: string,
    readonly context: DataContext,
  ) {
    this.base = context.scope.base;
  }

  /** The scope's base when the node was made. */
  private readonly base: string;

  /** Where this node's expressions are (`id`, or `id@/items/3` in a template item), naming their agent calls. */
  private get site(): string {
    return this.base === '/' ? this.id : `${this.id}@${this.base}`;
  }

  /** The definition (reactive); undefined while it has not arrived. */
  get record(): ComponentRecord | undefined {
    return this.surface.component(this.id);
  }

  /** The resolved value of property `name` (reactive); undefined when the property is absent. */
  value(name: string): unknown {
    const record = this.record;
    if (!record || !Object.hasOwn(record.props, name)) return undefined;
    const v = record.props[name];
    // A literal evaluates to itself: no binding (two computeds) for what can never change.
    if (v === null || typeof v !== 'object') return v;
    return this.prop(name, v, record).value;
  }

  /**
   * The computed of a bound property's value (the definition is read reactively), for a reader
   * that watches it by itself; undefined when the property is absent or a literal.
   */
  signal(name: string): Signal.Computed<unknown> | undefined {
    const record = this.record;
    if (!record || !Object.hasOwn(record.props, name)) return undefined;
    const v = record.props[name];
    return v === null || typeof v !== 'object' ? undefined : this.prop(name, v, record).signal;
  }

  /** The property as a display string ("" for absent/null). */
  text(name: string): string {
    return toDisplayString(this.value(name));
  }

  /** True while the property waits for an async answer (reactive). */
  pending(name: string): boolean {
    const record = this.record;
    if (!record || !Object.hasOwn(record.props, name)) return false;
    const v = record.props[name];
    return v !== null && typeof v === 'object' && this.prop(name, v, record).pending;
  }

  /** Resolves a nested dynamic value (an option label, a tab title) under a stable cache key. */
  resolve(key: string, expression: unknown): unknown {
    const record = this.record;
    if (!record) return undefined;
    if (expression === null || typeof expression !== 'object') return expression;
    return this.binding(`x:${key}`, expression, record).value;
  }

  /** The absolute data path a property is bound to, when it is a `{"@path"}` binding. */
  boundPath(name: string): string | undefined {
    const v = this.record?.props[name];
    return isObject(v) && typeof v['@path'] === 'string' ? this.context.path(v['@path']) : undefined;
  }

  /** Two-way binding write: sets the bound path (creating it). Returns false for unbound properties. */
  write(name: string, value: unknown): boolean {
    const path = this.boundPath(name);
    if (path === undefined) return false;
    noteUserInput(this.store, () => ({ ...this.inputSite(), type: 'write', property: name, path, value }));
    try {
      // "-" names "after the last item": a field bound to it would append one item per keystroke.
      if (parsePointer(path).includes('-')) throw new DataError(`Cannot bind an input to '${path}': '-' is not an item`, { surfaceId: this.surface.id, path });
      this.context.model.set(path, value);
    } catch (e) {
      this.report(e);
      return false;
    }
    return true;
  }

  /** The failing checks, coerced to ValidationResults (reactive). Empty when all pass. */
  failedChecks(): ValidationResult[] {
    const record = this.record;
    if (!record?.checks?.length) return [];
    const out: ValidationResult[] = [];
    record.checks.forEach((rule, i) => {
      if (!isObject(rule)) return;
      const message = typeof rule.message === 'string' ? rule.message : undefined;
      const b = this.binding(`c:${i}`, rule.condition, record, 'check');
      if (b.pending) return;
      const result = b.error ? { valid: false, message: message ?? b.error.message, severity: 'error' as const } : toCheckResult(b.value, message);
      if (!result.valid) out.push(result);
    });
    return out;
  }

  /** True while any `@checks` condition waits for an async answer, e.g. an agent function (reactive). */
  checksPending(): boolean {
    const record = this.record;
    return !!record?.checks?.some((rule, i) => isObject(rule) && this.binding(`c:${i}`, rule.condition, record, 'check').pending);
  }

  /** Names of the functions the `@checks` conditions call at their top level (`required`, `email`…). */
  checkCalls(): Set<string> {
    const names = new Set<string>();
    for (const rule of this.record?.checks ?? []) {
      const call = isObject(rule) && isObject(rule.condition) ? rule.condition['@call'] : undefined;
      if (typeof call === 'string') names.add(call);
    }
    return names;
  }

  /** `@accessibility`, resolved (reactive). */
  accessibility(): { label?: string; description?: string; live?: 'off' | 'polite' | 'assertive'; hidden?: boolean } {
    const a = this.record?.accessibility;
    if (!a) return {};
    const out: ReturnType<ComponentNode['accessibility']> = {};
    if (a.label !== undefined) out.label = toDisplayString(this.resolve('a11y:label', a.label));
    if (a.description !== undefined) out.description = toDisplayString(this.resolve('a11y:description', a.description));
    if (a.live === 'off' || a.live === 'polite' || a.live === 'assertive') out.live = a.live;
    if (a.hidden !== undefined) out.hidden = toBoolean(this.resolve('a11y:hidden', a.hidden));
    return out;
  }

  /**
   * The children held in property `name` (a ChildList or a single Child), with their scopes.
   * Template items are keyed by the item's `id` (or `key`) when it has one, else by index.
   */
  childList(name: string): ChildEntry[] {
    const children = (this.children ??= new Map());
    let c = children.get(name);
    if (!c) children.set(name, (c = new Signal.Computed(() => this.expand(this.record?.props[name]), { equals: sameEntries })));
    return c.get();
  }

  /** Runs the component's `action` (or the given one) as a user gesture. Never throws. */
  async act(action: unknown = this.record?.props.action): Promise<boolean> {
    if (!isObject(action)) return false;
    noteUserInput(this.store, () => ({ ...this.inputSite(), type: 'act', ...(action === this.record?.props.action ? {} : { action }) }));
    const opts = { kind: 'action' as const, userActivated: true, site: `${this.site}.action` };
    try {
      if (isObject(action.event)) {
        const event = action.event;
        if (typeof event.name !== 'string') throw new ExpressionError('action.event.name must be a string');
        const context = event.context === undefined ? {} : await this.context.evaluate(event.context, opts);
        const userMessage = event.userMessage === undefined ? undefined : toDisplayString(await this.context.evaluate(event.userMessage, opts));
        this.store.dispatchAction({
          name: event.name,
          surfaceId: this.surface.id,
          sourceComponentId: this.id,
          context: isObject(context) ? context : {},
          userMessage,
          metadata: isObject(action.metadata) ? action.metadata : undefined,
        });
        return true;
      }
      if (isObject(action.functionCall)) {
        await this.context.evaluate(action.functionCall, opts);
        return true;
      }
      throw new ExpressionError('An action needs an event or a functionCall');
    } catch (e) {
      this.report(actionError(e, this.surface.id));
      return false;
    }
  }

  /** Reports a fault of this component to the agent. */
  report(e: unknown): void {
    this.store.report(asA2uiError(e, (message) => new ExpressionError(message, { surfaceId: this.surface.id })), this.surface.id);
  }

  private inputSite(): InputSite {
    return { surfaceId: this.surface.id, componentId: this.id, scope: scopeSteps(this.context.scope) };
  }

  /** The binding of property `name` of `record` (keyed by the bare name: no key string per read). */
  private prop(name: string, expression: unknown, record: ComponentRecord): Binding {
    this.forRecord(record);
    const props = (this.props ??= new Map());
    let b = props.get(name);
    if (!b) props.set(name, (b = this.makeBinding('p:', name, expression, 'binding')));
    return b;
  }

  private binding(key: string, expression: unknown, record: ComponentRecord, kind: 'binding' | 'check' = 'binding'): Binding {
    this.forRecord(record);
    const bindings = (this.bindings ??= new Map());
    let b = bindings.get(key);
    if (!b) bindings.set(key, (b = this.makeBinding('', key, expression, kind)));
    return b;
  }

  /** Bindings are cached per definition: a new one starts them over. */
  private forRecord(record: ComponentRecord): void {
    if (this.bindingsOf === record) return;
    this.bindingsOf = record;
    this.props = this.bindings = undefined;
  }

  /** `prefix + key` names the site of its agent calls; a plain path binding makes none (one options object per node). */
  private makeBinding(prefix: string, key: string, expression: unknown, kind: 'binding' | 'check'): Binding {
    const options =
      kind === 'binding' && plainPath(expression) !== undefined
        ? (this.pathOptions ??= { kind, onError: this.onError() })
        : { kind, site: `${this.site}.${prefix}${key}`, onError: this.onError() };
    return new Binding(this.context, expression, options);
  }

  /** Where the bindings' failures go (made once per node, on first use). */
  private onError(): (e: A2uiError) => void {
    return (this.reportError ??= (e) => this.store.report(e, this.surface.id));
  }
  private reportError: ((e: A2uiError) => void) | undefined;
  private pathOptions: { kind: 'binding'; onError: (e: A2uiError) => void } | undefined;

  private expand(value: unknown): ChildEntry[] {
    if (typeof value === 'string') return [{ key: value, id: value, context: this.context }];
    if (Array.isArray(value)) {
      const seen = new Set<string>();
      return value
        .filter((v): v is string => typeof v === 'string' && !seen.has(v) && !!seen.add(v))
        .map((id) => ({ key: id, id, context: this.context }));
    }
    if (isObject(value) && typeof value.componentId === 'string' && typeof value.path === 'string') {
      return this.expandTemplate(value as unknown as ChildTemplate);
    }
    return [];
  }

  private expandTemplate(t: ChildTemplate): ChildEntry[] {
    let items: unknown;
    try {
      items = this.context.read(t.path);
    } catch (e) {
      if (this.reportedPath !== t.path) {
        this.reportedPath = t.path;
        this.report(new ExpressionError(thrownMessage(e), { surfaceId: this.surface.id }));
      }
      return [];
    }
    if (!Array.isArray(items)) return [];
    if (items.length > MAX_TEMPLATE_ITEMS && this.reportedLength !== items.length) {
      // Computeds re-evaluate on every edit inside the list: report each oversized length once.
      this.reportedLength = items.length;
      this.report(new ExpressionError(`Template '${this.id}' has ${items.length} items; only ${MAX_TEMPLATE_ITEMS} are rendered`, { surfaceId: this.surface.id }));
    }
    const used = new Map<string, number>();
    const listBase = this.context.listBase(t.path);
    // An item still at its place keeps its entry (and scope): a change to a long list allocates
    // only for the items that moved or arrived.
    const itemEntries = (this.itemEntries ??= new WeakMap());
    const previous = itemEntries.get(t) ?? new Map<string, ChildEntry>();
    const next = new Map<string, ChildEntry>();
    const entries = items.slice(0, MAX_TEMPLATE_ITEMS).map((item, i) => {
      let key = itemKey(item) ?? `#${i}`;
      const n = used.get(key) ?? 0;
      used.set(key, n + 1);
      if (n > 0) key = `${key}~${n}`;
      const old = previous.get(key);
      const entry = old && Signal.subtle.untrack(() => old.context.scope.base) === `${listBase}/${i}` ? old : { key, id: t.componentId, context: this.context.child(listBase, i), item: true };
      next.set(key, entry);
      return entry;
    });
    itemEntries.set(t, next);
    return entries;
  }
}

/** The key rule: an item's `id`, else its `key` (string or number); items without one key by index. */
function itemKey(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  for (const k of ['id', 'key']) {
    const v = item[k];
    if (typeof v === 'string' || typeof v === 'number') return `${k}:${v}`;
  }
  return undefined;
}

function sameEntries(a: ChildEntry[], b: ChildEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => e.key === b[i].key && e.id === b[i].id && e.context.scope.base === b[i].context.scope.base);
}

/** Action failures: a routed agent call keeps its functionCallId (EXPRESSION_ERROR); a local body that failed is EXECUTION_ERROR. */
function actionError(e: unknown, surfaceId: string): A2uiError {
  if (!(e instanceof A2uiError)) return new FunctionCallError('EXECUTION_ERROR', thrownMessage(e), { surfaceId });
  if (e.where.functionCallId) return new ExpressionError(e.message, { functionCallId: e.where.functionCallId });
  if (e.code === 'EXECUTION_ERROR') return new FunctionCallError('EXECUTION_ERROR', e.message, { surfaceId });
  return e.where.surfaceId ? e : new ExpressionError(e.message, { surfaceId });
}
