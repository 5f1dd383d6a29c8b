/**
 * URL scheme vectors (test data): script and local-content schemes in mixed case, with control
 * characters and whitespace, percent- and entity-encoded. None may ever be navigated to.
 */
export const HOSTILE_URLS: readonly string[] = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u001fjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'javascript&#58;alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
  '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
  'javascript://%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'VbScRiPt:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://example.com/uuid',
  'about:blank',
  'chrome://settings',
  'jar:http://x!/',
  'ws://example.com',
  'ftp://example.com/x',
  '//evil.example.com',
  '\\\\evil.example.com',
  '/relative/path',
  'mailto:a@b.c',
  'tel:+1',
  'http:javascript:alert(1)',
  'https:/\\evil.example.com',
  'urn:x',
  '',
  ' ',
];

/** URLs that are fine to open (http and https, including awkward but valid forms). */
export const SAFE_URLS: readonly string[] = [
  'https://example.com/',
  'http://example.com/path?q=1#frag',
  'HTTPS://EXAMPLE.COM/UPPER',
  'https://例え.jp/パス',
  'https://user:pass@example.com:8443/x',
];

/** True for a URL string the renderer may navigate to. */
export function isSafeNavigation(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
