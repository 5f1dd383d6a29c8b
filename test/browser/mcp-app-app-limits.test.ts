import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { A2uiMcpApp } from '../../sandbox/mcp-app.ts';
import { mountAttack, pause } from '../fixtures/mcp/attack.ts';
import { fixtureHtml, frameOf, MemoryHost, mount, ready, until } from '../fixtures/mcp/harness.ts';
import { ask, PROBE_PATHS, type ProbeAnswer } from '../fixtures/mcp/probe.ts';
import { getByRole, queryByRole } from './queries.ts';

type Answer = { result: Record<string, unknown> | null; error: { code: number; message: string } | null; timeout: boolean };

/** The probe widget, declaring `capabilities` in its `ui/initialize`. */
async function mountProbe(props: Partial<A2uiMcpApp> = {}, capabilities = '{}') {
  const host = new MemoryHost();
  const html = (await fixtureHtml('probe-widget.html')).replace('appCapabilities: {}', `appCapabilities: ${capabilities}`);
  const { el, rec } = mount({ htmlContent: html, title: 'Probe', host, data: { paths: { ...PROBE_PATHS } }, ...props });
  await ready(el);
  return { el, rec, host };
}

const displayMode = (host: MemoryHost, mode: string) => ask<ProbeAnswer>(host, { op: 'request', method: 'ui/request-display-mode', params: { mode } });

/** Issue 38, rows 3, 4, 7, 8 and 9: what an app may do with one user activation, and what it may not do at all. */
describe('a2ui-mcp-app: limits on what an app asks for', function () {
  this.timeout(20000);
  afterEach(() => document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove()));

  it('row 3: one display-mode change per activation, and none right after the user put the app back inline', async () => {
    const { el, rec, host } = await mountProbe();
    await ask(host, { op: 'on-click', method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
    const box = frameOf(el).getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.right - 60), Math.round(box.top + 20)] });
    await until(() => el.displayMode === 'fullscreen', 'the click in the app did not go fullscreen');
    // The same activation again: refused, the mode stays.
    expect((await displayMode(host, 'pip')).result).to.deep.equal({ mode: 'fullscreen' });
    expect(el.displayMode).to.equal('fullscreen');
    const close = getByRole(el.shadowRoot!, 'button', { name: 'Exit full screen' });
    await until(() => queryByRole(el.shadowRoot!, 'button', { name: 'Exit full screen' }) !== null, 'no close control');
    close.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => el.displayMode === 'inline', 'Exit full screen did not close');
    // The app's activation has not expired yet; the user's choice still stands.
    expect((await displayMode(host, 'fullscreen')).result).to.deep.equal({ mode: 'inline' });
    expect(el.displayMode).to.equal('inline');
    const reasons = rec.rejected.filter((r) => r.method === 'ui/request-display-mode').map((r) => r.reason);
    expect(reasons).to.deep.equal(['one display-mode change per user activation', 'the user just put the app back inline']);
  });

  it('row 9: grants only the display modes the app declared', async () => {
    const { el, rec, host } = await mountProbe({ limits: { requireUserActivation: false } }, "{ availableDisplayModes: ['inline', 'fullscreen'] }");
    expect((await displayMode(host, 'pip')).result).to.deep.equal({ mode: 'inline' });
    expect(el.displayMode).to.equal('inline');
    expect(rec.rejected.map((r) => r.reason)).to.deep.equal(["the app did not declare display mode 'pip'"]);
    expect((await displayMode(host, 'fullscreen')).result).to.deep.equal({ mode: 'fullscreen' });
    expect(el.displayMode).to.equal('fullscreen');
  });

  it('row 8: refuses an open-link URL with credentials (user@host)', async () => {
    const opened: string[] = [];
    const realOpen = window.open;
    window.open = ((url: string) => (opened.push(String(url)), null)) as typeof window.open;
    try {
      const { host } = await mountAttack({ limits: { requireUserActivation: false, rates: { openLink: { burst: 10 } } } });
      const link = (url: string) => ask<Answer>(host, { op: 'request', method: 'ui/open-link', params: { url } });
      for (const url of ['https://accounts.google.com@evil.example/', 'https://user:pw@example.com/', 'https://:pw@example.com/']) {
        expect((await link(url)).error?.code, url).to.equal(-32602);
      }
      expect(opened).to.deep.equal([]);
      expect((await link('https://example.com/a@b')).error).to.equal(null);
      expect(opened).to.deep.equal(['https://example.com/a@b']);
    } finally {
      window.open = realOpen;
    }
  });

  it('rows 4 and 7: a link download names its host, sits where the app cannot move it, and resizes wait while it is open', async () => {
    await executeServerCommand('watch-downloads');
    const { el, host } = await mountAttack({ title: 'Reports' });
    const frameHeight = () => Math.round(frameOf(el).getBoundingClientRect().height);
    const link = { type: 'resource_link', uri: 'https://files.example/q3.pdf', name: 'Q3 payroll report.pdf', mimeType: 'application/pdf', size: 48 * 1024 };
    // The answer waits for the user: do not wait for it.
    host.set('/cmd', [{ op: 'request', method: 'ui/download-file', params: { contents: [link] }, seq: -1 }]);
    await until(() => queryByRole(el.shadowRoot!, 'group', { name: 'Download from Reports' }), 'no download prompt');
    const button = getByRole(el.shadowRoot!, 'button', { name: 'Download Q3 payroll report.pdf (48 KB) from files.example' });
    const before = button.getBoundingClientRect();
    const height = frameHeight();
    await ask(host, { op: 'notify', method: 'ui/notifications/size-changed', params: { height: height > 1000 ? 150 : 1500 } });
    await ask(host, { op: 'notify', method: 'ui/notifications/size-changed', params: { height: 400 } });
    await pause(300);
    expect(button.getBoundingClientRect().top).to.equal(before.top);
    expect(frameHeight()).to.equal(height);
    getByRole(el.shadowRoot!, 'button', { name: 'Dismiss' }).click();
    await until(() => frameHeight() === 400, 'the held resize was not applied once the prompt closed');
  });
});
