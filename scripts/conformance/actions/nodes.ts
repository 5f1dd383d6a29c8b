/**
 * `resolve_nodes`: the mounted node tree a renderer builds from the store, checked for scoped
 * bindings, change emissions, node identity and destruction.
 *
 * The tree is built with the store's ComponentNode, as an element would: from `root`, through
 * every child slot (`childList`; ChildList templates give each item its own scope). A node path is
 * `root/<prop>` for a single child and `root/<prop>/<i>` for a list. A node keeps its identity
 * while its component id, data scope, state (resolved/pending) and type stay the same; otherwise it
 * is replaced (the old node and its subtree are destroyed). A node emits when its resolved snapshot
 * (property values, writability, child node identities) differs after a step.
 *
 * The fixtures name the v0.9.1 basic catalog; the store's v1.0 basic catalog has the same
 * components, and the fixtures' draft bindings are upgraded like every other input.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { BASIC_CATALOG_ID, ComponentNode, type DataContext, type FunctionImplementation, type Surface } from '../../../src/index.ts';
import { basicFunctions } from '../../../src/functions/basic/index.ts';
import { isObject } from '../../../src/json.ts';
import { describe, jsonEqual, show } from '../expect.ts';
import { collect, setup, type Harness } from '../harness.ts';
import { CONFORMANCE_DIR } from '../paths.ts';
import { isAction } from '../tree.ts';
import { fail, PASS, type Case, type Outcome, type SuiteInfo } from '../types.ts';
import { upgradeComponent } from '../../../src/draft/upgrade.ts';

const SURFACE = 'nodes';

class Mounted {
  readonly node: ComponentNode;
  constructor(
    readonly path: string,
    readonly id: string,
    readonly context: DataContext,
    readonly state: 'resolved' | 'pending',
    readonly type: string | undefined,
    h: Harness,
    surface: Surface,
  ) {
    this.node = new ComponentNode(h.store, surface, id, context);
  }
}

type Snapshot = { state: string; props: Record<string, unknown> };

/** An action property: shown as `{action: true}`, changed when its definition changes. */
class ActionRef {
  constructor(readonly definition: unknown) {}
}

class Resolver {
  nodes = new Map<string, Mounted>();
  snapshots = new Map<Mounted, Snapshot>();
  destroyed: Record<string, number> = {};
  disposed = false;

  constructor(
    readonly h: Harness,
    readonly surface: Surface,
  ) {}

  /** Rebuilds the tree, reusing nodes whose identity holds; counts destroyed ones. */
  reconcile(): void {
    const next = new Map<string, Mounted>();
    if (!this.disposed && this.surface.peek('root')) this.build(next, 'root', 'root', this.h.store.context(SURFACE)!, 0);
    for (const [path, node] of this.nodes) if (next.get(path) !== node) this.destroyed[path] = (this.destroyed[path] ?? 0) + 1;
    this.nodes = next;
  }

  private build(next: Map<string, Mounted>, path: string, id: string, ctx: DataContext, depth: number): Mounted {
    const record = this.surface.peek(id);
    const state = record ? 'resolved' : 'pending';
    const prev = this.nodes.get(path);
    const same = prev && prev.id === id && prev.context.scope.base === ctx.scope.base && prev.state === state && prev.type === record?.type;
    const node = same ? prev : new Mounted(path, id, ctx, state, record?.type, this.h, this.surface);
    next.set(path, node);
    if (!record || depth > 32) return node;
    for (const slot of record.componentType.slots) {
      if (slot.path.length !== 1) continue;
      const name = slot.path[0];
      const entries = node.node.childList(name);
      if (slot.kind === 'one') {
        if (entries[0]) this.build(next, `${path}/${name}`, entries[0].id, entries[0].context, depth + 1);
      } else {
        entries.forEach((e, i) => this.build(next, `${path}/${name}/${i}`, e.id, e.context, depth + 1));
      }
    }
    return node;
  }

