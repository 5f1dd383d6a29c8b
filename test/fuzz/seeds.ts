/**
 * Valid seed streams: the basic catalog's examples (`messages` arrays). Loading is the caller's
 * job (node:fs in Node, fetch in a browser); this file only normalises them.
 */
import { clone, isObj, type Json } from './json.ts';

export const BASIC_CATALOG = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

/** One example stream with the surface it creates. */
export interface Seed {
  readonly name: string;
  readonly surfaceId: string;
  readonly messages: readonly Json[];
}

/** Keeps the examples that are one-surface streams starting with `createSurface`. */
export function prepareSeeds(examples: ReadonlyArray<{ name: string; messages: unknown }>): Seed[] {
  const out: Seed[] = [];
  for (const ex of examples) {
    if (!Array.isArray(ex.messages) || ex.messages.length === 0) continue;
    const first = ex.messages[0] as Json;
    const body = isObj(first) ? first.createSurface : undefined;
    if (!isObj(body) || typeof body.surfaceId !== 'string') continue;
    out.push({ name: ex.name, surfaceId: body.surfaceId, messages: clone(ex.messages as Json[]) });
  }
  return out;
}

/** The seed's messages with every message-level `surfaceId` renamed. */
export function retarget(messages: readonly Json[], to: string): Json[] {
  return messages.map((m) => {
    const copy = clone(m);
    if (isObj(copy)) {
      for (const key of Object.keys(copy)) {
        const body = copy[key];
        if (isObj(body) && typeof body.surfaceId === 'string') body.surfaceId = to;
      }
    }
    return copy;
  });
}

/** What a seed stream contains, for generators that want to hit real ids and paths. */
export interface SeedFacts {
  componentIds: string[];
  /** Absolute pointers that appear as `{"@path"}` bindings or data-model keys. */
  dataPaths: string[];
  /** Absolute pointers TextFields are bound to (what a user types into). */
  inputPaths: string[];
}

export function factsOf(messages: readonly Json[]): SeedFacts {
  const componentIds = new Set<string>();
  const dataPaths = new Set<string>();
  const inputPaths = new Set<string>();
  const visitData = (v: Json, path: string, depth: number) => {
    if (depth > 6) return;
    if (path !== '') dataPaths.add(path);
    if (isObj(v)) for (const k of Object.keys(v)) visitData(v[k], `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
    else if (Array.isArray(v)) v.slice(0, 3).forEach((e, i) => visitData(e, `${path}/${i}`, depth + 1));
  };
  const visitBindings = (v: Json, depth: number) => {
    if (depth > 40) return;
    if (Array.isArray(v)) v.forEach((e) => visitBindings(e, depth + 1));
    else if (isObj(v)) {
      if (typeof v['@path'] === 'string' && v['@path'].startsWith('/')) dataPaths.add(v['@path']);
      for (const k of Object.keys(v)) visitBindings(v[k], depth + 1);
    }
  };
  for (const m of messages) {
    if (!isObj(m)) continue;
    const body = (m.createSurface ?? m.updateComponents ?? m.updateDataModel) as Json | undefined;
    if (!isObj(body)) continue;
    if (isObj(body.dataModel)) visitData(body.dataModel, '', 0);
    if (m.updateDataModel !== undefined && body.value !== undefined) {
      visitData(body.value, typeof body.path === 'string' && body.path !== '/' ? body.path : '', 0);
    }
    if (Array.isArray(body.components)) {
      for (const c of body.components) {
        if (!isObj(c)) continue;
        if (typeof c.id === 'string') componentIds.add(c.id);
        visitBindings(c, 0);
        const value = c.value;
        if (c.component === 'TextField' && isObj(value) && typeof value['@path'] === 'string') inputPaths.add(value['@path']);
      }
    }
  }
  return { componentIds: [...componentIds], dataPaths: [...dataPaths], inputPaths: [...inputPaths] };
}
