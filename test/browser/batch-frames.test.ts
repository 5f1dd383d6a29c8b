/**
 * When the batch renders (elements/reactive/batch.ts): the first batch since a frame at once, later
 * writes before the next frame together in that frame, `updateComplete` without waiting, a
 * stream's last message shown once the writes stop, and writes faster than frames held after the
 * frame that showed them when it was a large batch (small first batches of a stream are not).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { BASIC, countUpdates, mount } from './elements-helpers.ts';
import { textOf } from './queries.ts';

const S = 'frames';

const text = (value: string) => ({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value } });
const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
const channel = new MessageChannel();
const queued: Array<() => void> = [];
channel.port1.onmessage = () => queued.shift()?.();
/** A fresh task (no timer clamping). */
const task = () => new Promise<void>((r) => (queued.push(r), channel.port2.postMessage(0)));
const microtasks = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/**
 * A large change (its batch takes more than a quarter of a frame): the root becomes a Column of
 * the bound Text and 1,000 more Texts.
 */
function grow() {
  const many = Array.from({ length: 1000 }, (_, i) => `c${i}`);
  return {
    version: '1.0',
    updateComponents: {
      surfaceId: S,
      components: [
        { id: 'root', component: 'Column', children: ['t', ...many] },
        { id: 't', component: 'Text', text: { '@path': '/t' } },
        ...many.map((id) => ({ id, component: 'Text', text: id })),
      ],
    },
  };
}

/** Lets the hold and the frames in a row of an earlier stream lapse. */
const lapse = () => new Promise((r) => setTimeout(r, 200));

async function surface() {
  const m = await mount(S);
  await m.process([
    { version: '1.0', createSurface: { surfaceId: S, catalogId: BASIC, dataModel: { t: 'start' } } },
    { version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Text', text: { '@path': '/t' } }] } },
  ]);
  expect(textOf(m.el)).to.equal('start');
  return m;
}

/**
 * Runs `body` right after a frame began, in a later task than the batch `first` caused; retried
 * when a frame came in between (then the batch would rightly run at once).
 */
async function betweenFrames(first: () => void, body: (framed: () => boolean) => Promise<void>): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await frame();
    first();
    await microtasks(); // the first batch since the frame: already rendered
    let framed = false;
    requestAnimationFrame(() => (framed = true));
    await task();
    if (framed) continue;
    await body(() => framed);
    return;
  }
  throw new Error('no two tasks without a frame between them in 20 tries');
}

describe('elements: rendering at most once per frame', () => {
  it('the first message since a frame shows at once; a later one waits for the next frame, then both render as one', async () => {
    const { store, el } = await surface();
    await betweenFrames(
      () => {
        store.process(text('one'));
        expect(textOf(el)).to.equal('start', 'nothing renders inside the task that wrote');
      },
      async (framed) => {
        expect(textOf(el)).to.equal('one', 'the first batch since the frame rendered in its microtask');
        const counts = await countUpdates(async () => {
          store.process(text('two'));
          await microtasks();
          if (!framed()) expect(textOf(el)).to.equal('one', 'a second batch before the frame waits for it');
          await task();
          store.process(text('three'));
          await frame();
          await microtasks();
        });
        expect(textOf(el)).to.equal('three');
        // 'two' and 'three' landed before one frame (unless a frame came between them): one update.
        expect(counts.get('root') ?? 0).to.be.within(1, 2);
      },
    );
  });

  it('updateComplete does not wait for the frame: it renders what was written', async () => {
    const { store, el } = await surface();
    await betweenFrames(
      () => store.process(text('one')),
      async (framed) => {
        store.process(text('two'));
        await el.updateComplete;
        expect(framed(), 'no frame was needed').to.equal(false);
        expect(textOf(el)).to.equal('two');
      },
    );
  });

  it('a stream of messages, one per task, ends showing its last message in order without anyone waiting on it', async () => {
    const { store, el } = await surface();
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(textOf(el)));
    observer.observe(el.shadowRoot!, { subtree: true, characterData: true, childList: true });
    for (let i = 0; i < 200; i++) {
      store.process(text(`v${i}`));
      await task();
    }
    await waitUntil(() => textOf(el) === 'v199', 'the last message never showed', { timeout: 3000 });
    observer.disconnect();
    // Shown in order: every value seen is a later message than the one before it.
    const numbers = seen.filter((t) => /^v\d+$/.test(t)).map((t) => Number(t.slice(1)));
    expect(numbers.length).to.be.greaterThan(0);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).to.be.greaterThan(numbers[i - 1]);
  });

  it('one write per frame is not held: after a frame that showed a large batch alone, the next write renders in its microtask', async () => {
    const { store, el } = await surface();
    await lapse();
    store.process(grow());
    await microtasks();
    expect(textOf(el)).to.contain('c999', 'the first batch since a frame rendered in its microtask');
    await frame();
    await task();
    store.process(text('two'));
    await microtasks();
    expect(textOf(el)).to.contain('two', 'no hold after a frame that showed one batch');
  });

  it('the first frame of a stream holds nothing after small batches: the first components of a stream show at once', async () => {
    const { store, el } = await surface();
    await lapse();
    await betweenFrames(
      () => store.process(text('one')),
      async () => {
        store.process(text('two')); // a second task's write before the frame: a stream
        await frame();
        await microtasks();
        expect(textOf(el)).to.equal('two');
        await task();
        store.process(text('three'));
        await microtasks();
        expect(textOf(el)).to.equal('three', 'the write after the first frame of a stream rendered in its microtask');
      },
    );
  });

  // Last: the hold it starts would keep the first batch of a test after it from running at once.
  it('writes faster than frames: after the frame that showed them, the next write waits for the hold, and updateComplete shows it at once', async () => {
    const { store, el } = await surface();
    await lapse();
    await betweenFrames(
      () => store.process(text('one')),
      async () => {
        // A second task's write before the frame: it waits for the frame, which shows it (a large
        // showing, so the hold it starts outlasts the next task).
        store.process(grow());
        await frame();
        await microtasks();
        expect(textOf(el)).to.contain('one').and.contain('c999');
        await task();
        store.process(text('two'));
        await microtasks();
        expect(textOf(el)).to.contain('one', 'the write after the showing of a stream waits for the hold');
        await el.updateComplete;
        expect(textOf(el)).to.contain('two').and.not.contain('one');
      },
    );
  });
});
