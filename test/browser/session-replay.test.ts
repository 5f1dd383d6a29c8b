/**
 * Record and replay in Chromium: two of the demo's scripted conversations (the home page's coffee
 * order, filled in by a user; the agent page's table booking, with function calls both ways) are
 * committed as logs under test/fixtures/sessions/. Each test runs the conversation live (real
 * keys and clicks), replays the committed log into a fresh store and surface, and expects no
 * outbound difference and the same DOM text as the live run; a second replay must match the first.
 *
 * After a deliberate change to a conversation, rewrite the logs with
 * `npx web-test-runner test/browser/session-replay.test.ts --update-snapshots`.
 */
import { expect } from '@open-wc/testing';
import { getSnapshotConfig, sendKeys, writeFile } from '@web/test-runner-commands';
import { sendToAgent, feedResponse, type A2uiStore } from '../../src/index.ts';
import { basicValidators, schemaValidator } from '../../src/internal.ts';
import { requestBody } from '../../src/transport/sync.ts';
import { parseSessionLog, recordSession, replaySession, type SessionLog } from '../../src/session/index.ts';
import { jsonl } from '../../demo/surfaces/common.ts';
import { hello } from '../../demo/surfaces/hello.ts';
import { BOOKING, restaurantCatalog } from '../../demo/surfaces/booking.ts';
import { ScriptedAgent } from '../../demo/agent/scripted-agent.ts';
import { getByLabel, getByRole } from './queries.ts';
import { freshSurface, surfaceText, until } from './session-helpers.ts';

const FIXTURES = '../fixtures/sessions';

/** The committed log, or (with --update-snapshots) the live one written in its place. */
async function committed(name: string, live: SessionLog): Promise<SessionLog> {
  if ((await getSnapshotConfig()).updateSnapshots) {
    await writeFile({ path: `${FIXTURES}/${name}.json`, content: JSON.stringify(live, null, 1) + '\n' });
    return live;
  }
  const response = await fetch(new URL(`${FIXTURES}/${name}.json`, import.meta.url));
  const log = parseSessionLog(await response.text());
  if ('code' in log) throw new Error(`${name}.json: ${log.message} at ${log.path}`);
  return log;
}

/** Replays `log` into a fresh store + surface and returns what it sent and showed. */
async function replayInto(log: SessionLog, surfaceId: string, setup?: (store: A2uiStore) => void) {
  const { store, el, settle } = await freshSurface(surfaceId, setup);
  const result = await replaySession(log, store, { speed: Infinity, settle });
  await settle();
  const text = surfaceText(el);
  el.remove();
  store.dispose();
  return { result, text };
}

async function expectFaithful(log: SessionLog, liveText: string, surfaceId: string, setup?: (store: A2uiStore) => void) {
  const one = await replayInto(log, surfaceId, setup);
  expect(one.result.differences, one.result.report).to.deep.equal([]);
  expect(one.result.skipped).to.equal(0);
  expect(one.text).to.equal(liveText);
  const two = await replayInto(log, surfaceId, setup);
  expect(two.result.outbound).to.deep.equal(one.result.outbound);
  expect(two.text).to.equal(one.text);
  return one;
}

// The schema validator and the validators load on first use; these tests read a surface right after its messages.
before(() => Promise.all([schemaValidator.load(), basicValidators.load()]));

describe('session record and replay: demo conversations', () => {
  it('the coffee order: a user fills the form; the replay in a fresh surface shows the same DOM and sends the same action', async () => {
    const { store, el, settle } = await freshSurface('hello');
    const rec = recordSession(store, { includeUserInput: true });
    store.process(jsonl(hello()));
    await settle();
    getByLabel(el, 'Name for the cup').focus();
    await sendKeys({ type: 'Ada' });
    getByRole(el, 'radio', { name: 'Large' }).click();
    getByRole(el, 'checkbox', { name: 'Oat milk' }).click();
    await settle();
    getByRole(el, 'button', { name: 'Order' }).click();
    await until(() => rec.snapshot().entries.some((e) => e.dir === 'out' && 'action' in e.message), 'the order went out');
    await settle();
    const liveText = surfaceText(el);
    const live = rec.stop();
    el.remove();
    expect(liveText).to.contain('[input text value="Ada"]');
    const action = live.entries.find((e) => e.dir === 'out' && 'action' in e.message)!;
    expect(action.dir === 'out' && (action.message as { action: { context: unknown } }).action.context).to.deep.equal({ name: 'Ada', size: ['large'], oatMilk: true });

    const log = await committed('hello', live);
    expect(log.entries.filter((e) => e.dir === 'user').length).to.be.greaterThan(4);
    await expectFaithful(log, liveText, 'hello');
  });

  it('the table booking: agent functions both ways over the transport; the replay answers nothing and matches', async () => {
    const setup = (store: A2uiStore) =>
      store.registerCatalog(restaurantCatalog, { localTime: () => ({ timeZone: 'Europe/Rome', time: '2026-06-12T10:00:00.000Z' }) });
    const { store, el, settle } = await freshSurface(BOOKING, setup);
    const rec = recordSession(store, { includeUserInput: true });
    const agent = new ScriptedAgent('2026-06-12', 0);
    const options = { fetch: agent.fetch as typeof fetch, inlineCatalogs: [restaurantCatalog] };
    store.onMessage((message, metadata) => void sendToAgent(store, '/agent', message, { ...options, metadata }));
    await feedResponse(store, await agent.fetch('/agent', { method: 'POST', body: JSON.stringify(requestBody(store, [], options)) }));
    await until(() => surfaceText(el).includes('tables free') || surfaceText(el).includes('table left'), 'availability was answered');
    getByLabel(el, 'Name').focus();
    await sendKeys({ type: 'Ada' });
    await settle();
    getByRole(el, 'button', { name: 'Book the table' }).click();
    await until(() => surfaceText(el).includes('Reference TD-'), 'the booking was confirmed');
    await settle();
    const liveText = surfaceText(el);
    const live = rec.stop();
    el.remove();
    store.dispose();
    const kinds = live.entries.map((e) => (e.dir === 'user' ? 'user' : Object.keys(e.message as object).find((k) => k !== 'version')));
    for (const k of ['callAgentFunction', 'agentFunctionResponse', 'callRendererFunction', 'rendererFunctionResponse', 'action', 'user']) expect(kinds).to.include(k);
    expect(liveText).to.contain('times are in Europe/Rome');

    const log = await committed('booking', live);
    await expectFaithful(log, liveText, BOOKING, setup);
  });

  it('a changed renderer shows up: the booking replayed with another localTime is one readable difference', async () => {
    const response = await fetch(new URL(`${FIXTURES}/booking.json`, import.meta.url));
    const log = parseSessionLog(await response.text()) as SessionLog;
    const { result } = await replayInto(log, BOOKING, (store) =>
      store.registerCatalog(restaurantCatalog, { localTime: () => ({ timeZone: 'Asia/Tokyo', time: '2026-06-12T10:00:00.000Z' }) }),
    );
    const changed = result.differences.filter((d) => d.kind === 'changed');
    expect(changed.length, result.report).to.equal(1);
    expect(result.report).to.match(/\/message\/rendererFunctionResponse\/value\/timeZone: recorded "Europe\/Rome", replayed "Asia\/Tokyo"/);
  });
});
