/**
 * Icons beside text are decoration (issue 41, item 3): "⚠ 20 min cook" is read "20 min cook",
 * a Button with an icon and a label is named by the label; an icon alone keeps its name.
 * Read from the accessibility tree.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { axTree } from './a11y-helpers.ts';

describe('icons in the accessibility tree', () => {
  it('an icon beside text is hidden; alone, or labelled by the agent, it keeps its name', async () => {
    const m = await mount('icons');
    await m.process(
      surfaceMessages('icons', [
        { id: 'root', component: 'Column', children: ['time', 'pay', 'send', 'flagged'] },
        { id: 'time', component: 'Row', children: ['warn', 'minutes'] },
        { id: 'warn', component: 'Icon', name: 'warning' },
        { id: 'minutes', component: 'Text', text: '20 min cook' },
        { id: 'pay', component: 'Button', child: 'payRow', action: { event: { name: 'pay' } } },
        { id: 'payRow', component: 'Row', children: ['payIcon', 'payText'] },
        { id: 'payIcon', component: 'Icon', name: 'payment' },
        { id: 'payText', component: 'Text', text: 'Pay now' },
        { id: 'send', component: 'Button', child: 'sendIcon', action: { event: { name: 'send' } } },
        { id: 'sendIcon', component: 'Icon', name: 'send' },
        { id: 'flagged', component: 'Row', children: ['flag', 'flagText'] },
        { id: 'flag', component: 'Icon', name: 'star', '@accessibility': { label: 'Favourite' } },
        { id: 'flagText', component: 'Text', text: 'Lisbon' },
      ]),
    );
    const named = async () => (await axTree()).filter((n) => ['image', 'img', 'button'].includes(n.role)).map((n) => `${n.role}: ${n.name}`);
    await waitUntil(async () => !(await named()).includes('image: warning'), 'the warning icon is hidden', { timeout: 3000 });
    expect(await named()).to.deep.equal(['button: Pay now', 'button: send', 'image: send', 'image: Favourite']);
    const texts = (await axTree()).filter((n) => n.role === 'StaticText').map((n) => n.name);
    expect(texts).to.include('20 min cook');
  });
});
