/**
 * The generated catalog definitions against the spec catalogs, and the validator against the spec
 * examples and schema test suites (read from ../shared/spec; skipped when it is absent, failing under CI=true).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  schemaExplainer,
  schemaValidator,
  commonTypes,
  createSchemaContext,
  functionArgsSchema,
  validate,
  validateComponent,
  type CatalogDocument,
  type SchemaContext,
} from '../../src/schema/index.ts';
import { basicCatalog } from '../../src/catalog/definitions/basic.ts';
import { mcpCatalog } from '../../src/catalog/definitions/mcp.ts';
import { DEFINITIONS_DIR, generateTarget, TARGETS } from '../../scripts/gen-catalog-definitions.ts';
import { SPEC_DIR, specSkip } from '../spec-data.ts';

// A refusal's issues come from a piece loaded on first use; these tests read them synchronously.
await Promise.all([schemaValidator.load(), schemaExplainer.load()]);

const SPEC = `${SPEC_DIR}/v1_0-current`;
const skip = specSkip(existsSync(SPEC) ? false : `spec data not found at ${SPEC}`);
const read = (rel: string) => JSON.parse(readFileSync(join(SPEC, rel), 'utf8'));
type Json = Record<string, any>;

/** Every `@call` object in a value, with its pointer. */
function calls(v: unknown, path = '', out: [string, Json][] = []): [string, Json][] {
  if (Array.isArray(v)) v.forEach((x, i) => calls(x, `${path}/${i}`, out));
  else if (typeof v === 'object' && v !== null) {
    if (typeof (v as Json)['@call'] === 'string') out.push([path, v as Json]);
    for (const [k, x] of Object.entries(v)) calls(x, `${path}/${k}`, out);
  }
  return out;
}

/** What the store checks per call: the declared function and its arguments (as on the wire). */
function callIssues(value: unknown, ctx: SchemaContext): string[] {
  return calls(value).flatMap(([path, call]) => {
    const schema = functionArgsSchema(call['@call'], ctx);
    if (!schema) return [`${path}: function ${call['@call']} is not declared`];
    return validate(call.args ?? {}, schema, ctx).map((i) => `${path}/args${i.path}: ${i.message}`);
  });
}

const componentIssues = (components: unknown[], ctx: SchemaContext) =>
  components.flatMap((c, i) => validateComponent(c, ctx).map((x) => `/${i}${x.path}: ${x.message}`));

const messageComponents = (m: Json): unknown[] => {
  const list = m.createSurface?.components ?? m.updateComponents?.components;
  return Array.isArray(list) ? list : [];
};

