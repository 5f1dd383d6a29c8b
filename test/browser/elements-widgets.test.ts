import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { iconPath } from '../../elements/icons.ts';
import { A2uiElement } from '../../elements/index.ts';
import { component, describeNode, expectNotSame, expectSame, inner, mount, rendered, settle, surfaceMessages } from './elements-helpers.ts';
import { composedContains, descriptionOf, focused, getByLabel, getByRole, getByText, nameOf, queryAllByRole, textOf } from './queries.ts';

const S = 'widgets';

async function surface(components: unknown[], data?: Record<string, unknown>) {
  const m = await mount(S);
  await m.process(surfaceMessages(S, components, data));
  return m;
}

const label = (id: string, text: string) => ({ id, component: 'Text', text });

describe('elements: Button', () => {
  it('sends its action with the resolved context on click and on Enter', async () => {
    const { el, actions, errors } = await surface(
      [
        { id: 'root', component: 'Button', child: 'l', variant: 'primary', action: { event: { name: 'submit', context: { who: { '@path': '/name' }, n: 2 } } } },
        label('l', 'Send'),
      ],
      { name: 'Ada' },
    );
    const button = getByRole<HTMLButtonElement>(el, 'button', { name: 'Send' });
    expect(button.getAttribute('part')).to.equal('button button-primary');
    button.click();
    await settle(el);
    expect(actions()).to.have.length(1);
    expect(actions()[0]).to.include({ name: 'submit', surfaceId: S, sourceComponentId: 'root' });
    expect(actions()[0].context).to.deep.equal({ who: 'Ada', n: 2 });
    button.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(actions()).to.have.length(2);
    expectSame(focused(), button, 'focus stays on the button');
    expect(errors()).to.deep.equal([]);
  });

  it('while a check fails: aria-disabled yet reachable by Tab, the reason shown next to it and describing it, activation refused', async () => {
    const { el, store, actions, process } = await surface(
      [
        {
          id: 'root',
          component: 'Button',
          child: 'l',
          action: { event: { name: 'go' } },
          '@checks': [{ condition: { '@call': 'required', args: { value: { '@path': '/zip' } } }, message: 'Zip code needed' }],
        },
        label('l', 'Go'),
      ],
      { zip: '' },
    );
    const button = getByRole<HTMLButtonElement>(el, 'button', { name: 'Go' });
    expect(button.disabled, 'not natively disabled: it stays reachable').to.equal(false);
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expect(descriptionOf(button)).to.equal('Zip code needed');
    expect(getByText(el, 'Zip code needed').checkVisibility(), 'the reason is visible').to.equal(true);
    document.body.focus();
    await sendKeys({ press: 'Tab' });
    expectSame(focused(), button, 'Tab reaches the button');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Space' });
    button.click();
    await settle(el);
    expect(actions()).to.have.length(0);
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/zip', value: '12345' } });
    expect(button.hasAttribute('aria-disabled')).to.equal(false);
    expect(textOf(el)).to.not.contain('Zip code needed');
    button.click();
    await settle(el);
    expect(actions()).to.have.length(1);
    expect(store.surface(S)?.id).to.equal(S);
  });

  it('is busy while a function action runs, ignoring clicks and keeping focus', async () => {
    const { el, store } = await surface([
      { id: 'root', component: 'Button', child: 'l', action: { functionCall: { '@call': 'openUrl', args: { url: 'https://example.com/' } } } },
      label('l', 'Open'),
    ]);
    let finish!: () => void;
    let calls = 0;
    store.catalog('https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json')!.implement('openUrl', () => {
      calls++;
      return new Promise<void>((r) => (finish = r));
    });
    const button = getByRole<HTMLButtonElement>(el, 'button', { name: 'Open' });
    button.focus();
    button.click();
    await settle(el);
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expectSame(focused(), button);
    button.click();
    expect(calls).to.equal(1);
    finish();
    await new Promise((r) => setTimeout(r));
    await settle(el);
    expect(button.hasAttribute('aria-busy')).to.equal(false);
    button.click();
    expect(calls).to.equal(2);
  });

  it('@accessibility.label overrides the name inferred from its child', async () => {
    const { el } = await surface([
      { id: 'root', component: 'Button', child: 'l', action: { event: { name: 'x' } }, '@accessibility': { label: 'Send Form', description: 'Sends it now' } },
      label('l', 'Submit'),
    ]);
    const button = getByRole<HTMLButtonElement>(el, 'button', { name: 'Send Form' });
    expect(button.getAttribute('aria-label')).to.equal('Send Form');
    expect(descriptionOf(button)).to.equal('Sends it now');
  });
});

