/**
 * Changes said without moving focus (issue 41, item 4): a check message that appears while the
 * user types, and a disabled Button's changing reason, are said once in the surface's polite live
 * region when the typing pauses — not per keystroke, not at first render. Trusted key presses; what
 * is said is read from the accessibility tree.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { axPolite } from './a11y-helpers.ts';
import { deepQueryAll, getByLabel } from './queries.ts';

const email = (message: string) => ({ condition: { '@call': 'email', args: { value: { '@path': '/mail' } } }, message });

describe('announcing check messages and disabled reasons', function () {
  // Real pauses (the quiet moment before a message is said) on a shared machine.
  this.timeout(30000);
  it('says the field message and the Button reason once when typing pauses', async () => {
    const m = await mount('ann');
    await m.process(
      surfaceMessages(
        'ann',
        [
          { id: 'root', component: 'Column', children: ['mail', 'send'] },
          { id: 'mail', component: 'TextField', label: 'Email', value: { '@path': '/mail' }, '@checks': [email('Not an email')] },
          { id: 'send', component: 'Button', child: 'sendText', action: { event: { name: 'send' } }, '@checks': [{ condition: { '@call': 'required', args: { value: { '@path': '/mail' } } }, message: 'Enter your email first' }, email('Check the email address')] },
          { id: 'sendText', component: 'Text', text: 'Send' },
        ],
        { mail: '' },
      ),
    );
    const region = deepQueryAll(m.el, '.a2ui-live')[0];
    expect(region, 'the surface has a live region').to.not.equal(undefined);
    const said: string[] = [];
    new MutationObserver(() => region.textContent && said.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
    getByLabel<HTMLInputElement>(m.el, 'Email').focus();
    await sendKeys({ type: 'ada' });
    await waitUntil(() => said.length > 0, 'something is said', { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(said, 'said once, at the pause').to.have.length(1);
    expect(said[0]).to.contain('Not an email').and.to.contain('Check the email address');
    expect((await axPolite()).join(' ')).to.contain('Not an email');
    // Fixed: nothing more to say.
    await sendKeys({ type: '@example.com' });
    await new Promise((r) => setTimeout(r, 1200));
    expect(said).to.have.length(1);
  });

  it('with announce-updates, says the Texts an agent data update changes; without, stays silent', async () => {
    for (const on of [false, true]) {
      const m = await mount('upd');
      m.el.toggleAttribute('announce-updates', on);
      await m.process(
        surfaceMessages('upd', [{ id: 'root', component: 'Column', children: ['title', 'status'] }, { id: 'title', component: 'Text', text: 'Order 42' }, { id: 'status', component: 'Text', text: { '@path': '/status' } }], { status: 'Packing' }),
      );
      await new Promise((r) => setTimeout(r, 800));
      expect((await axPolite()).join(''), 'nothing said at first render').to.equal('');
      await m.process([{ version: '1.0', updateDataModel: { surfaceId: 'upd', path: '/status', value: 'Shipped' } }]);
      if (on) await waitUntil(async () => (await axPolite()).join(' ').includes('Shipped'), 'the change is said', { timeout: 3000 });
      else {
        await new Promise((r) => setTimeout(r, 1200));
        expect((await axPolite()).join(''), 'silent by default').to.equal('');
      }
      m.el.remove();
    }
  });
});