  snapshot(m: Mounted): Snapshot {
    const record = this.surface.peek(m.id);
    if (m.state === 'pending' || !record) return { state: 'pending', props: {} };
    const props: Record<string, unknown> = {};
    const slots = new Map(record.componentType.slots.filter((s) => s.path.length === 1).map((s) => [s.path[0], s.kind]));
    for (const [name, value] of Object.entries(record.props)) {
      const kind = slots.get(name);
      if (kind === 'one') props[name] = this.nodes.get(`${m.path}/${name}`);
      else if (kind === 'list') {
        const list: Mounted[] = [];
        for (let i = 0; this.nodes.has(`${m.path}/${name}/${i}`); i++) list.push(this.nodes.get(`${m.path}/${name}/${i}`)!);
        props[name] = list;
      } else if (isAction(value)) props[name] = new ActionRef(value);
      else props[name] = { value: m.node.value(name), writable: m.node.boundPath(name) !== undefined };
    }
    return { state: 'resolved', props };
  }

  /** Snapshots every live node; returns the paths of pre-existing nodes whose snapshot changed. */
  emissions(): Record<string, number> {
    const out: Record<string, number> = {};
    const fresh = new Map<Mounted, Snapshot>();
    for (const [path, node] of this.nodes) {
      const snap = this.snapshot(node);
      const before = this.snapshots.get(node);
      if (before && !sameSnapshot(before, snap)) out[path] = 1;
      fresh.set(node, snap);
    }
    this.snapshots = fresh;
    return out;
  }
}

/** Deep equality in which child nodes compare by identity. */
function sameSnapshot(a: unknown, b: unknown): boolean {
  if (a instanceof Mounted || b instanceof Mounted) return a === b;
  if (a instanceof ActionRef || b instanceof ActionRef) return a instanceof ActionRef && b instanceof ActionRef && jsonEqual(a.definition, b.definition);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameSnapshot(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameSnapshot(a[k], b[k]));
  }
  return jsonEqual(a, b);
}

export async function resolveNodes(c: Case, suite: SuiteInfo): Promise<Outcome> {
  const fixture = parse(readFileSync(resolve(CONFORMANCE_DIR, String(c.fixture)), 'utf8')) as Record<string, unknown>;
  const calls: Array<{ name: string; args: unknown }> = [];
  const recorded: Record<string, FunctionImplementation> = Object.fromEntries(
    Object.entries(basicFunctions).map(([name, body]) => [
      name,
      (args, ctx) => {
        calls.push({ name, args: structuredClone(args) });
        return body(args, ctx);
      },
    ]),
  );
  const h = setup(c, { draftBindings: suite.draftBindings, implementations: recorded });
  const upgrade = (list: unknown) => (Array.isArray(list) ? list.map((x) => upgradeComponent(x, h.upgrade, BASIC_CATALOG_ID)) : []);
  const initial = await collect(h, () =>
    h.store.process({
      version: '1.0',
      createSurface: { surfaceId: SURFACE, catalogId: BASIC_CATALOG_ID, dataModel: isObject(fixture.data) ? fixture.data : {}, components: upgrade(fixture.components) },
    }),
  );
  if (initial.length) fail(`fixture rejected: ${describe(initial[0])}`);
  const r = new Resolver(h, h.store.surface(SURFACE)!);
  r.reconcile();
  r.emissions();
  r.destroyed = {};
  if (isObject(c.expect)) checkStep(r, c.expect, 'initial', new Map(r.nodes), [], []);

  for (const [i, step] of (Array.isArray(c.steps) ? c.steps : []).entries()) {
    const at = `step ${i + 1} (${step.op})`;
    const before = new Map(r.nodes);
    r.destroyed = {};
    calls.length = 0;
    const sentBefore = h.outbound.length;
    const errors = await collect(h, async () => {
      switch (step.op) {
        case 'set_data':
          h.store.process({ version: '1.0', updateDataModel: { surfaceId: SURFACE, path: step.path, value: step.value } });
          break;
        case 'update_components':
          h.store.process({ version: '1.0', updateComponents: { surfaceId: SURFACE, components: upgrade(step.components) } });
          break;
        case 'write': {
          const m = r.nodes.get(String(step.node)) ?? fail(`${at}: no node ${step.node}`);
          if (!m.node.write(String(step.property), step.value)) fail(`${at}: ${step.node}.${step.property} is not writable`);
          break;
        }
        case 'invoke': {
          const m = r.nodes.get(String(step.node)) ?? fail(`${at}: no node ${step.node}`);
          await m.node.act(m.node.record?.props[String(step.property ?? 'action')]);
          break;
        }
        case 'dispose':
          r.disposed = true;
          h.store.dispose();
          break;
        default:
          fail(`${at}: the store has no operation for '${step.op}'`);
      }
    });
    if (errors.length) fail(`${at}: unexpected error: ${describe(errors[0])}`);
    r.reconcile();
    const emissions = r.emissions();
    const events = h.outbound.slice(sentBefore).flatMap((m) => ('action' in m ? [m.action] : []));
    if (isObject(step.expect)) {
      checkStep(r, step.expect, at, before, events, calls, emissions);
    }
  }
  h.store.dispose();
  return PASS;
}

