/**
 * Server resources through the host (`resources/read`, `resources/list`): an app reads only the
 * URIs the host allows (`allowedResources`: exact URIs, or prefixes ending in `/`; by default
 * `ui://`, i.e. the `ui://` resources of the app's own server), from the app's own client only,
 * and gets the answer back checked like a payload (JSON only, size, depth) and rebuilt from the
 * fields MCP defines. URIs are compared as written, after refusing every form that could mean
 * something else to a server than to this check: dot segments, encoded dots/slashes/backslashes
 * or percent signs, non-ASCII, whitespace and control characters, an upper-case scheme.
 */
import { checkPayload } from './guards.ts';
import type { McpAppClient } from './host.ts';
import { cloneJson, isPlainObject } from './json.ts';
import { INTERNAL_ERROR, INVALID_PARAMS } from './protocol.ts';

/** What an answer from the server may weigh before it is refused (resources can be whole HTML bundles). */
export const RESOURCE_LIMITS = { maxDepth: 10, maxBytes: 2 * 1024 * 1024, maxUriLength: 2048, maxCursorLength: 1024 } as const;

/** `allowedResources` when the host gives none: every `ui://` resource of the app's own server. */
export const DEFAULT_ALLOWED_RESOURCES: readonly string[] = ['ui://'];

/** The outcome of a resource request: the answer for the app, or why not (with its JSON-RPC code). */
export type ResourceOutcome = { result: Record<string, unknown> } | { code: number; problem: string };

/** The fields of a listed resource MCP defines; others are not passed on. */
const LISTED_FIELDS = ['uri', 'name', 'title', 'description', 'mimeType', 'size', 'annotations', 'icons', '_meta'] as const;

const pick = (o: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => Object.hasOwn(o, k)).map((k) => [k, o[k]]));

/** A URI as it appears in a message (bounded, printable). */
const shown = (uri: string) => JSON.stringify(uri.length > 120 ? `${uri.slice(0, 120)}…` : uri);

/** Why `uri` cannot be checked safely, or null. */
export function uriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string' || uri === '') return 'needs a uri (a string)';
  if (uri.length > RESOURCE_LIMITS.maxUriLength) return `uri is longer than ${RESOURCE_LIMITS.maxUriLength} characters`;
  if (!/^[a-z][a-z0-9+.-]*:/.test(uri)) return 'uri needs a lower-case scheme';
  if (/[^\x21-\x7e]|\\/.test(uri)) return 'uri has whitespace, control, non-ASCII or backslash characters';
  if (/%(?:2e|2f|5c|25|00)/i.test(uri)) return 'uri has an encoded dot, slash, backslash, percent or NUL';
  try {
    decodeURIComponent(uri);
  } catch {
    return 'uri has malformed percent-encoding';
  }
  const path = uri.split(/[?#]/, 1)[0]!;
  if (path.split('/').some((s) => s === '.' || s === '..')) return 'uri has dot segments';
  return null;
}

/** True when `uri` (already free of {@link uriProblem}s) is listed: equal to an entry, or under an entry ending in `/`. */
export function isAllowedUri(uri: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => typeof entry === 'string' && (entry.endsWith('/') ? uri.startsWith(entry) : uri === entry));
}

/** The app's window onto its server's resources. */
export class ResourceAccess {
  constructor(
    private readonly client: McpAppClient | undefined,
    /** `allowedResources`, read live (undefined: {@link DEFAULT_ALLOWED_RESOURCES}). */
    private readonly allowedList: () => readonly string[] | undefined,
  ) {}

  /** True when there is a client that reads resources (then `serverResources` is offered). */
  get available(): boolean {
    return typeof this.client?.readResource === 'function';
  }

  /** Why the app may not read `uri`, or null. */
  check(uri: unknown): string | null {
    const problem = uriProblem(uri);
    if (problem) return `resources/read ${problem}`;
    return isAllowedUri(uri as string, this.allowed()) ? null : `Resource ${shown(uri as string)} is not allowed`;
  }