describe('elements: Tabs', () => {
  const tabs = () => [
    {
      id: 'root',
      component: 'Tabs',
      tabs: [
        { title: 'One', child: 'a' },
        { title: { '@path': '/second' }, child: 'b' },
        { title: 'Three', child: 'c' },
      ],
    },
    { id: 'a', component: 'TextField', label: 'A', value: { '@path': '/a' } },
    label('b', 'Second panel'),
    label('c', 'Third panel'),
  ];

  it('follows the APG tabs pattern with arrow keys, Home and End', async () => {
    const { el } = await surface(tabs(), { second: 'Two' });
    const tabEls = queryAllByRole<HTMLButtonElement>(el, 'tab');
    const panels = queryAllByRole(el, 'tabpanel', { hidden: true });
    const state = () => ({
      selected: tabEls.map((t) => t.getAttribute('aria-selected')),
      tabindex: tabEls.map((t) => t.tabIndex),
      hidden: panels.map((p) => p.hidden),
    });
    expect(tabEls.map((t) => nameOf(t))).to.deep.equal(['One', 'Two', 'Three']);
    expect(tabEls.map((t) => textOf(t))).to.deep.equal(['One', 'Two', 'Three']);
    expectSame(panels[1].getAttribute('aria-labelledby'), tabEls[1].id);
    expectSame(tabEls[1].getAttribute('aria-controls'), panels[1].id);
    expect(state()).to.deep.equal({ selected: ['true', 'false', 'false'], tabindex: [0, -1, -1], hidden: [false, true, true] });
    tabEls[0].focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle(el);
    expect(state()).to.deep.equal({ selected: ['false', 'true', 'false'], tabindex: [-1, 0, -1], hidden: [true, false, true] });
    expectSame(focused(), tabEls[1]);
    await sendKeys({ press: 'End' });
    await settle(el);
    expectSame(focused(), tabEls[2]);
    await sendKeys({ press: 'ArrowRight' });
    await settle(el);
    expectSame(focused(), tabEls[0], 'wraps to the first');
    await sendKeys({ press: 'ArrowLeft' });
    await settle(el);
    expectSame(focused(), tabEls[2], 'wraps to the last');
    await sendKeys({ press: 'Home' });
    await settle(el);
    expect(state().selected).to.deep.equal(['true', 'false', 'false']);
    tabEls[2].click();
    await settle(el);
    expect(state().hidden).to.deep.equal([true, true, false]);
  });

  it('keeps panel state across tab switches', async () => {
    const { el, store } = await surface(tabs(), { second: 'Two' });
    const input = getByLabel<HTMLInputElement>(el, 'A');
    input.focus();
    await sendKeys({ type: 'kept' });
    getByRole(el, 'tab', { name: 'Two' }).click();
    await settle(el);
    expect(queryAllByRole(el, 'textbox', { name: 'A' }), 'the hidden panel\'s field is out of reach').to.deep.equal([]);
    getByRole(el, 'tab', { name: 'One' }).click();
    await settle(el);
    expectSame(getByLabel(el, 'A'), input);
    expect(input.value).to.equal('kept');
    expect(store.surface(S)!.dataModel.get('/a')).to.equal('kept');
  });
});