describe('generated catalog definitions', { skip }, () => {
  const pairs: [string, CatalogDocument, Json][] = skip
    ? []
    : [
        ['basic', basicCatalog, read('catalogs/basic/catalog.json')],
        ['mcp', mcpCatalog, read('catalogs/mcp/catalog.json')],
      ];

  test('are what the generator makes from the spec today', () => {
    for (const t of TARGETS) {
      for (const [file, expected] of Object.entries(generateTarget(read(t.source), t))) {
        assert.equal(readFileSync(join(DEFINITIONS_DIR, file), 'utf8'), expected, `${file}: run scripts/gen-catalog-definitions.ts`);
      }
    }
  });

  test('keep catalog id, protocol version, component and function names', () => {
    for (const [name, def, spec] of pairs) {
      assert.equal(def.catalogId, spec.catalogId, name);
      assert.equal(def.protocolVersion, spec.protocolVersion, name);
      assert.deepEqual(Object.keys(def.components), Object.keys(spec.components), name);
      assert.deepEqual(Object.keys(def.functions ?? {}), Object.keys(spec.functions ?? {}), name);
      assert.deepEqual(Object.keys(def.$defs ?? {}), Object.keys(spec.$defs ?? {}), name);
    }
    assert.equal(Object.keys(basicCatalog.components).length, 18);
    assert.equal(Object.keys(basicCatalog.functions!).length, 14);
  });

  test('keep every validation keyword at the same place (enums, required, defaults, types, refs…)', () => {
    const KEEP = new Set([
      'type', 'enum', 'const', 'default', 'required', '$ref', 'minItems', 'maxItems', 'minimum', 'maximum',
      'pattern', 'format', 'additionalProperties', 'unevaluatedProperties', 'returnType', 'allowedCallers',
      'requiresUserActivation',
    ]);
    const facts = (n: unknown, path = '', out: string[] = []): string[] => {
      if (typeof n !== 'object' || n === null) return out;
      for (const [k, v] of Object.entries(n)) {
        if (k === 'properties' && typeof v === 'object') out.push(`${path}/properties = ${Object.keys(v).join(',')}`);
        if (KEEP.has(k) && (typeof v !== 'object' || Array.isArray(v) || v === null)) out.push(`${path}/${k} = ${JSON.stringify(v)}`);
        if (typeof v === 'object') facts(v, `${path}/${k}`, out);
      }
      return out;
    };
    for (const [name, def, spec] of pairs) {
      const specFacts = facts(spec);
      assert.ok(specFacts.length > 100, name);
      assert.deepEqual(facts(def).sort(), specFacts.sort(), name);
    }
  });

  test('keep function calling rules and argument schemas', () => {
    for (const [, def, spec] of pairs) {
      for (const [fn, s] of Object.entries(spec.functions as Json)) {
        const d = def.functions![fn]!;
        assert.equal(d.returnType, s.returnType, fn);
        assert.equal(d.allowedCallers, s.allowedCallers, fn);
        assert.equal(d.requiresUserActivation, s.requiresUserActivation, fn);
        assert.deepEqual((d.properties as Json).args?.required, s.properties.args?.required, fn);
      }
    }
    assert.equal(basicCatalog.functions!.openUrl!.requiresUserActivation, true);
    assert.equal(basicCatalog.functions!.required!.returnType, 'validationResult');
  });

  test('drop descriptions, instructions and titles but keep properties of those names', () => {
    for (const [name, def, spec] of pairs) {
      const text = JSON.stringify(def);
      assert.ok(JSON.stringify(spec).includes('"description"'), name);
      assert.ok(!text.includes('"instructions"') && !text.includes('"$schema"'), name);
      assert.ok(text.length < JSON.stringify(spec).length * 0.7, `${name} is not a copy of the spec file`);
      const annotations = (n: unknown, inMap = false): string[] =>
        typeof n !== 'object' || n === null
          ? []
          : Object.entries(n).flatMap(([k, v]) => [
              ...(!inMap && ['description', 'title', 'examples'].includes(k) ? [k] : []),
              ...annotations(v, ['properties', '$defs', 'components', 'functions'].includes(k)),
            ]);
      assert.deepEqual(annotations(def), [], name);
    }
    assert.ok('description' in (basicCatalog.components.Image!.properties as Json));
    const tabItems = (basicCatalog.components.Tabs!.properties as Json).tabs.items;
    assert.ok('title' in tabItems.properties);
    assert.ok('title' in (mcpCatalog.components.McpApp!.allOf as Json[])[1]!.properties);
  });
});

describe('common types against the spec', { skip }, () => {
  test('define the spec $defs with the same properties and required lists', () => {
    const spec = read('json/common_types.json').$defs as Json;
    const ours = (commonTypes.$defs ?? {}) as Json;
    assert.deepEqual(Object.keys(ours).filter((k) => k !== 'ValidationResult'), Object.keys(spec));
    for (const [name, s] of Object.entries(spec)) {
      // FunctionCall: envelope only, by design (its properties come from FunctionCommon in the spec).
      const specProps = name === 'FunctionCall' ? ['@call', 'catalogId', 'args'] : Object.keys(s.properties ?? {});
      assert.deepEqual(Object.keys(ours[name].properties ?? {}).sort(), specProps.sort(), name);
      if (name !== 'FunctionCall') assert.deepEqual(ours[name].required, s.required, name);
      assert.equal(ours[name].pattern, s.pattern, name);
    }
    const catalogDef = read('json/catalog_definition.json').$defs.ValidationResult;
    assert.deepEqual(Object.keys(ours.ValidationResult.properties), Object.keys(catalogDef.properties));
  });
});

