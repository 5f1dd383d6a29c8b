/** `<a2ui-inspector-timeline>` inside `<a2ui-inspector>`: record, stop, download, load, replay, jump, back to live. */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { A2uiStore } from '../../src/index.ts';
import { schemaValidator, templateFormatter } from '../../src/internal.ts';
import { parseSessionLog, type SessionLog } from '../../src/session/index.ts';
import { preloadComponents } from '../../elements/index.ts';
import '../../elements/inspector.ts';
import type { A2uiInspector } from '../../elements/inspector.ts';
import type { A2uiInspectorTimeline } from '../../elements/inspector-timeline.ts';
import type { A2uiSurfaceElement } from '../../elements/index.ts';
import { BASIC, settle } from './elements-helpers.ts';
import { focused, getByLabel, getByRole, queryAllByRole, textOf } from './queries.ts';
import { surfaceText, until } from './session-helpers.ts';

const form = [
  { version: '1.0', createSurface: { surfaceId: 'f', catalogId: BASIC, dataModel: { name: '' } } },
  {
    version: '1.0',
    updateComponents: {
      surfaceId: 'f',
      components: [
        { id: 'root', component: 'Column', children: ['name', 'hello', 'send'] },
        { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/name' } },
        { id: 'hello', component: 'Text', text: { '@call': 'formatString', args: { value: 'Hello ${/name}' } } },
        { id: 'send', component: 'Button', child: 'send_label', action: { event: { name: 'send', context: { name: { '@path': '/name' } } } } },
        { id: 'send_label', component: 'Text', text: 'Send' },
      ],
    },
  },
];

async function setup() {
  const store = new A2uiStore({ locale: 'en-US' });
  const page = await fixture<HTMLElement>(html`<div>
    <a2ui-surface .store=${store} surface-id="f"></a2ui-surface>
    <a2ui-inspector .store=${store}></a2ui-inspector>
  </div>`);
  const surface = page.querySelector('a2ui-surface') as A2uiSurfaceElement;
  const inspector = page.querySelector('a2ui-inspector') as A2uiInspector;
  await inspector.updateComplete;
  const timeline = inspector.shadowRoot!.querySelector('a2ui-inspector-timeline') as A2uiInspectorTimeline;
  const root = timeline.shadowRoot!;
  const toolbar = () => getByRole(timeline, 'toolbar', { name: 'Record and replay' });
  const button = (name: RegExp) => getByRole<HTMLButtonElement>(toolbar(), 'button', { name });
  const press = async (name: RegExp) => {
    button(name).click();
    await timeline.updateComplete;
  };
  const list = () => getByRole(timeline, 'list', { name: 'Session timeline' });
  // A list item has no accessible name of its own: its text is its jump button's.
  const rows = () => queryAllByRole(list(), 'button').map(textOf);
  const entry = (i: number) => queryAllByRole<HTMLButtonElement>(list(), 'button')[i];
  const status = () => textOf(getByRole(timeline, 'status'));
  const current = () => queryAllByRole(list(), 'listitem', { hidden: true }).findIndex((li) => li.getAttribute('aria-current') === 'step');
  const userInput = () => getByRole<HTMLInputElement>(timeline, 'checkbox', { name: 'Include user input' });
  return { store, surface, inspector, timeline, root, button, press, rows, entry, status, current, userInput };
}

/** Records (from the moment the store was attached) a user filling in the form and sending it. */
async function recordForm(t: Awaited<ReturnType<typeof setup>>) {
  expect(t.button(/Stop/).getAttribute('aria-pressed')).to.equal('true');
  t.store.process(form);
  t.store.process({ version: '1.0', updateDataModel: { surfaceId: 'nowhere', path: '/x', value: 1 } });
  await settle(t.surface);
  getByLabel(t.surface, 'Name').focus();
  await sendKeys({ type: 'Ada' });
  getByRole(t.surface, 'button', { name: 'Send' }).click();
  await settle(t.surface);
  await t.timeline.updateComplete;
  const liveText = surfaceText(t.surface);
  await t.press(/Stop/);
  return { log: t.timeline.log!, liveText };
}

/** Presses Download log and returns the file's log. */
async function download(t: Awaited<ReturnType<typeof setup>>): Promise<SessionLog> {
  const blobs: Blob[] = [];
  const create = URL.createObjectURL;
  URL.createObjectURL = (b: Blob | MediaSource) => (blobs.push(b as Blob), create.call(URL, b));
  try {
    await t.press(/Download/);
  } finally {
    URL.createObjectURL = create;
  }
  return parseSessionLog(await blobs[0].text()) as SessionLog;
}

// The schema validator loads on first use; these tests read a surface right after its messages.
// The elements defined on first use are here before a surface renders (lazy-*.test.ts cover the other path).
before(() => Promise.all([schemaValidator.load(), templateFormatter.load(), preloadComponents()]));

describe('<a2ui-inspector-timeline>', () => {
  it('records a session into a timeline: arrows both ways, the user, errors marked', async () => {
    const t = await setup();
    const { log, liveText } = await recordForm(t);
    expect(liveText).to.contain('Hello Ada');
    expect(t.status()).to.match(/^Recorded \d+ entries \([\d.]+ s\)\.$/);
    const rows = t.rows();
    expect(rows[0]).to.match(/^↓ from the agent [\d.]+ s createSurface on f$/);
    expect(rows.filter((r) => r.includes('(an error)'))).to.have.length(1);
    expect(rows.some((r) => /^↑ to the agent [\d.]+ s error INTEGRITY_ERROR on nowhere ✕ ?\(an error\)$/.test(r)), rows.join('\n')).to.equal(true);
    expect(rows.filter((r) => r.includes('user writes /name in name'))).to.have.length(3);
    expect(rows.some((r) => r.includes('user runs the action of send'))).to.equal(true);
    expect(rows.at(-1)).to.match(/↑ to the agent .* action send on f$/);
    expect(log.userInput).to.equal('included', 'kept whole in memory; redacted when downloaded');
    await expect(t.timeline).to.be.accessible();

    // The list is one tab stop; arrows move along it, Enter jumps the replay to the entry.
    getByRole(t.timeline, 'combobox', { name: 'Replay speed' }).focus();
    await sendKeys({ press: 'Tab' }); // past the toolbar (Back to live is disabled: no replay yet)
    expect(focused(), 'one tab stop in the list: the last entry').to.equal(t.entry(log.entries.length - 1));
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'ArrowDown' });
    expect(focused()).to.equal(t.entry(1));
    await sendKeys({ press: 'Enter' });
    await until(() => t.current() === 1 && t.status().startsWith('Replayed'), 'the jump by keyboard ended');
    expect(t.surface.store).to.not.equal(t.store);
    await t.press(/Back to live/);
  });

  it('downloads without what the user typed unless asked; Record after Stop starts from a snapshot', async () => {
    const t = await setup();
    await recordForm(t);
    const downloaded = await download(t);
    expect(downloaded.userInput).to.equal('redacted');
    expect(JSON.stringify(downloaded)).to.not.contain('Ada');
    t.userInput().click();
    expect(JSON.stringify(await download(t))).to.contain('Ada');

    await t.press(/Record/);
    expect(t.rows().slice(0, 2).map((r) => r.replace(/[\d.]+ s/, 'T'))).to.deep.equal([
      '↓ from the agent T state at start: createSurface on f',
      '↓ from the agent T state at start: updateComponents on f',
    ]);
    await t.press(/Stop/);
    await t.timeline.jump(1);
    await settle(t.surface);
    expect(getByLabel<HTMLInputElement>(t.surface, 'Name').value).to.equal('Ada');
    expect(t.status()).to.match(/no differences/);
  });

  it('downloads the log, loads it from a file, replays it into a fresh store shown in the surface, and goes back to live', async () => {
    const t = await setup();
    const { log, liveText } = await recordForm(t);
    t.userInput().click();

    // Download: the file is the log as JSON.
    const downloaded = await download(t);
    expect(downloaded).to.deep.equal(log);

    // Load it through the file input, as a user would pick it.
    const files = new DataTransfer();
    files.items.add(new File([JSON.stringify(downloaded)], 'session.json', { type: 'application/json' }));
    // The hidden file input is what the browser's file picker fills in.
    const input = t.root.querySelector<HTMLInputElement>('input[type="file"]')!;
    input.files = files.files;
    input.dispatchEvent(new Event('change'));
    await until(() => t.status().startsWith('Loaded'), 'the log was loaded');

    // Replay as fast as possible: the surface shows a fresh store, with what the live run showed.
    const speed = getByRole<HTMLSelectElement>(t.timeline, 'combobox', { name: 'Replay speed' });
    speed.selectedIndex = 2;
    speed.dispatchEvent(new Event('change'));
    const announced: A2uiStore[] = [];
    document.addEventListener('a2ui-replay-store', (e) => announced.push((e as CustomEvent<{ store: A2uiStore }>).detail.store), { once: true });
    await t.press(/^Replay$/);
    await until(() => t.status().startsWith('Replayed'), 'the replay ended');
    expect(t.status()).to.match(/^Replayed to entry \d+ of \d+: no differences\.$/);
    expect(t.surface.store).to.not.equal(t.store);
    expect(announced).to.deep.equal([t.surface.store]);
    await settle(t.surface);
    expect(surfaceText(t.surface)).to.equal(liveText);

    // Jump to the entry after the components arrived: the name is empty again, that entry is current.
    const at = log.entries.findIndex((e) => e.dir === 'in' && 'updateComponents' in (e.message as object));
    t.entry(at).click();
    await until(() => t.current() === at && t.status().startsWith('Replayed'), 'the jump ended');
    await settle(t.surface);
    expect(getByLabel<HTMLInputElement>(t.surface, 'Name').value).to.equal('');
    expect(surfaceText(t.surface)).to.contain('Hello');
    expect(surfaceText(t.surface)).to.not.contain('Ada');
    // … and plays on from there to the end.
    await t.press(/Play on/);
    await until(() => t.status().startsWith('Replayed'), 'the replay ended');
    expect(t.status()).to.match(/no differences/);
    await settle(t.surface);
    expect(surfaceText(t.surface)).to.equal(liveText);

    await t.press(/Back to live/);
    expect(t.surface.store).to.equal(t.store);
    expect(t.status()).to.equal('Showing the live store.');
  });

  it('replays into the host’s store when it makes one, and leaves the surfaces to a host that takes the event', async () => {
    const t = await setup();
    await recordForm(t);
    const made: A2uiStore[] = [];
    t.timeline.createReplayStore = (log) => {
      const s = new A2uiStore({ locale: log.options.locale });
      made.push(s);
      return s;
    };
    await t.timeline.jump(1);
    expect(made).to.have.length(1);
    expect(t.surface.store).to.equal(made[0]);
    await t.press(/Back to live/);
    expect(t.surface.store).to.equal(t.store);
    const take = (e: Event) => e.preventDefault();
    document.addEventListener('a2ui-replay-store', take);
    try {
      await t.timeline.jump(1);
    } finally {
      document.removeEventListener('a2ui-replay-store', take);
    }
    expect(made).to.have.length(2);
    expect(t.surface.store, 'the host took the replay store: the surface is left alone').to.equal(t.store);
  });

  it('marks an outbound message that differs from the recording, and refuses a file that is not a log', async () => {
    const t = await setup();
    const { log } = await recordForm(t);
    const edited = structuredClone(log);
    const i = edited.entries.findIndex((e) => e.dir === 'out' && 'action' in e.message);
    ((edited.entries[i] as { message: { action: { context: { name: string } } } }).message.action.context).name = 'Grace';
    expect(t.timeline.load(JSON.stringify(edited))).to.equal(true);
    await t.timeline.updateComplete;
    await t.timeline.jump(edited.entries.length - 1);
    await t.timeline.updateComplete;
    expect(t.status()).to.match(/1 outbound message differs from the recording/);
    const marked = t.rows().flatMap((r, k) => (r.includes('(differs from the recording)') ? [k] : []));
    expect(marked).to.deep.equal([i]);
    expect(textOf(t.timeline)).to.contain('/message/action/context/name: recorded "Grace", replayed "Ada"');

    expect(t.timeline.load('{"format":"something else"}')).to.equal(false);
    await t.timeline.updateComplete;
    expect(t.status()).to.equal('Not loaded: Not an a2ui-session-log (no "format" of that name) (at /format).');
  });
});