describe('elements: Modal', () => {
  const modal = () => [
    { id: 'root', component: 'Column', children: ['before', 'm'] },
    { id: 'before', component: 'Button', child: 'bl', action: { event: { name: 'before' } } },
    label('bl', 'Before'),
    { id: 'm', component: 'Modal', trigger: 'open', content: 'body' },
    { id: 'open', component: 'Button', child: 'ol', action: { event: { name: 'opened' } } },
    label('ol', 'Open details'),
    { id: 'body', component: 'Column', children: ['field', 'ok'] },
    { id: 'field', component: 'TextField', label: 'Note', value: { '@path': '/note' } },
    { id: 'ok', component: 'Button', child: 'okl', action: { event: { name: 'ok' } } },
    label('okl', 'OK'),
  ];

  it('opens from the trigger, traps focus, closes on Escape and returns focus to the trigger', async () => {
    const { el, actions } = await surface(modal());
    const trigger = getByRole<HTMLButtonElement>(el, 'button', { name: 'Open details' });
    const before = getByRole(el, 'button', { name: 'Before' });
    const dialog = getByRole<HTMLDialogElement>(el, 'dialog', { hidden: true });
    expect(dialog.open).to.equal(false);
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(dialog.open).to.equal(true);
    expect(actions().map((a) => a.name)).to.deep.equal(['opened']);
    expect(dialog.getAttribute('aria-label')).to.equal('Open details');
    expectSame(getByRole(el, 'dialog', { name: 'Open details' }), dialog);
    const field = getByLabel<HTMLInputElement>(dialog, 'Note');
    expectSame(focused(), field, 'focus starts on the first control');
    // Tab cycles inside the dialog, never reaching the page behind it.
    const seen = new Set<Element | null>();
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Tab' });
      const active = focused();
      seen.add(active);
      expect(composedContains(dialog, active), `Tab ${i + 1} left the dialog: ${describeNode(active)}`).to.equal(true);
      expectNotSame(active, trigger);
      expectNotSame(active, before);
    }
    expect(seen.has(getByRole(dialog, 'button', { name: 'OK' }))).to.equal(true);
    expect(seen.has(field)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(dialog.open).to.equal(false);
    expectSame(focused(), trigger);
  });

  it('sends actions from inside the dialog and closes with the close button', async () => {
    const { el, actions, store } = await surface(modal());
    const trigger = getByRole(el, 'button', { name: 'Open details' });
    trigger.click();
    await settle(el);
    const dialog = getByRole<HTMLDialogElement>(el, 'dialog', { name: 'Open details' });
    const field = getByLabel<HTMLInputElement>(dialog, 'Note');
    field.focus();
    await sendKeys({ type: 'hello' });
    expect(store.surface(S)!.dataModel.get('/note')).to.equal('hello');
    getByRole(dialog, 'button', { name: 'OK' }).click();
    await settle(el);
    expect(actions().map((a) => a.name)).to.deep.equal(['opened', 'ok']);
    const close = getByRole(dialog, 'button', { name: 'Close' });
    expect(close.getAttribute('part')).to.equal('close');
    close.click();
    await settle(el);
    expect(dialog.open).to.equal(false);
    expect(queryAllByRole(el, 'dialog')).to.deep.equal([]);
    expectSame(focused(), trigger);
  });

  it('wraps a trigger that is not a button in one', async () => {
    const { el } = await surface([
      { id: 'root', component: 'Modal', trigger: 't', content: 'c' },
      { id: 't', component: 'Icon', name: 'info', '@accessibility': { label: 'More info' } },
      label('c', 'Details'),
    ]);
    const button = getByRole<HTMLButtonElement>(el, 'button', { name: 'More info' });
    expect(button.closest('[part=trigger]'), 'the button wraps the trigger').to.not.equal(null);
    button.focus();
    await sendKeys({ press: 'Space' });
    await settle(el);
    const dialog = getByRole<HTMLDialogElement>(el, 'dialog');
    expect(dialog.open).to.equal(true);
    expect(textOf(dialog)).to.contain('Details');
  });
});

