/**
 * The pure checks behind `resources/read` and `ui/download-file` (sandbox/resources.ts,
 * sandbox/downloads.ts). The end-to-end tests with a real server are
 * test/browser/mcp-app-resources.test.ts and mcp-app-downloads.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prepareDownload, safeFileName } from '../../sandbox/downloads.ts';
import { isAllowedUri, ResourceAccess, uriProblem } from '../../sandbox/resources.ts';

describe('resource URIs', () => {
  it('accepts plain URIs and refuses every form that could mean something else to a server', () => {
    for (const uri of ['ui://server/app', 'ui://server/a%20b', 'config://x?y=1', 'ui://server/a.b/c..d']) assert.equal(uriProblem(uri), null, uri);
    for (const uri of ['', 'ui://server/../x', 'ui://server/./x', 'ui://server/..', 'ui://server/%2E%2e/x', 'ui://server/%2fx', 'ui://server/%25',
      'ui://server/%5c', 'ui://server/%00', 'ui://server/%zz', 'UI://server/x', 'ui://server/x y', 'ui://server/\t', 'ui://server/é', 'ui://server\\x', 'server/x', 5]) {
      assert.notEqual(uriProblem(uri), null, String(uri));
    }
  });

  it('matches exact entries exactly and prefix entries (ending in /) as prefixes', () => {
    const list = ['ui://server/', 'config://one'];
    assert.equal(isAllowedUri('ui://server/a/b', list), true);
    assert.equal(isAllowedUri('config://one', list), true);
    for (const uri of ['ui://server', 'ui://server.evil/a', 'ui://SERVER/a', 'config://one/two', 'config://onex']) assert.equal(isAllowedUri(uri, list), false, uri);
  });
});

describe('download file names', () => {
  it('keeps the last segment and removes what could mislead or harm', () => {
    const cases: [unknown, string][] = [
      ['report.csv', 'report.csv'],
      ['../../etc/passwd', 'passwd'],
      ['a\\b\\c.txt', 'c.txt'],
      ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
      ['zero\u200Bwidth.txt', 'zerowidth.txt'],
      ['a<b>:c"|?*.txt', 'a_b__c____.txt'],
      ['...hidden', 'hidden'],
      ['trailing. . ', 'trailing'],
      ['CON', '_CON'],
      ['nul.txt', '_nul.txt'],
      ['\u0000\u0001', 'download'],
      ['', 'download'],
      [42, 'download'],
      ['x'.repeat(300), 'x'.repeat(120)],
    ];
    for (const [raw, want] of cases) assert.equal(safeFileName(raw), want, String(raw));
  });
});

describe('download requests', () => {
  const none = new ResourceAccess(undefined, () => undefined);

  it('builds octet-stream files from embedded text and base64', async () => {
    const out = await prepareDownload(
      { contents: [{ type: 'resource', resource: { uri: 'ui://x/a.html', mimeType: 'text/html; charset=utf-8', text: '<b>x</b>' } }, { type: 'resource', resource: { uri: 'ui://x/b.bin', blob: 'AAEC' } }] },
      none,
    );
    assert.ok('files' in out);
    assert.deepEqual(out.files.map(({ name, mimeType, size }) => ({ name, mimeType, size })), [
      { name: 'a.html', mimeType: 'text/html', size: 8 },
      { name: 'b.bin', mimeType: 'application/octet-stream', size: 3 },
    ]);
    assert.deepEqual(out.files.map((f) => f.blob?.type), ['application/octet-stream', 'application/octet-stream']);
  });

  it('keeps http(s) links as links and refuses other schemes and server resources without a client', async () => {
    const link = (uri: string) => ({ contents: [{ type: 'resource_link', uri, name: 'f.txt' }] });
    const ok = await prepareDownload(link('https://example.com/f.txt'), none);
    assert.ok('files' in ok && ok.files[0]!.url === 'https://example.com/f.txt');
    for (const uri of ['javascript:alert(1)', 'data:text/html,<script>', 'blob:https://x/y', 'file:///etc/passwd', 'https://u:p@example.com/', 'ui://server/f.txt']) {
      const out = await prepareDownload(link(uri), none);
      assert.ok('problem' in out && out.code === -32602, uri);
    }
  });
});