describe('spec examples', { skip }, () => {
  test('every component of every basic example validates, and so does every call in it', () => {
    const ctx = createSchemaContext(basicCatalog);
    const dir = join(SPEC, 'catalogs/basic/examples');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    assert.ok(files.length >= 40);
    let components = 0;
    for (const f of files) {
      for (const m of read(`catalogs/basic/examples/${f}`).messages as Json[]) {
        const list = messageComponents(m);
        components += list.length;
        assert.deepEqual(componentIssues(list, ctx), [], f);
        assert.deepEqual(callIssues(list, ctx), [], f);
      }
    }
    assert.ok(components > 500, `only ${components} components found`);
  });

  test('MCP examples validate with the catalog each component names', () => {
    const ctxs = new Map([basicCatalog, mcpCatalog].map((c) => [c.catalogId, createSchemaContext(c)]));
    let mcpApps = 0;
    for (const f of readdirSync(join(SPEC, 'catalogs/mcp/examples'))) {
      let surfaceCatalog = '';
      for (const m of read(`catalogs/mcp/examples/${f}`).messages as Json[]) {
        surfaceCatalog = m.createSurface?.catalogId ?? surfaceCatalog;
        for (const c of messageComponents(m) as Json[]) {
          const ctx = ctxs.get(c['@catalogId'] ?? surfaceCatalog)!;
          if (ctx.root === mcpCatalog) mcpApps++;
          assert.deepEqual(validateComponent(c, ctx), [], `${f} ${c.id}`);
        }
      }
    }
    assert.equal(mcpApps, 3);
  });

  test('the contact form stream validates', () => {
    const ctx = createSchemaContext(basicCatalog);
    const lines = readFileSync(join(SPEC, 'test/cases/contact_form_example.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
    const components = lines.flatMap((l) => messageComponents(JSON.parse(l)));
    assert.ok(components.length > 10);
    assert.deepEqual(componentIssues(components, ctx), []);
    assert.deepEqual(callIssues(components, ctx), []);
  });
});

/**
 * Cases of the agent→renderer suites that component-level validation cannot decide: message
 * envelope rules the store owns. Every other case is decided by components (plus, where noted
 * in CALL_LEVEL, by checking each call's arguments against the called function's schema).
 */
const MESSAGE_LEVEL: Record<string, Record<number, string>> = {
  'call_function_message.json': {
    3: 'callRendererFunction.callFunction must carry catalogId',
    4: 'callRendererFunction.functionCallId is required',
    5: 'callRendererFunction.callFunction is required',
  },
  'current_syntax_components.json': {
    32: 'createSurface accepts no theme key',
    33: 'version must be "1.0"',
    35: 'updateDataModel takes a plain path, no other keys',
  },
  'initial_state_validation.json': {
    4: 'createSurface accepts no unknown keys',
    5: 'components must be an array',
    6: 'components needs at least one item',
    8: 'dataModel must be an object',
    13: 'createSurface.metadata.extensions keys are UAX #31 identifiers',
    14: 'createSurface.metadata accepts only extensions',
  },
};
/** Invalid cases whose only defect is a call: an undeclared function or arguments its schema rejects. */
const CALL_LEVEL: Record<string, number[]> = {
  'call_function_message.json': [6],
  'current_syntax_components.json': [37],
  'current_syntax_dynamic_values.json': [10],
  'function_catalog_validation.json': [1, 4, 7, 13, 15, 18, 22, 23, 24, 25, 26, 27, 28, 29, 30, 32, 34, 36, 38, 40],
};

describe('spec schema test suites (agent→renderer, component level)', { skip }, () => {
  const dir = join(SPEC, 'test/cases');
  const suites = skip ? [] : readdirSync(dir).filter((f) => f.endsWith('.json'));
  const testing = skip ? undefined : read('test/testing_catalog.json');

  for (const file of suites) {
    const suite = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json;
    if ((suite.schema ?? 'agent_to_renderer.json') !== 'agent_to_renderer.json') continue;
    test(file, () => {
      const ctx = createSchemaContext(suite.catalog === 'testing_catalog.json' ? testing : basicCatalog);
      (suite.tests as Json[]).forEach((t, i) => {
        const label = `${file} [${i}] ${t.description}`;
        const valid = t.valid ?? true;
        const components = messageComponents(t.data);
        const byComponents = componentIssues(components, ctx);
        // The store validates a callRendererFunction's callFunction as a FunctionCall, then its args.
        const callFunction = t.data.callRendererFunction?.callFunction;
        const envelope = callFunction === undefined ? [] : validate(callFunction, { $ref: 'common_types.json#/$defs/FunctionCall' }, ctx);
        const byCalls = [...envelope.map((x) => x.message), ...callIssues([components, callFunction], ctx)];
        if (MESSAGE_LEVEL[file]?.[i]) {
          assert.equal(valid, false, label);
          assert.deepEqual([...byComponents, ...byCalls], [], `${label}: expected to need a message-level rule`);
        } else if (CALL_LEVEL[file]?.includes(i)) {
          assert.equal(valid, false, label);
          assert.deepEqual(byComponents, [], label);
          assert.notDeepEqual(byCalls, [], `${label}: the call check must reject it`);
        } else {
          assert.equal(byComponents.length === 0, valid, `${label}: ${byComponents.join('; ')}`);
          if (valid) assert.deepEqual(byCalls, [], label);
        }
      });
    });
  }
});
