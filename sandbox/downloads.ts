/**
 * `ui/download-file` from an app, turned into files the host offers the user (never saved, opened
 * or navigated to by the app itself): embedded resources (`text` or base64 `blob`) become Blobs;
 * resource links to server resources are read through {@link ResourceAccess} (so only
 * `allowedResources`); http(s) links stay links the user may follow. Every other scheme
 * (`javascript:`, `data:`, `blob:`, `file:`, …) is refused. File names are sanitized, sizes and
 * counts bounded; Blobs are typed `application/octet-stream` so that no saved or opened file
 * renders as a page on the host's origin, whatever type the app claimed.
 */
import type { McpAppDownloadFile } from './host.ts';
import { isPlainObject } from './json.ts';
import { INVALID_PARAMS } from './protocol.ts';
import { RESOURCE_LIMITS, type ResourceAccess } from './resources.ts';

/** At most this many files per request, together at most this many bytes. */
export const DOWNLOAD_LIMITS = { maxFiles: 10, maxBytes: RESOURCE_LIMITS.maxBytes, maxNameLength: 120 } as const;

/** Files to offer, or why not (with the JSON-RPC code of the refusal). */
export type DownloadOutcome = { files: McpAppDownloadFile[] } | { code: number; problem: string };

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/**
 * A file name safe to suggest to the browser: the last path segment, without control, bidi and
 * zero-width characters or `<>:"/\|?*`, no leading dots, no trailing dots or spaces, no Windows
 * device names, at most {@link DOWNLOAD_LIMITS.maxNameLength} characters; `fallback` when nothing is left.
 */
export function safeFileName(raw: unknown, fallback = 'download'): string {
  let name = typeof raw === 'string' ? raw : '';
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, DOWNLOAD_LIMITS.maxNameLength)
    .replace(/[.\s]+$/g, '');
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  return name || fallback;
}

/** A declared MIME type, for display only (`type/subtype`, lower case), else octet-stream. */
const mimeOf = (m: unknown) =>
  typeof m === 'string' && /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(m.split(';')[0]!.trim())
    ? m.split(';')[0]!.trim().toLowerCase()
    : 'application/octet-stream';

/** The name a URI suggests (its last path segment, decoded when possible). */
function nameFromUri(uri: unknown): string {
  if (typeof uri !== 'string') return '';
  const last = uri.split(/[?#]/, 1)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Decodes base64 (strictly), or null. */
function fromBase64(b64: string): Uint8Array | null {
  if (b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return null;
  try {
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Bytes of a resource's contents (`text` or base64 `blob`), or why not. */
function bytesOf(content: Record<string, unknown>): Uint8Array | string {
  if (typeof content.text === 'string') return new TextEncoder().encode(content.text);
  if (typeof content.blob === 'string') return fromBase64(content.blob) ?? 'blob is not valid base64';
  return 'needs text or a base64 blob';
}

const fileOf = (name: string, mimeType: string, bytes: Uint8Array): McpAppDownloadFile => ({
  name,
  mimeType,
  size: bytes.byteLength,
  blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
});

/** Checks `ui/download-file` params and builds the files to offer. */
export async function prepareDownload(params: unknown, resources: ResourceAccess): Promise<DownloadOutcome> {
  const refuse = (problem: string): DownloadOutcome => ({ code: INVALID_PARAMS, problem: `Download refused: ${problem}` });
  const contents = isPlainObject(params) ? params.contents : undefined;
  if (!Array.isArray(contents) || contents.length === 0) return refuse('contents must be a non-empty array');
  if (contents.length > DOWNLOAD_LIMITS.maxFiles) return refuse(`more than ${DOWNLOAD_LIMITS.maxFiles} files`);
  const files: McpAppDownloadFile[] = [];
  let total = 0;
  for (const [i, item] of contents.entries()) {
    if (!isPlainObject(item)) return refuse(`contents[${i}] is not an object`);
    let file: McpAppDownloadFile | string;
    if (item.type === 'resource' && isPlainObject(item.resource)) {
      const r = item.resource;
      const bytes = bytesOf(r);
      file = typeof bytes === 'string' ? bytes : fileOf(safeFileName(nameFromUri(r.uri)), mimeOf(r.mimeType), bytes);
    } else if (item.type === 'resource_link' && typeof item.uri === 'string') {
      file = await linked(item, resources);
    } else {
      return refuse(`contents[${i}] must be an embedded resource or a resource link`);
    }
    if (typeof file === 'string') return refuse(`contents[${i}] ${file}`);
    total += file.size;
    if (total > DOWNLOAD_LIMITS.maxBytes) return refuse(`files exceed ${DOWNLOAD_LIMITS.maxBytes} bytes`);
    files.push(file);
  }
  return { files };
}

/** A resource link: an http(s) URL to follow, or a server resource read through the allowlist. */
async function linked(link: Record<string, unknown>, resources: ResourceAccess): Promise<McpAppDownloadFile | string> {
  const uri = link.uri as string;
  const name = safeFileName(typeof link.name === 'string' && link.name ? link.name : nameFromUri(uri));
  const mimeType = mimeOf(link.mimeType);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return 'is not a valid URL';
    }
    if (url.username || url.password) return 'has credentials in its URL';
    return { name, mimeType, size: typeof link.size === 'number' && link.size >= 0 ? link.size : 0, url: url.href };
  }
  if (!scheme || ['javascript', 'data', 'blob', 'file', 'filesystem', 'about', 'vbscript'].includes(scheme)) {
    return `cannot be downloaded from a '${scheme ?? 'relative'}' link`;
  }
  if (!resources.available) return 'is a server resource, and this host reads none';
  const outcome = await resources.read({ uri });
  if ('problem' in outcome) return `was not read: ${outcome.problem}`;
  const content = (outcome.result.contents as Record<string, unknown>[])[0]!;
  const bytes = bytesOf(content);
  return typeof bytes === 'string' ? bytes : fileOf(name, mimeOf(link.mimeType ?? content.mimeType), bytes);
}