describe('elements: display components', () => {
  it('Text renders markdown (body) and inline captions', async () => {
    const { el } = await surface([
      { id: 'root', component: 'Column', children: ['t', 'c'] },
      { id: 't', component: 'Text', text: '# Title\n\nSome **bold** [link](https://example.com/) and [bad](javascript:alert(1))' },
      { id: 'c', component: 'Text', text: 'small *print*', variant: 'caption' },
    ]);
    const body = inner(el, 't', '[part~=text]');
    expect(body.querySelector('h1')!.textContent).to.equal('Title');
    expect(body.querySelector('strong')!.textContent).to.equal('bold');
    // Links are their text unless the host turns them on (configureMarkdown; markdown.test.ts).
    expect(body.querySelectorAll('a')).to.have.length(0);
    expect(body.textContent).to.contain('bold link and bad');
    const caption = inner(el, 'c', '[part~=text]');
    expect(caption.classList.contains('caption')).to.equal(true);
    expectSame(caption.querySelector('p'), null);
    expect(caption.querySelector('em')!.textContent).to.equal('print');
  });

  it('Image loads only allowed URLs, with fit, variant and alternative text', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const { el } = await surface(
      [
        { id: 'root', component: 'Column', children: ['ok', 'js', 'svg', 'labelled'] },
        { id: 'ok', component: 'Image', url: { '@path': '/u' }, fit: 'scaleDown', variant: 'avatar', description: 'A dot' },
        { id: 'js', component: 'Image', url: 'javascript:alert(1)' },
        { id: 'svg', component: 'Image', url: 'data:image/svg+xml,<svg onload=alert(1)>' },
        { id: 'labelled', component: 'Image', url: png, description: 'plain', '@accessibility': { label: 'Explicit' } },
      ],
      { u: png },
    );
    const img = inner<HTMLImageElement>(el, 'ok', 'img');
    expectSame(img.src, png);
    expect(img.alt).to.equal('A dot');
    expect(img.style.objectFit).to.equal('scale-down');
    expect(img.classList.contains('avatar')).to.equal(true);
    expect(rendered(component(el, 'js'), 'img')).to.deep.equal([]);
    expect(rendered(component(el, 'svg'), 'img')).to.deep.equal([]);
    expect(inner<HTMLImageElement>(el, 'labelled', 'img').alt).to.equal('Explicit');
  });

  it('Icon draws catalog icons and sanitized svgPath values without fetching', async () => {
    const { el } = await surface([
      { id: 'root', component: 'Row', children: ['a', 'b', 'c', 'd'] },
      { id: 'a', component: 'Icon', name: 'shoppingCart' },
      { id: 'b', component: 'Icon', name: { svgPath: 'M0 0L10 10Z' }, '@accessibility': { label: 'Custom' } },
      { id: 'c', component: 'Icon', name: { svgPath: '"/><script>alert(1)</script>' } },
      { id: 'd', component: 'Icon', name: 'star', '@accessibility': { hidden: true } },
    ]);
    const a = inner<SVGSVGElement>(el, 'a', 'svg');
    expectSame(a.querySelector('path')!.getAttribute('d'), iconPath('shoppingCart'));
    expect(a.getAttribute('role')).to.equal('img');
    expect(a.getAttribute('aria-label')).to.equal('shopping cart');
    const b = inner<SVGSVGElement>(el, 'b', 'svg');
    expect(b.querySelector('path')!.getAttribute('d')).to.equal('M0 0L10 10Z');
    expect(b.getAttribute('aria-label')).to.equal('Custom');
    expect(rendered(component(el, 'c'), 'svg, script')).to.deep.equal([]);
    expect(component(el, 'd').getAttribute('aria-hidden')).to.equal('true');
    const resources = performance.getEntriesByType('resource').map((r) => r.name);
    expect(resources.some((r) => /\.svg/.test(r))).to.equal(false);
  });

  it('Video and AudioPlayer use allowed URLs and native controls', async () => {
    const { el } = await surface([
      { id: 'root', component: 'Column', children: ['v', 'a', 'bad'] },
      { id: 'v', component: 'Video', url: 'https://example.com/v.mp4', posterUrl: 'https://example.com/p.jpg' },
      { id: 'a', component: 'AudioPlayer', url: 'https://example.com/a.mp3', description: 'Episode 1' },
      { id: 'bad', component: 'Video', url: 'javascript:alert(1)' },
    ]);
    const video = inner<HTMLVideoElement>(el, 'v', 'video');
    expect([video.src, video.poster, video.controls]).to.deep.equal(['https://example.com/v.mp4', 'https://example.com/p.jpg', true]);
    const audio = inner<HTMLAudioElement>(el, 'a', 'audio');
    expect(audio.controls).to.equal(true);
    // Its name is the caption it points at. (Chrome's computed name of an <audio> whose source
    // failed becomes "Unable to play media.", and example.com fails here at a time that varies.)
    const caption = (audio.getRootNode() as ShadowRoot).getElementById(audio.getAttribute('aria-labelledby') ?? '');
    expect(caption?.textContent?.trim()).to.equal('Episode 1');
    expect(rendered(component(el, 'bad'), 'video')).to.deep.equal([]);
  });

  it('Row, Column, List, Card and Divider lay out their children', async () => {
    const { el } = await surface([
      { id: 'root', component: 'Column', children: ['row', 'list', 'card', 'div'], justify: 'spaceBetween', align: 'center' },
      { id: 'row', component: 'Row', children: ['w1', 'w2'], justify: 'end', align: 'start' },
      { id: 'w1', component: 'Text', text: 'one', weight: 1 },
      { id: 'w2', component: 'Text', text: 'two', weight: 3 },
      { id: 'list', component: 'List', direction: 'horizontal', children: ['i1', 'i2'] },
      label('i1', 'item 1'),
      label('i2', 'item 2'),
      { id: 'card', component: 'Card', child: 'inside' },
      label('inside', 'in a card'),
      { id: 'div', component: 'Divider', axis: 'vertical' },
    ]);
    const column = inner(el, 'root', '[part=column]');
    // The layout the browser computed (classes, not an inline style, carry justify and align).
    const laid = (e: Element) => getComputedStyle(e);
    expect([laid(column).justifyContent, laid(column).alignItems]).to.deep.equal(['space-between', 'center']);
    const row = inner(el, 'row', '[part=row]');
    expect([laid(row).flexDirection, laid(row).justifyContent, laid(row).alignItems]).to.deep.equal(['row', 'flex-end', 'flex-start']);
    expect(component(el, 'w1').style.flexGrow).to.equal('1');
    expect(component(el, 'w2').style.flexGrow).to.equal('3');
    const list = inner(el, 'list', '[part=list]');
    expect(list.getAttribute('role')).to.equal('list');
    expect(list.querySelectorAll(':scope > [role=listitem]')).to.have.length(2);
    for (const item of list.querySelectorAll(':scope > [role=listitem]')) expect(item.getClientRects().length, 'a Text that is a list item keeps its box').to.equal(1);
    expect(getComputedStyle(list).flexDirection).to.equal('row');
    expectSame(inner(el, 'card', '[part=card]').querySelector('a2ui-text'), component(el, 'inside'));
    expect(textOf(component(el, 'inside'))).to.contain('in a card');
    const divider = inner(el, 'div', '[part=divider]');
    expect([divider.getAttribute('role'), divider.getAttribute('aria-orientation')]).to.deep.equal(['separator', 'vertical']);
  });

  it('a Text takes its place in a Row as laid out: widths by weight, equal under stretch, long words wrapped inside', async () => {
    const long = 'x'.repeat(400);
    const { el } = await surface([
      { id: 'root', component: 'Column', children: ['weighted', 'stretched', 'narrow'] },
      { id: 'weighted', component: 'Row', children: ['w1', 'w3'] },
      { id: 'w1', component: 'Text', text: 'one', weight: 1 },
      { id: 'w3', component: 'Text', text: 'three', weight: 3 },
      { id: 'stretched', component: 'Row', justify: 'stretch', children: ['s1', 's2'] },
      label('s1', 'short'),
      label('s2', 'a somewhat longer text'),
      { id: 'narrow', component: 'Row', children: ['n1', 'n2'] },
      label('n1', long),
      label('n2', 'next to it'),
    ]);
    el.style.cssText = 'display: block; width: 600px';
    const width = (id: string) => inner(el, id, '[part~=text]').getBoundingClientRect().width;
    const gap = parseFloat(getComputedStyle(inner(el, 'weighted', '[part=row]')).columnGap);
    expect(width('w1') + width('w3') + gap).to.be.closeTo(600, 1);
    expect(width('w3') / width('w1')).to.be.closeTo(3, 0.05);
    expect(width('s1')).to.be.closeTo(width('s2'), 0.5);
    const row = inner(el, 'narrow', '[part=row]').getBoundingClientRect();
    const text = inner(el, 'n1', '[part~=text]').getBoundingClientRect();
    expect(text.right, 'a long word wraps inside the row').to.be.at.most(row.right + 0.5);
    expect(text.height).to.be.greaterThan(parseFloat(getComputedStyle(inner(el, 'n1', '[part~=text]')).lineHeight) * 2);
  });
});

