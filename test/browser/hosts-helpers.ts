/**
 * Drives a host app of test/hosts/ (built by `npm run build`, build/hosts.mjs) in an iframe: waits
 * for its surface, types into the TextField with real key presses, clicks the Button, waits for
 * the agent's answer on the surface, and reads back what the host framework received from the
 * `a2ui-action` event (the app prints it in `<pre id="outbound">`) and what the agent received.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { queryAllByLabel, queryAllByRole, textOf } from './queries.ts';

export interface HostRun {
  /** What the host's own event binding received (the action), and the request body the agent got. */
  outbound: {
    action: { name: string; surfaceId: string; sourceComponentId: string; context: Record<string, unknown>; timestamp: string };
    body: { messages: Array<Record<string, unknown>>; metadata: Record<string, unknown> };
  };
  /** The app's status line (`fed N messages`). */
  status: string;
  doc: Document;
}

async function until<T>(probe: () => T | null | undefined, message: string): Promise<T> {
  let value: T | null | undefined;
  await waitUntil(() => (value = probe()), message, { timeout: 10_000 });
  return value!;
}

/** Loads `/test/hosts/<name>/<page>`, types `typed` into the form and submits it. */
export async function runHost(name: string, typed: string, page = 'index.html'): Promise<HostRun> {
  const url = `/test/hosts/${name}/${page}`;
  const served = await fetch(url).then((r) => r.ok);
  expect(served, `${url} is not served (run \`npm run build\` first)`).to.equal(true);
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 600px; height: 500px; border: 0';
  frame.src = url;
  document.body.append(frame);
  await new Promise((ok) => frame.addEventListener('load', ok, { once: true }));
  const doc = frame.contentDocument!;

  const input = await until(() => queryAllByLabel<HTMLInputElement>(doc, 'Your name')[0], `${name}: the streamed TextField never rendered (run \`npm run build\` first)`);
  const title = await until(() => queryAllByRole(doc, 'heading', { name: 'Contact us' })[0], `${name}: no title`);
  expect(textOf(title)).to.contain('Contact us');
  input.focus();
  await sendKeys({ type: typed });
  expect(input.value).to.equal(typed);
  const button = await until(() => queryAllByRole<HTMLButtonElement>(doc, 'button', { name: 'Send' })[0], `${name}: no Button`);
  button.click();
  const pre = await until(() => doc.getElementById('outbound')?.textContent || null, `${name}: the host never received the a2ui-action event`);
  // The agent's answer (web-test-runner.config.mjs, hostAgent) streamed back onto the surface.
  const thanks = `Thanks, ${typed}!`;
  await until(() => textOf(doc.body).includes(thanks), `${name}: the agent's answer "${thanks}" never showed`);
  const body = await fetch('/test/hosts/agent/last').then((r) => r.json());
  return { outbound: { action: JSON.parse(pre), body }, status: doc.getElementById('status')?.textContent ?? '', doc };
}

/** What every host must have received for the contact form after typing `typed`. */
export function expectContactAction(run: HostRun, typed: string): void {
  const { action, body } = run.outbound;
  expect(action.name).to.equal('submit_contact');
  expect(action.surfaceId).to.equal('contact');
  expect(action.sourceComponentId).to.equal('send');
  expect(action.context).to.deep.equal({ name: typed });
  expect(Number.isNaN(Date.parse(action.timestamp))).to.equal(false);
  // The request body the transport helper builds: the message plus the renderer metadata.
  expect(body.messages).to.have.length(1);
  expect(body.messages[0].action).to.deep.equal(action);
  expect(body.metadata.a2uiRendererCapabilities).to.deep.equal({
    '1.0': { supportedCatalogIds: ['https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json'] },
  });
  expect(body.metadata.a2uiRendererDataModel).to.deep.equal({ version: '1.0', surfaces: { contact: { contact: { name: typed } } } });
  expect(run.status).to.equal('fed 3 messages');
}
