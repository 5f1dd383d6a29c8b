/**
 * `partialUpdates` reads presentation enums tolerantly: the official v0.9 shell's own sample sends a
 * ChoicePicker `variant: "singleSelection"` (not in the v0.9 enum); the picker is shown with the
 * default (a radio group a user can choose in), not a placeholder, and the agent gets one error.
 */
import { expect } from '@open-wc/testing';
import { BASIC_TAGS, registerComponent } from '../../elements/index.ts';
import { BASIC_V09_CATALOG_ID, enableV09 } from '../../src/v09/index.ts';
import { mount } from './elements-helpers.ts';
import { getByRole, nameOf, queryAllByRole } from './queries.ts';

for (const [type, tag] of Object.entries(BASIC_TAGS)) registerComponent(BASIC_V09_CATALOG_ID, type, tag);

const SETTINGS = [
  { version: 'v0.9', createSurface: { surfaceId: 'settings', catalogId: BASIC_V09_CATALOG_ID } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'settings',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'theme'] },
        { id: 'title', component: 'Text', text: 'Settings', variant: 'h2' },
        {
          id: 'theme',
          component: 'ChoicePicker',
          label: 'Theme',
          variant: 'singleSelection',
          options: [
            { label: 'Dark', value: 'dark' },
            { label: 'Light', value: 'light' },
          ],
          value: { path: '/theme' },
        },
      ],
    },
  },
];

describe('partialUpdates: an unknown presentation enum value', () => {
  it('shows the v0.9 ChoicePicker variant "singleSelection" as the default radio group, with one error for the agent', async () => {
    const mounted = await mount('settings', { partialUpdates: true });
    enableV09(mounted.store);
    await mounted.process(SETTINGS);
    const group = getByRole(mounted.el, 'radiogroup', { name: 'Theme' });
    expect(queryAllByRole(group, 'radio').map(nameOf)).to.deep.equal(['Dark', 'Light']);
    expect(queryAllByRole(mounted.el, 'checkbox')).to.have.length(0);
    const errors = mounted.errors().map((m) => ('error' in m ? m.error : undefined));
    expect(errors.map((e) => [e?.code, e?.path])).to.deep.equal([['VALIDATION_FAILED', '/components/2/variant']]);
  });

  it('without partialUpdates the message is refused as before: no picker, one error', async () => {
    const mounted = await mount('settings');
    enableV09(mounted.store);
    await mounted.process(SETTINGS);
    expect(queryAllByRole(mounted.el, 'radiogroup')).to.have.length(0);
    expect(mounted.errors()).to.have.length(1);
  });
});