  /** `resources/read`, checked both ways. */
  async read(params: unknown): Promise<ResourceOutcome> {
    const uri = isPlainObject(params) ? params.uri : undefined;
    const problem = this.check(uri);
    if (problem) return { code: INVALID_PARAMS, problem };
    const answer = await this.ask(() => this.client!.readResource!({ uri: uri as string }), `Resource ${shown(uri as string)}`);
    if ('problem' in answer) return answer;
    const contents = isPlainObject(answer.result) && Array.isArray(answer.result.contents) ? answer.result.contents : null;
    const clean = contents?.map((c) => this.content(c));
    if (!clean || clean.length === 0 || clean.includes(null)) return this.bad(`Resource ${shown(uri as string)}`, 'malformed contents');
    return { result: { contents: clean } };
  }

  /** `resources/list`: one page of the server's list, without the resources the app may not read. */
  async list(params: unknown): Promise<ResourceOutcome> {
    if (typeof this.client?.listResources !== 'function') return { code: INVALID_PARAMS, problem: 'This host does not list resources' };
    const cursor = isPlainObject(params) ? params.cursor : undefined;
    if (cursor !== undefined && (typeof cursor !== 'string' || cursor.length > RESOURCE_LIMITS.maxCursorLength)) {
      return { code: INVALID_PARAMS, problem: 'resources/list cursor must be a short string' };
    }
    const answer = await this.ask(() => this.client!.listResources!(cursor === undefined ? undefined : { cursor }), 'Resource list');
    if ('problem' in answer) return answer;
    const res = answer.result;
    if (!isPlainObject(res) || !Array.isArray(res.resources)) return this.bad('Resource list', 'malformed answer');
    const allowed = this.allowed();
    const resources = res.resources
      .filter((r) => isPlainObject(r) && typeof r.name === 'string' && uriProblem(r.uri) === null && isAllowedUri(r.uri as string, allowed))
      .map((r) => pick(r as Record<string, unknown>, LISTED_FIELDS));
    const next = typeof res.nextCursor === 'string' && res.nextCursor.length <= RESOURCE_LIMITS.maxCursorLength ? { nextCursor: res.nextCursor } : {};
    return { result: { resources, ...next } };
  }

  private allowed(): readonly string[] {
    const list = this.allowedList();
    return Array.isArray(list) ? list : DEFAULT_ALLOWED_RESOURCES;
  }

  /** Runs a client call and checks its answer as a payload. */
  private async ask(call: () => Promise<unknown>, what: string): Promise<{ result: unknown } | { code: number; problem: string }> {
    let result: unknown;
    try {
      result = await call();
    } catch (e) {
      return { code: INTERNAL_ERROR, problem: `${what} failed: ${String((e as Error)?.message ?? e).slice(0, 300)}` };
    }
    const problem = checkPayload(result, RESOURCE_LIMITS);
    return problem ? this.bad(what, problem) : { result: cloneJson(result) };
  }

  private bad(what: string, problem: string): { code: number; problem: string } {
    return { code: INTERNAL_ERROR, problem: `${what} answer rejected: ${problem}` };
  }

  /** One entry of `contents`, rebuilt from MCP's fields; null when malformed or not allowed. */
  private content(c: unknown): Record<string, unknown> | null {
    if (!isPlainObject(c) || uriProblem(c.uri) !== null || !isAllowedUri(c.uri as string, this.allowed())) return null;
    const body = typeof c.text === 'string' ? { text: c.text } : typeof c.blob === 'string' ? { blob: c.blob } : null;
    if (!body) return null;
    return {
      uri: c.uri,
      ...(typeof c.mimeType === 'string' ? { mimeType: c.mimeType } : {}),
      ...body,
      ...(isPlainObject(c._meta) ? { _meta: c._meta } : {}),
    };
  }
}
