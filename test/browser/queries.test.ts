/**
 * The test queries (queries.ts) find the same things whether a component renders into its own
 * shadow root or into light DOM inside its surface's shadow root.
 */
import { expect, fixture, html } from '@open-wc/testing';
import {
  deepElements, descriptionOf, focused, getByLabel, getByRole, getByText, isInaccessible, nameOf,
  queryAllByRole, queryByRole, roleOf, textOf, textUntil,
} from './queries.ts';

type Layout = 'shadow' | 'light';

const isPart = (el: Element) => el.localName === 'q-part';

/** A component element: its content in its own shadow root, or as its light children. */
function part(layout: Layout, markup: string, children: Element[] = []): HTMLElement {
  const el = document.createElement('q-part');
  const where = layout === 'shadow' ? el.attachShadow({ mode: 'open' }) : el;
  const box = document.createElement('div');
  box.innerHTML = markup;
  where.append(...box.childNodes, ...children);
  return el;
}

/** A surface: one shadow root holding a form, a heading and a hidden button, in `layout`. */
async function surface(layout: Layout) {
  const host = await fixture<HTMLElement>(html`<div></div>`);
  const root = host.attachShadow({ mode: 'open' });
  const label = part(layout, '<span>Send</span>');
  const button = part(layout, '<button part="button">Icon</button>');
  button.shadowRoot ? button.shadowRoot.querySelector('button')!.replaceChildren(label) : button.querySelector('button')!.replaceChildren(label);
  const field = part(layout, '<label for="i">Email</label><input id="i" aria-describedby="m"><div id="m" part="messages">Bad email</div>');
  const heading = part(layout, '<h2>Title <em>here</em></h2>');
  const ghost = part(layout, '<div hidden><button>Ghost</button></div>');
  const column = part(layout, '<div part="column"></div>');
  (column.shadowRoot ?? column).querySelector('[part=column]')!.append(field, button, heading, ghost);
  root.append(column);
  return { host, column, field, button, heading };
}

describe('test queries: the same answers in both layouts', () => {
  for (const layout of ['shadow', 'light'] as const) {
    it(`${layout}: roles, names, labels, descriptions, text and focus`, async () => {
      const { host, column, field, button } = await surface(layout);
      const send = getByRole<HTMLButtonElement>(host, 'button', { name: 'Send' });
      expect([roleOf(send), nameOf(send), send.getAttribute('part')]).to.deep.equal(['button', 'Send', 'button']);
      expect(queryAllByRole(host, 'button', { name: 'Ghost' }), 'hidden from users').to.deep.equal([]);
      // Chromium computes no name for what users cannot perceive: find it by role, then text.
      const ghost = queryAllByRole(host, 'button', { hidden: true }).find(isInaccessible)!;
      expect([nameOf(ghost), textOf(ghost)]).to.deep.equal(['', 'Ghost']);
      expect(queryAllByRole(host, 'button', { hidden: true })).to.have.length(2);
      expect(textOf(getByRole(host, 'heading', { name: 'Title here' }))).to.equal('Title here');
      expect(queryByRole(host, 'dialog')).to.equal(null);

      const input = getByLabel<HTMLInputElement>(host, 'Email');
      expect(input.localName).to.equal('input');
      expect(descriptionOf(input)).to.equal('Bad email');
      expect(descriptionOf(send)).to.equal('');
      expect(getByText(host, 'Bad email').getAttribute('part')).to.equal('messages');
      input.focus();
      expect(focused()).to.equal(input);

      // Like textContent, no spaces are invented between elements.
      expect(textOf(host)).to.equal('EmailBad emailSendTitle hereGhost');
      expect(textUntil(column, isPart), "nested components' text left out").to.equal('');
      expect(textUntil(button, isPart), "the label component's text left out").to.equal('');
      expect(textUntil(field, isPart)).to.equal('EmailBad email');
      expect(deepElements(column, isPart).filter(isPart)).to.have.length(4);
      expect(deepElements(host).filter((e) => e.localName === 'input')).to.deep.equal([input]);
    });
  }

  it('throws, naming what is there, when none or several match', async () => {
    const { host } = await surface('light');
    expect(() => getByRole(host, 'button', { name: 'Nope' })).to.throw(/expected one 'button' named Nope, found 0; present: .*button "Send"/);
    expect(() => getByRole(host, 'button', { hidden: true })).to.throw(/found 2/);
    expect(() => getByLabel(host, 'Password')).to.throw(/found 0/);
  });

  it('text follows slots: slotted content shows only while its slot is rendered', async () => {
    const host = await fixture<HTMLElement>(html`<div><span slot="loading">Loading…</span></div>`);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<p>Shell</p><slot name="loading"></slot>';
    expect(textOf(host)).to.equal('ShellLoading…');
    root.querySelector('slot')!.remove();
    expect(textOf(host)).to.equal('Shell');
  });
});
