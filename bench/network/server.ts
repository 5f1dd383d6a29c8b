/**
 * The "first surface painted" row's static host: HTTP/2 over TLS (node:http2), a self-signed
 * certificate made at run time with the `openssl` CLI into bench/tmp/ (gitignored), and the
 * caching a production static host gives:
 *
 * - every file brotli-compressed at quality 11 when the request accepts `br` (the same for every
 *   implementation; each file compressed on its first request and kept, as a host's precompressed
 *   copy: the bench's warm-up visits request every file a page needs before the first sample);
 * - a file whose name carries a content hash (see {@link isHashed}): `Cache-Control: public,
 *   max-age=31536000, immutable`;
 * - everything else (the page, stable file names such as `a2ui-elements.js`): `Cache-Control:
 *   no-cache` with an `ETag`, answered `304` on a matching `If-None-Match`;
 * - the agent's JSONL (`*.jsonl`): `Cache-Control: no-store`, as an agent's answer.
 *
 * @module
 */
import { createSecureServer, constants, type Http2SecureServer, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { ROOT } from '../build.ts';

/** One file the server answers with. */
export interface Asset {
  body: Buffer;
  type: string;
}

interface Prepared extends Asset {
  /** Compressed on first request (a static host's precompressed copy; kept for the run). */
  br?: Buffer;
  etag: string;
  cacheControl: string;
}

/**
 * Whether a file name carries a content hash: `-` then 8 characters of `[A-Za-z0-9_-]` before the
 * extension, not all lowercase letters (so `a2ui-elements.js` is not taken for a hash).
 */
export function isHashed(path: string): boolean {
  const m = /-([A-Za-z0-9_-]{8})\.[a-z]+$/.exec(path);
  return m !== null && !/^[a-z]+$/.test(m[1]);
}

const TMP = resolve(ROOT, 'bench/tmp');

/**
 * A key and a self-signed certificate for localhost / 127.0.0.1, made once a day, and the base64
 * SHA-256 of its public key: Chromium trusts it through `--ignore-certificate-errors-spki-list`
 * (with `--ignore-certificate-errors` alone it would not cache anything from a host whose
 * certificate has errors, so no visit would ever be warm).
 */
function certificate(): { key: Buffer; cert: Buffer; spki: string } {
  const key = resolve(TMP, 'network-key.pem');
  const cert = resolve(TMP, 'network-cert.pem');
  const fresh = existsSync(cert) && Date.now() - statSync(cert).mtimeMs < 86_400_000;
  if (!fresh) {
    mkdirSync(TMP, { recursive: true });
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-keyout', key, '-out', cert, '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ], { stdio: 'ignore' });
  }
  const der = execFileSync('openssl', ['pkey', '-in', key, '-pubout', '-outform', 'der']);
  return { key: readFileSync(key), cert: readFileSync(cert), spki: createHash('sha256').update(der).digest('base64') };
}

const compress = (body: Buffer) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });

function prepare(path: string, a: Asset): Prepared {
  const cacheControl = path.endsWith('.jsonl') ? 'no-store' : isHashed(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return { ...a, cacheControl, etag: `"${createHash('sha256').update(a.body).digest('base64url').slice(0, 22)}"` };
}

export interface NetworkServer {
  server: Http2SecureServer;
  origin: string;
  /** For Chromium's `--ignore-certificate-errors-spki-list`. */
  spki: string;
  close(): Promise<void>;
}

/** Serves `files` (by URL path) on 127.0.0.1:`port` (0: any free port). */
export async function serveHttp2(files: Map<string, Asset>, port: number): Promise<NetworkServer> {
  const prepared = new Map([...files].map(([path, a]) => [path, prepare(path, a)]));
  const { key, cert, spki } = certificate();
  const server = createSecureServer({ key, cert, allowHTTP1: true });
  server.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => {
    const path = new URL(String(headers[constants.HTTP2_HEADER_PATH] ?? '/'), 'https://x').pathname;
    const file = prepared.get(path);
    if (!file) {
      stream.respond({ ':status': 404 });
      stream.end();
      return;
    }
    const common = { 'cache-control': file.cacheControl, etag: file.etag, vary: 'accept-encoding' };
    if (file.cacheControl !== 'no-store' && headers['if-none-match'] === file.etag) {
      stream.respond({ ':status': 304, ...common });
      stream.end();
      return;
    }
    file.br ??= compress(file.body);
    const br = /\bbr\b/.test(String(headers['accept-encoding'] ?? '')) && file.br.length < file.body.length;
    const body = br ? file.br : file.body;
    stream.respond({ ':status': 200, 'content-type': file.type, 'content-length': body.length, ...(br ? { 'content-encoding': 'br' } : {}), ...common });
    stream.end(body);
  });
  server.on('sessionError', () => undefined);
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok());
  });
  const origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    server,
    origin,
    spki,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
