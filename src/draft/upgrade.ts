/**
 * The draft-v1.0 rewriting rules: turn payloads written in the published draft of v1.0 (the wire of
 * `v1_0/`, what today's models and the official SDK emit) into the current v1.0 wire syntax, by the
 * rules of `v1_0-current/README.md` ("Transformation rules for payloads"). The store's draft
 * adapter (`adapter.ts`) and the conformance runner use these same functions.
 *
 * 1. in a dynamic position, an object with a `path` key: `path` → `@path`;
 * 2. in a dynamic position, an object with a `call` key: `call` → `@call`, `returnType` and
 *    `allowedCallers` removed, `args` upgraded as dynamic values, `catalogId` kept;
 * 3. at the root of a component: `checks`, `accessibility`, `metadata`, `catalogId` → `@…` unless
 *    the component's schema declares a property of that name; `@checks` / `@accessibility` content
 *    is then upgraded by rules 1 and 2;
 * 4. message envelopes: `"version": "v1.0"` → `"1.0"`;
 * 6. never rewritten: ChildList templates, `updateDataModel.path`, data-model values,
 *    `createSurface.catalogId` / `metadata`, `FunctionCall.catalogId`.
 *
 * Rules 1 and 2 run only for inputs that still write draft bindings (`draftBindings`); inputs that
 * already use `@path` / `@call` keep plain `path` / `call` keys as the literal data they now are
 * (the store's draft adapter always runs them: in the draft, a `{path}` object in a dynamic
 * position *is* a binding, and an object that already says `@path` is left as it is).
 * Positions: component properties other than child references are dynamic, as are
 * `Action.event.context` values, `Action.event.userMessage`, `Action.functionCall`, check
 * conditions and accessibility label/description/hidden. Custom catalogs may type their
 * properties loosely, so the walk does not consult schemas beyond the envelope-key rule.
 *
 * @module
 */
import { isObject, MAX_JSON_DEPTH } from '../json.ts';

const ENVELOPE = ['checks', 'accessibility', 'metadata', 'catalogId'] as const;

/** Sets an own property, whatever its name: input keys such as `__proto__` stay data. */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** What the upgrader needs to know about the case. */
export interface UpgradeOptions {
  /** Rules 1 and 2 apply (the suite writes `{path}` / `{call}` bindings). */
  readonly draftBindings: boolean;
  /** The property names a component type declares in a catalog (for rule 3), if known. */
  declaredProperties?(catalogId: string | undefined, type: string): ReadonlySet<string> | undefined;
}

/** True when a suite's text still writes draft bindings: it never uses an `@path` / `@call` key. */
export function usesDraftBindings(text: string): boolean {
  return !/["']@(?:path|call)["']\s*:/.test(text);
}

/** Rule 4: `v1.0` → `1.0` (other versions are left as they are). */
export function upgradeVersion(v: unknown): unknown {
  return v === 'v1.0' ? '1.0' : v;
}

/** Upgrades a list of agent → renderer messages (or `{messages: [...]}`), tracking surface catalogs. */
export function upgradeMessages(input: unknown, options: UpgradeOptions, surfaceCatalogs = new Map<string, string | undefined>()): unknown {
  if (Array.isArray(input)) return input.map((m) => upgradeMessage(m, options, surfaceCatalogs));
  if (isObject(input) && Array.isArray(input.messages) && Object.keys(input).length === 1) {
    return { messages: input.messages.map((m) => upgradeMessage(m, options, surfaceCatalogs)) };
  }
  return upgradeMessage(input, options, surfaceCatalogs);
}

/** Upgrades one agent → renderer message. */
export function upgradeMessage(message: unknown, options: UpgradeOptions, surfaceCatalogs = new Map<string, string | undefined>()): unknown {
  if (!isObject(message)) return message;
  const out: Record<string, unknown> = {};
  for (const [key, body] of Object.entries(message)) {
    if (key === 'version') {
      out.version = upgradeVersion(body);
    } else if ((key === 'createSurface' || key === 'updateComponents') && isObject(body)) {
      const surfaceId = typeof body.surfaceId === 'string' ? body.surfaceId : undefined;
      if (key === 'createSurface' && surfaceId !== undefined) {
        surfaceCatalogs.set(surfaceId, typeof body.catalogId === 'string' ? body.catalogId : undefined);
      }
      const surfaceCatalog = surfaceId === undefined ? undefined : surfaceCatalogs.get(surfaceId);
      put(out, key, Array.isArray(body.components)
        ? { ...body, components: body.components.map((c) => upgradeComponent(c, options, surfaceCatalog)) }
        : body);
    } else if (key === 'callRendererFunction' && isObject(body) && options.draftBindings) {
      put(out, key, { ...body, callFunction: upgradeCall(body.callFunction) });
    } else {
      put(out, key, body);
    }
  }
  return out;
}

/** Upgrades one component definition (rule 3, then rules 1–2 on its dynamic positions). */
export function upgradeComponent(component: unknown, options: UpgradeOptions, surfaceCatalog?: string): unknown {
  if (!isObject(component)) return component;
  const type = typeof component.component === 'string' ? component.component : '';
  const catalogId = typeof component.catalogId === 'string' ? component.catalogId : (component['@catalogId'] as string | undefined) ?? surfaceCatalog;
  const declared = options.declaredProperties?.(catalogId, type);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(component)) {
    const envelope = (ENVELOPE as readonly string[]).includes(key) && !declared?.has(key) && !Object.hasOwn(component, `@${key}`);
    const name = envelope ? `@${key}` : key;
    put(out, name, options.draftBindings ? upgradeProperty(name, value) : value);
  }
  return out;
}

