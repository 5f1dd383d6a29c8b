/**
 * The v0.9.1 basic-catalog examples: each one processes and every mounted component resolves with
 * no error; and each renders the same UI as its v1.0 counterpart (`v1_0-current/.../examples`,
 * the same payloads upgraded, with `-` in ids spelled `_`): the same mounted components, resolved
 * properties, children, failed checks and accessibility, and the same outbound action payloads
 * and data-model metadata when every Button is pressed, modulo version fields.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { A2uiStore, ComponentNode, type DataContext, type OutboundMessage } from '../../src/index.ts';
import type { TransportMetadata } from '../../src/store.ts';
import { isObject } from '../../src/json.ts';
import { enableV09 } from '../../src/v09/index.ts';
import { pathToFileURL } from 'node:url';
import { SPEC_DIR, specSkip } from '../spec-data.ts';
import { regexChecker } from '../../src/internal.ts';
import { basicValidators, schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator loads on first use; these tests read what a message did right after it.
await Promise.all([basicValidators.load(), schemaValidator.load(), templateFormatter.load()]);

// The regex checker loads on first use (a check is pending until then); these examples read checks synchronously.
await regexChecker.load();

const V09 = pathToFileURL(`${SPEC_DIR}/v0_9_1/catalogs/basic/examples/`);
const V10 = pathToFileURL(`${SPEC_DIR}/v1_0-current/catalogs/basic/examples/`);
const files = existsSync(V09) ? readdirSync(V09).filter((f) => f.endsWith('.json')).sort() : [];
const TIME = '2026-01-01T00:00:00.000Z';

interface Rendered {
  /** Mounted node key (`surface/id@scope`, ids in v1.0 spelling) → what it shows. */
  nodes: Map<string, Record<string, unknown>>;
  errors: string[];
  /** Outbound messages with their metadata, after pressing every Button. */
  sent: Array<{ message: OutboundMessage; meta: TransportMetadata }>;
}

const v10Id = (id: string) => id.replace(/-/g, '_');

/** Processes an example, resolves every mounted component, then presses every Button. */
async function render(messages: unknown, v09: boolean): Promise<Rendered> {
  const store = new A2uiStore({ locale: 'en-US' });
  if (v09) enableV09(store);
  const out: Rendered = { nodes: new Map(), errors: [], sent: [] };
  store.onError((e) => out.errors.push(`${e.code} ${e.where.path ?? ''} ${e.message}`));
  store.onMessage((message, meta) => out.sent.push({ message, meta }));
  store.process(messages);
  const buttons: ComponentNode[] = [];
  for (const sid of store.surfaceIds) {
    const surface = store.surface(sid)!;
    const seen = new Set<string>();
    const visit = (id: string, ctx: DataContext) => {
      const key = `${sid}/${v10Id(id)}@${ctx.scope.base}`;
      const record = surface.peek(id);
      if (seen.has(key) || !record) return;
      seen.add(key);
      const node = new ComponentNode(store, surface, id, ctx);
      const shown: Record<string, unknown> = { type: record.type };
      const slots = new Set(record.componentType.slots.filter((s) => s.path.length === 1).map((s) => s.path[0]));
      const nested = new Set(record.componentType.slots.filter((s) => s.path.length > 1).map((s) => s.path[0]));
      for (const name of Object.keys(record.props)) {
        if (name === 'action') continue;
        if (slots.has(name)) shown[name] = node.childList(name).map((c) => `${v10Id(c.id)}@${c.context.scope.base}`);
        else shown[name] = nested.has(name) ? mapIds(node.value(name), new Set(surface.ids())) : node.value(name);
      }
      shown.failedChecks = node.failedChecks().map((r) => ({ valid: r.valid, message: r.message }));
      shown.accessibility = node.accessibility();
      out.nodes.set(key, shown);
      if (isObject(record.props.action)) buttons.push(node);
      for (const name of slots) for (const child of node.childList(name!)) visit(child.id, child.context);
      for (const ref of record.children) if (typeof ref === 'string') visit(ref, ctx);
    };
    visit('root', store.context(sid)!);
    // Components not mounted (yet) still resolve without error at the root scope.
    for (const id of surface.ids()) {
      const node = new ComponentNode(store, surface, id, store.context(sid)!);
      for (const name of Object.keys(surface.peek(id)!.props)) node.value(name);
      node.failedChecks();
      node.accessibility();
    }
  }
  out.sent.length = 0;
  for (const b of buttons) assert.equal(await b.act(), true, `${b.id} acts`);
  return out;
}

/** Component ids inside a value (Tabs' `tabs[].child`) in v1.0 spelling. */
function mapIds(value: unknown, ids: Set<string>): unknown {
  if (typeof value === 'string') return ids.has(value) ? v10Id(value) : value;
  if (Array.isArray(value)) return value.map((v) => mapIds(v, ids));
  return isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapIds(v, ids)])) : value;
}

/** v1.0 has no heading variants: the upgraded examples drop `variant: hN` and sometimes prefix the text with `#`s. */
function sameText(v09: Record<string, unknown>, v10: Record<string, unknown>, prop: string): boolean {
  const heading = /^h([1-5])$/.exec(String(v09.variant));
  if (v09.type !== 'Text' || !heading) return false;
  if (prop === 'variant') return v10.variant === undefined;
  return prop === 'text' && v10.text === `${'#'.repeat(Number(heading[1]))} ${v09.text}`;
}

/** An outbound message without its version fields, timestamps fixed and ids in v1.0 spelling. */
function comparable({ message, meta }: Rendered['sent'][number]): unknown {
  const body = 'action' in message ? { ...message.action, timestamp: TIME, sourceComponentId: v10Id(message.action.sourceComponentId) } : message;
  const model = meta.a2uiClientDataModel ?? meta.a2uiRendererDataModel;
  return { kind: Object.keys(message).find((k) => k !== 'version'), body, dataModel: model?.surfaces };
}

test('v0.9.1 examples', { skip: files.length ? false : specSkip('shared/spec is absent') }, async (t) => {
  for (const file of files) {
    await t.test(file, async () => {
      const v09 = await render(JSON.parse(readFileSync(new URL(file, V09), 'utf8')).messages, true);
      assert.deepEqual(v09.errors, []);
      assert.ok(v09.nodes.size > 0, 'something is mounted');
      for (const { message, meta } of v09.sent) {
        assert.equal(message.version, 'v0.9');
        assert.equal(meta.a2uiRendererDataModel, undefined);
        if (meta.a2uiClientDataModel) assert.equal(meta.a2uiClientDataModel.version, 'v0.9');
      }
      if (!existsSync(new URL(file, V10))) return;
      const v10 = await render(JSON.parse(readFileSync(new URL(file, V10), 'utf8')).messages, false);
      assert.deepEqual(v10.errors, []);
      assert.deepEqual([...v09.nodes.keys()].sort(), [...v10.nodes.keys()].sort(), 'the same components are mounted');
      for (const [key, a] of v09.nodes) {
        const b = v10.nodes.get(key)!;
        for (const prop of new Set([...Object.keys(a), ...Object.keys(b)])) {
          if (sameText(a, b, prop)) continue;
          assert.deepEqual(a[prop], b[prop], `${key}.${prop}`);
        }
      }
      assert.deepEqual(v09.sent.map(comparable), v10.sent.map(comparable), 'the same outbound payloads');
    });
  }
});
