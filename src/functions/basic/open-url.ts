/** The `openUrl` body: opens an http(s) URL through the host, only during a user gesture. */
import { ExpressionError } from '../../errors.ts';
import type { FunctionContext } from '../types.ts';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Opens `args.url` via `ctx.host.openUrl` (a no-op where the host has none, as in Node).
 * Returns `null` (`returnType: "void"`).
 * @throws ExpressionError for a URL that does not parse as an absolute `http:`/`https:` URL, or
 *   when called outside a user gesture.
 */
export function openUrl(args: { url?: unknown }, ctx: FunctionContext): null {
  const raw = args.url;
  let url: URL;
  try {
    url = new URL(typeof raw === 'string' ? raw : '');
  } catch {
    throw new ExpressionError('openUrl: url is not an absolute URL');
  }
  // javascript:, data:, file: and friends are script or local-file entry points.
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    throw new ExpressionError(`openUrl: scheme '${url.protocol}' is not allowed (http and https only)`);
  }
  if (!ctx.userActivated) throw new ExpressionError('openUrl requires user activation');
  ctx.host.openUrl?.(url.href);
  return null;
}