describe('elements: @accessibility', () => {
  it('maps label, description, live and hidden; data-bound values follow the model', async () => {
    const { el, process } = await surface(
      [
        { id: 'root', component: 'Column', children: ['status', 'field', 'secret'] },
        { id: 'status', component: 'Text', text: { '@path': '/status' }, '@accessibility': { live: 'polite', label: { '@path': '/statusLabel' } } },
        { id: 'field', component: 'TextField', label: 'Name', value: { '@path': '/n' }, '@accessibility': { label: 'Full name', description: 'As on your passport' } },
        { id: 'secret', component: 'Text', text: 'decorative', '@accessibility': { hidden: true } },
      ],
      { status: 'Idle', statusLabel: 'Status' },
    );
    const status = inner(el, 'status', '[part~=text]');
    expect(status.getAttribute('aria-live')).to.equal('polite');
    expect(status.getAttribute('aria-label')).to.equal('Status');
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/statusLabel', value: 'Upload status' } });
    expect(status.getAttribute('aria-label')).to.equal('Upload status');
    const input = getByLabel<HTMLInputElement>(el, 'Full name');
    expect(input.getAttribute('aria-label')).to.equal('Full name');
    expect(descriptionOf(input)).to.equal('As on your passport');
    expect(component(el, 'secret').getAttribute('aria-hidden')).to.equal('true');
  });
  it('a Text: its description follows the model and leaves with it; it is an A2uiElement, also made by hand', async () => {
    const { el, process, errors } = await surface(
      [
        { id: 'root', component: 'Column', children: ['total'] },
        { id: 'total', component: 'Text', text: 'Total: 3', weight: 2, '@accessibility': { description: { '@path': '/why' } } },
      ],
      { why: 'Sum of the items' },
    );
    const box = inner(el, 'total', '[part~=text]');
    expect(descriptionOf(box)).to.equal('Sum of the items');
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/why', value: 'Items summed' } });
    expect(descriptionOf(box)).to.equal('Items summed');
    const text = component(el, 'total');
    expect(text).to.be.instanceOf(A2uiElement);
    expect(text.style.flex).to.equal('2 1 0%');
    await process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'total', component: 'Text', text: 'Total: 4' }] } });
    const after = inner(el, 'total', '[part~=text]');
    expect(after.hasAttribute('aria-describedby')).to.equal(false);
    expect(textOf(component(el, 'total'))).to.equal('Total: 4');
    expect(text.style.flex).to.equal('');
    // Not made by a parent's render: it updates in a microtask of its own, and updateComplete waits for it.
    const own = document.createElement('a2ui-text');
    own.node = text.node;
    el.shadowRoot!.append(own);
    expect(await own.updateComplete).to.equal(true);
    expect(textOf(own)).to.equal('Total: 4');
    own.remove();
    expect(errors()).to.deep.equal([]);
  });
});
