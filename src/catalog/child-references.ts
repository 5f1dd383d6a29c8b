/**
 * Reading and rewriting the child references a component makes at its type's child positions
 * (child-positions.ts). Only component validation and the v0.9 rules need it: it arrives with the
 * schema validator.
 */
import { isObject } from '../json.ts';
import type { ChildPosition, ChildTemplate } from './child-positions.ts';

/** The child references a component's properties make, in order (static ids and templates). */
export function childReferences(props: Record<string, unknown>, positions: readonly ChildPosition[]): Array<string | ChildTemplate> {
  const out: Array<string | ChildTemplate> = [];
  for (const p of positions) collect(props, p.path, 0, p.kind, out);
  return out;
}

function collect(value: unknown, path: readonly string[], i: number, kind: 'one' | 'list', out: Array<string | ChildTemplate>): void {
  if (i === path.length) {
    if (kind === 'one') {
      if (typeof value === 'string') out.push(value);
    } else if (Array.isArray(value)) {
      for (const v of value) if (typeof v === 'string') out.push(v);
    } else if (isObject(value) && typeof value.componentId === 'string' && typeof value.path === 'string') {
      out.push({ componentId: value.componentId, path: value.path });
    }
    return;
  }
  const key = path[i];
  if (key === '*') {
    if (Array.isArray(value)) for (const v of value) collect(v, path, i + 1, kind, out);
  } else if (isObject(value) && Object.hasOwn(value, key)) {
    collect(value[key], path, i + 1, kind, out);
  }
}

/**
 * A copy of `props` with every child reference replaced by `standIn` (a valid id): for checking
 * the properties of a surface whose ids need not be identifiers (v0.9, draft v1.0) against
 * schemas whose `ComponentId` carries the UAX #31 pattern.
 */
export function withStandInIds(props: Record<string, unknown>, positions: readonly ChildPosition[], standIn: string): Record<string, unknown> {
  let out = props;
  for (const p of positions) out = replace(out, p.path, 0, p.kind, standIn) as Record<string, unknown>;
  return out;
}

function replace(value: unknown, path: readonly string[], i: number, kind: 'one' | 'list', standIn: string): unknown {
  if (i === path.length) {
    if (kind === 'one') return typeof value === 'string' ? standIn : value;
    if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? standIn : v));
    if (isObject(value) && typeof value.componentId === 'string') return { ...value, componentId: standIn };
    return value;
  }
  const key = path[i];
  if (key === '*') return Array.isArray(value) ? value.map((v) => replace(v, path, i + 1, kind, standIn)) : value;
  if (!isObject(value) || !Object.hasOwn(value, key)) return value;
  const copy = { ...value };
  Object.defineProperty(copy, key, { value: replace(value[key], path, i + 1, kind, standIn), enumerable: true, writable: true, configurable: true });
  return copy;
}
