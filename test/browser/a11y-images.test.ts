/**
 * Images say what they show (issue 41, item 2): named by `description`, else by the caption beside
 * them; decorative only when the agent says so (`@accessibility.hidden`); an image nobody named is
 * still there for a screen reader, and the agent and the developer are told once. Read from the
 * accessibility tree.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { axTree } from './a11y-helpers.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const image = (id: string, extra: Record<string, unknown> = {}) => ({ id, component: 'Image', url: PNG, ...extra });

const images = async () => (await axTree()).filter((n) => n.role === 'image' || n.role === 'img');

describe('images in the accessibility tree', () => {
  it('is named by its description, else by the caption beside it; decorative only when hidden', async () => {
    const m = await mount('img');
    await m.process(
      surfaceMessages('img', [
        { id: 'root', component: 'Column', children: ['described', 'photo', 'details', 'ornament'] },
        image('described', { description: 'A red bicycle' }),
        image('photo'),
        { id: 'details', component: 'Column', children: ['title', 'price'] },
        { id: 'title', component: 'Text', text: 'Vintage road bike', variant: 'caption' },
        { id: 'price', component: 'Text', text: '$850' },
        image('ornament', { '@accessibility': { hidden: true } }),
      ]),
    );
    await waitUntil(async () => (await images()).length === 2 && (await images())[1].name !== 'Image without description', 'the caption names the photo', { timeout: 3000 });
    expect((await images()).map((n) => n.name)).to.deep.equal(['A red bicycle', 'Vintage road bike']);
    expect(m.errors(), 'no warning: every image is named or decorative').to.deep.equal([]);
  });

  it('an image nobody named stays in the tree, and the agent and developer are warned once', async () => {
    await executeServerCommand('watch-errors', { start: true });
    const m = await mount('lone');
    await m.process(surfaceMessages('lone', [{ id: 'root', component: 'Row', children: ['a', 'b'] }, image('a'), image('b')]));
    await waitUntil(() => m.errors().length >= 2, 'the agent is warned', { timeout: 4000 });
    expect((await images()).map((n) => n.name)).to.deep.equal(['Image without description', 'Image without description']);
    await m.process([{ version: '1.0', updateComponents: { surfaceId: 'lone', components: [image('a', { fit: 'cover' })] } }]);
    await new Promise((r) => setTimeout(r, 1500));
    const warnings = m.errors().map((e) => ('error' in e ? e.error : undefined));
    expect(warnings).to.have.length(2);
    expect(warnings[0]).to.include({ code: 'ACCESSIBILITY_WARNING', severity: 'warning', surfaceId: 'lone', path: '/components/a/description' });
    const consoleWarnings = (await executeServerCommand<string[], { start: boolean }>('watch-errors', { start: false })).filter((w) => /Image '.' has no description/.test(w));
    expect(consoleWarnings).to.have.length(2);
  });
});