function upgradeProperty(name: string, value: unknown): unknown {
  if (name === 'id' || name === 'component' || name === '@catalogId' || name === '@metadata') return value;
  if (name === '@checks') return Array.isArray(value) ? value.map(upgradeCheck) : value;
  if (name === '@accessibility') return upgradeAccessibility(value);
  if (name === 'action') return upgradeAction(value);
  return upgradeDynamic(value);
}

function upgradeCheck(rule: unknown): unknown {
  return isObject(rule) && Object.hasOwn(rule, 'condition') ? { ...rule, condition: upgradeDynamic(rule.condition) } : rule;
}

function upgradeAccessibility(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out = { ...value };
  for (const k of ['label', 'description', 'hidden']) if (Object.hasOwn(out, k)) out[k] = upgradeDynamic(out[k]);
  return out;
}

/** An `Action`: event context values, userMessage and functionCall are dynamic positions. */
export function upgradeAction(value: unknown): unknown {
  if (!isObject(value)) return value;
  if (!isObject(value.event) && !isObject(value.functionCall)) return upgradeDynamic(value);
  const out = { ...value };
  if (isObject(value.event)) {
    const event = { ...value.event };
    if (isObject(event.context)) {
      event.context = Object.fromEntries(Object.entries(event.context).map(([k, v]) => [k, upgradeDynamic(v)]));
    }
    if (Object.hasOwn(event, 'userMessage')) event.userMessage = upgradeDynamic(event.userMessage);
    out.event = event;
  }
  if (isObject(value.functionCall)) out.functionCall = upgradeCall(value.functionCall);
  return out;
}

/** A `FunctionCall` position: `call` → `@call` (rule 2). */
export function upgradeCall(value: unknown): unknown {
  return upgradeDynamic(value);
}

/**
 * Rules 1 and 2 on a value in a dynamic position, recursing into literal arrays and objects.
 * Deeper than the data nesting limit nothing is rewritten (the store refuses such values anyway).
 */
export function upgradeDynamic(value: unknown, depth = 0): unknown {
  if (depth > MAX_JSON_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => upgradeDynamic(v, depth + 1));
  if (!isObject(value)) return value;
  // A ChildList template keeps its plain `path`.
  if (typeof value.componentId === 'string' && Object.hasOwn(value, 'path')) return value;
  const binding = Object.hasOwn(value, 'path') && !Object.hasOwn(value, '@path');
  const call = Object.hasOwn(value, 'call') && typeof value.call === 'string' && !Object.hasOwn(value, '@call');
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (binding && key === 'path') out['@path'] = v;
    else if (call && key === 'call') out['@call'] = v;
    else if (call && (key === 'returnType' || key === 'allowedCallers')) continue;
    else if (call && key === 'args' && isObject(v)) out.args = Object.fromEntries(Object.entries(v).map(([k, a]) => [k, upgradeDynamic(a, depth + 2)]));
    else if (key === 'catalogId' && call) out.catalogId = v;
    else put(out, key, upgradeDynamic(v, depth + 1));
  }
  return out;
}