function checkStep(
  r: Resolver,
  expect: Record<string, unknown>,
  at: string,
  before: Map<string, Mounted>,
  events: Array<{ name: string; sourceComponentId: string; context: unknown }>,
  calls: Array<{ name: string; args: unknown }>,
  emissions?: Record<string, number>,
): void {
  if (isObject(expect.nodes)) {
    const want = Object.keys(expect.nodes).sort();
    const got = [...r.nodes.keys()].sort();
    if (!jsonEqual(got, want)) fail(`${at}: nodes ${show(got)} ≠ ${show(want)}`);
    for (const [path, exp] of Object.entries(expect.nodes)) checkNode(r, r.nodes.get(path)!, isObject(exp) ? exp : {}, at);
  }
  if (isObject(expect.emissions) && emissions && !jsonEqual(emissions, expect.emissions)) fail(`${at}: emissions ${show(emissions)} ≠ ${show(expect.emissions)}`);
  for (const path of Array.isArray(expect.same_nodes) ? expect.same_nodes : []) {
    if (!before.has(path) || before.get(path) !== r.nodes.get(path)) fail(`${at}: ${path} lost its identity`);
  }
  for (const path of Array.isArray(expect.replaced_nodes) ? expect.replaced_nodes : []) {
    if (!before.has(path) || !r.nodes.has(path) || before.get(path) === r.nodes.get(path)) fail(`${at}: ${path} was not replaced`);
  }
  if (isObject(expect.destroyed) && !jsonEqual(r.destroyed, expect.destroyed)) fail(`${at}: destroyed ${show(r.destroyed)} ≠ ${show(expect.destroyed)}`);
  if (isObject(expect.data)) {
    for (const [pointer, want] of Object.entries(expect.data)) {
      const got = r.surface.dataModel.get(pointer);
      if (!jsonEqual(got, want)) fail(`${at}: data ${pointer} ${show(got)} ≠ ${show(want)}`);
    }
  }
  if (Array.isArray(expect.events)) {
    const got = events.map((e) => ({ name: e.name, source_component_id: e.sourceComponentId, context: e.context }));
    if (!jsonEqual(got, expect.events)) fail(`${at}: events ${show(got)} ≠ ${show(expect.events)}`);
  }
  if (Array.isArray(expect.functions) && !jsonEqual(calls, expect.functions)) fail(`${at}: functions ${show(calls)} ≠ ${show(expect.functions)}`);
}

function checkNode(r: Resolver, m: Mounted, exp: Record<string, unknown>, at: string): void {
  const where = `${at}: ${m.path}`;
  if (exp.component_id !== undefined && m.id !== exp.component_id) fail(`${where}.component_id ${m.id} ≠ ${exp.component_id}`);
  if (exp.type !== undefined && m.type !== exp.type) fail(`${where}.type ${m.type} ≠ ${exp.type}`);
  if (exp.state !== undefined && m.state !== exp.state) fail(`${where}.state ${m.state} ≠ ${exp.state}`);
  if (exp.data_path !== undefined && m.context.scope.base !== exp.data_path) fail(`${where}.data_path ${m.context.scope.base} ≠ ${exp.data_path}`);
  if (!isObject(exp.props)) return;
  const snap = r.snapshot(m);
  for (const [name, want] of Object.entries(exp.props)) {
    if (!propMatches(snap.props[name], want)) fail(`${where}.props.${name} ${show(describeProp(snap.props[name]))} ≠ ${show(want)}`);
  }
}

function propMatches(got: unknown, want: unknown): boolean {
  if (Array.isArray(want)) return Array.isArray(got) && got.length === want.length && want.every((w, i) => propMatches(got[i], w));
  if (isObject(want) && typeof want.node === 'string') return got instanceof Mounted && got.path === want.node;
  if (isObject(want) && want.action === true) return got instanceof ActionRef;
  return jsonEqual(got, want);
}

function describeProp(v: unknown): unknown {
  if (v instanceof Mounted) return { node: v.path };
  if (v instanceof ActionRef) return { action: true };
  if (Array.isArray(v)) return v.map(describeProp);
  return v;
}
