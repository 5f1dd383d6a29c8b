import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { component, expectSame, inner, mount, rendered, settle, surfaceMessages } from './elements-helpers.ts';
import { descriptionOf, focused, getByLabel, getByRole, nameOf, queryAllByRole, textOf } from './queries.ts';

const S = 'inputs';

async function form(components: unknown[], data: Record<string, unknown> = {}) {
  const m = await mount(S);
  await m.process(surfaceMessages(S, [{ id: 'root', component: 'Column', children: components.map((c) => (c as { id: string }).id) }, ...components], data));
  const model = (path: string) => m.store.surface(S)!.dataModel.get(path);
  return { ...m, model };
}

describe('elements: TextField', () => {
  it('writes every keystroke to the data model, creating the path, with a linked label', async () => {
    const { el, model, errors } = await form([{ id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/user/name' }, placeholder: 'Your name' }]);
    const input = getByRole<HTMLInputElement>(el, 'textbox', { name: 'Name' });
    expect(input.type).to.equal('text');
    expect(input.placeholder).to.equal('Your name');
    expect(input.labels?.[0]?.textContent?.trim()).to.equal('Name');
    input.focus();
    await sendKeys({ type: 'Ada' });
    expect(model('/user/name')).to.equal('Ada');
    await sendKeys({ press: 'Backspace' });
    expect(model('/user/name')).to.equal('Ad');
    expect(errors()).to.deep.equal([]);
  });

  it('shows an updateDataModel in the input without moving the caret of the user', async () => {
    const { el, process } = await form([{ id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/name' } }], { name: 'x' });
    const input = getByLabel<HTMLInputElement>(el, 'Name');
    expect(input.value).to.equal('x');
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/name', value: 'from agent' } });
    expect(input.value).to.equal('from agent');
  });

  it('variants: number writes numbers, obscured is a password, longText a textarea', async () => {
    const { el, model } = await form([
      { id: 'n', component: 'TextField', label: 'Amount', variant: 'number', value: { '@path': '/n' } },
      { id: 'p', component: 'TextField', label: 'Password', variant: 'obscured', value: { '@path': '/p' } },
      { id: 'l', component: 'TextField', label: 'Notes', variant: 'longText', value: { '@path': '/l' } },
    ]);
    const n = getByLabel<HTMLInputElement>(el, 'Amount');
    expect(n.type).to.equal('number');
    n.focus();
    await sendKeys({ type: '42.5' });
    expect(model('/n')).to.equal(42.5);
    expect(getByLabel<HTMLInputElement>(el, 'Password').type).to.equal('password');
    const notes = getByLabel<HTMLTextAreaElement>(el, 'Notes');
    expect(notes.localName).to.equal('textarea');
    notes.focus();
    await sendKeys({ type: 'line one' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'two' });
    expect(model('/l')).to.equal('line one\ntwo');
  });

  it('failing checks set aria-invalid and link their messages; fixing the value clears them', async () => {
    const { el } = await form([
      {
        id: 'email',
        component: 'TextField',
        label: 'Email',
        value: { '@path': '/email' },
        '@checks': [{ condition: { '@call': 'email', args: { value: { '@path': '/email' } } }, message: 'Enter a valid email' }],
      },
    ], { email: 'nope' });
    const input = getByLabel<HTMLInputElement>(el, 'Email');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(descriptionOf(input)).to.contain('Enter a valid email');
    input.focus();
    input.select();
    await sendKeys({ type: 'ada@example.com' });
    await settle(el);
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    expect(input.hasAttribute('aria-describedby')).to.equal(false);
    expect(textOf(el)).not.to.contain('Enter a valid email');
  });

  it('an empty, untouched field shows no check message until the user has been there', async () => {
    const { el, model } = await form([
      {
        id: 'name',
        component: 'TextField',
        label: 'Name',
        value: { '@path': '/name' },
        '@checks': [{ condition: { '@call': 'required', args: { value: { '@path': '/name' } } }, message: 'Name is required' }],
      },
      { id: 'other', component: 'TextField', label: 'Other', value: { '@path': '/other' } },
    ]);
    const input = getByLabel<HTMLInputElement>(el, 'Name');
    const shown = () => rendered(component(el, 'name'), '[part=messages]')[0];
    const message = () => (shown() ? textOf(shown()) : undefined);
    expect([input.hasAttribute('aria-invalid'), message()]).to.deep.equal([false, undefined]);
    input.focus();
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Backspace' });
    expect(model('/name')).to.equal('');
    await settle(el);
    expect([input.getAttribute('aria-invalid'), message()]).to.deep.equal(['true', 'Name is required']);
    expect(descriptionOf(input)).to.equal('Name is required');
  });

  it('leaving an empty field shows its messages', async () => {
    const { el } = await form([
      { id: 'a', component: 'TextField', label: 'A', value: { '@path': '/a' }, '@checks': [{ condition: { '@path': '/ok' }, message: 'Not ok' }] },
      { id: 'b', component: 'TextField', label: 'B', value: { '@path': '/b' } },
    ]);
    getByLabel(el, 'A').focus();
    await sendKeys({ press: 'Tab' });
    await settle(el);
    expect(textOf(inner(el, 'a', '[part=messages]'))).to.equal('Not ok');
    expect(descriptionOf(getByLabel(el, 'A'))).to.equal('Not ok');
  });
});

describe('elements: CheckBox', () => {
  it('toggles with click and Space, writing booleans', async () => {
    const { el, model } = await form([{ id: 'agree', component: 'CheckBox', label: 'I agree', value: { '@path': '/agree' } }], { agree: false });
    const box = getByRole<HTMLInputElement>(el, 'checkbox', { name: 'I agree' });
    expect(box.checked).to.equal(false);
    expect(box.labels?.[0]?.textContent?.trim()).to.equal('I agree');
    box.click();
    expect(model('/agree')).to.equal(true);
    box.focus();
    await sendKeys({ press: 'Space' });
    expect(model('/agree')).to.equal(false);
    await settle(el);
    expect(box.checked).to.equal(false);
  });

  it('follows the data model', async () => {
    const { el, process } = await form([{ id: 'c', component: 'CheckBox', label: 'C', value: { '@path': '/c' } }], { c: false });
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/c', value: true } });
    expect(getByRole<HTMLInputElement>(el, 'checkbox', { name: 'C' }).checked).to.equal(true);
  });
});

describe('elements: ChoicePicker', () => {
  const options = [
    { label: 'Email', value: 'email' },
    { label: 'Phone', value: 'phone' },
    { label: 'SMS', value: 'sms' },
  ];

  it('mutuallyExclusive is a radio group operable with arrow keys', async () => {
    const { el, model } = await form([{ id: 'pick', component: 'ChoicePicker', label: 'Contact by', options, value: { '@path': '/pref' } }], { pref: ['email'] });
    const group = getByRole(el, 'radiogroup', { name: 'Contact by' });
    expect(group.getAttribute('role')).to.equal('radiogroup');
    const radios = queryAllByRole<HTMLInputElement>(group, 'radio');
    expect(radios.map(nameOf)).to.deep.equal(['Email', 'Phone', 'SMS']);
    expect(radios.map((r) => r.checked)).to.deep.equal([true, false, false]);
    radios[0].focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(model('/pref')).to.deep.equal(['phone']);
    await sendKeys({ press: 'ArrowDown' });
    expect(model('/pref')).to.deep.equal(['sms']);
    await settle(el);
    expect(radios.map((r) => r.checked)).to.deep.equal([false, false, true]);
  });

  it('multipleSelection toggles values with Space and click', async () => {
    const { el, model } = await form([
      { id: 'pick', component: 'ChoicePicker', variant: 'multipleSelection', options, value: { '@path': '/sel' } },
    ]);
    const boxes = queryAllByRole<HTMLInputElement>(el, 'checkbox');
    expect(boxes.map(nameOf)).to.deep.equal(['Email', 'Phone', 'SMS']);
    boxes[0].focus();
    await sendKeys({ press: 'Space' });
    expect(model('/sel')).to.deep.equal(['email']);
    boxes[2].click();
    expect(model('/sel')).to.deep.equal(['email', 'sms']);
    boxes[0].click();
    expect(model('/sel')).to.deep.equal(['sms']);
  });

  it('chips and filtering', async () => {
    const { el, model } = await form([
      { id: 'pick', component: 'ChoicePicker', label: 'Channel', displayStyle: 'chips', filterable: true, options, value: { '@path': '/sel' } },
    ]);
    const pick = component(el, 'pick');
    expect(inner(el, 'pick', 'fieldset').classList.contains('chips')).to.equal(true);
    const filter = getByRole<HTMLInputElement>(el, 'searchbox');
    filter.focus();
    await sendKeys({ type: 'ph' });
    await settle(el);
    const labels = rendered(pick, '.option').map((o) => textOf(o));
    expect(labels).to.deep.equal(['Phone']);
    getByRole(el, 'radio', { name: 'Phone' }).click();
    expect(model('/sel')).to.deep.equal(['phone']);
    await settle(el);
    expect(inner(el, 'pick', '.option').getAttribute('part')).to.contain('option-selected');
  });

  it('resolves option labels from the data model', async () => {
    const { el, process } = await form(
      [{ id: 'pick', component: 'ChoicePicker', options: [{ label: { '@path': '/l' }, value: 'a' }], value: { '@path': '/sel' } }],
      { l: 'First' },
    );
    const text = () => textOf(inner(el, 'pick', '.option'));
    expect(text()).to.equal('First');
    expect(nameOf(getByRole(el, 'radio'))).to.equal('First');
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/l', value: 'Renamed' } });
    expect(text()).to.equal('Renamed');
  });
});

describe('elements: Slider', () => {
  it('moves by steps with the keyboard and writes numbers', async () => {
    const { el, model } = await form([{ id: 's', component: 'Slider', label: 'Volume', min: 0, max: 10, steps: 5, value: { '@path': '/v' } }], { v: 4 });
    const range = getByRole<HTMLInputElement>(el, 'slider', { name: 'Volume' });
    expect(range.labels?.[0]?.textContent?.trim()).to.equal('Volume');
    expect(range.step).to.equal('2');
    expect(range.value).to.equal('4');
    range.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(model('/v')).to.equal(6);
    await sendKeys({ press: 'End' });
    expect(model('/v')).to.equal(10);
    await sendKeys({ press: 'Home' });
    expect(model('/v')).to.equal(0);
    await settle(el);
    expect(textOf(inner(el, 's', 'output'))).to.equal('0');
  });

  it('without steps is continuous and defaults min to 0', async () => {
    const { el } = await form([{ id: 's', component: 'Slider', max: 1, value: { '@path': '/p' } }], { p: 0.25 });
    const range = getByRole<HTMLInputElement>(el, 'slider', { name: 'p' });
    expect(range.min).to.equal('0');
    expect(range.step).to.equal('any');
    expect(range.value).to.equal('0.25');
    expect(range.getAttribute('aria-label')).to.equal('p');
  });
});

describe('elements: DateTimeInput', () => {
  it('picks the input type from enableDate/enableTime and shows ISO values', async () => {
    const { el } = await form(
      [
        { id: 'd', component: 'DateTimeInput', label: 'Day', enableDate: true, value: { '@path': '/t' }, min: '2025-01-01', max: '2025-12-31' },
        { id: 't', component: 'DateTimeInput', label: 'Time', enableTime: true, value: { '@path': '/t' } },
        { id: 'dt', component: 'DateTimeInput', label: 'When', enableDate: true, enableTime: true, value: { '@path': '/t' } },
      ],
      { t: '2025-12-15T17:00:00Z' },
    );
    const d = getByLabel<HTMLInputElement>(el, 'Day');
    expect([d.type, d.value, d.min, d.max]).to.deep.equal(['date', '2025-12-15', '2025-01-01', '2025-12-31']);
    const t = getByLabel<HTMLInputElement>(el, 'Time');
    expect([t.type, t.value]).to.deep.equal(['time', '17:00:00']);
    const dt = getByLabel<HTMLInputElement>(el, 'When');
    expect([dt.type, dt.value]).to.deep.equal(['datetime-local', '2025-12-15T17:00']);
  });

  it('writes what the user picks', async () => {
    const { el, model } = await form([{ id: 'd', component: 'DateTimeInput', label: 'Day', enableDate: true, value: { '@path': '/when/day' } }]);
    const d = getByLabel<HTMLInputElement>(el, 'Day');
    d.focus();
    // Chromium's date field takes digits segment by segment in the locale's order (en-US: mm/dd/yyyy).
    await sendKeys({ type: '03142026' });
    expect(model('/when/day')).to.equal('2026-03-14');
    expectSame(focused(), d);
  });
});
