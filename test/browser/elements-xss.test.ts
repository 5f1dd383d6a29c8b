import { expect } from '@open-wc/testing';
import { safeUrl } from '../../elements/urls.ts';
import { XSS_MARKDOWN } from '../data/xss-markdown.ts';
import { components, mount, rendered, settle, surfaceMessages } from './elements-helpers.ts';
import { deepQueryAll } from './queries.ts';

declare global {
  interface Window {
    __xss?: unknown;
    __xssControl?: unknown;
  }
}

const S = 'xss';
const FORBIDDEN = 'script, style, iframe, frame, object, embed, svg, math, form, input, button, base, meta, link, template, noscript, video, audio';

describe('elements: the markdown XSS corpus through <a2ui-surface>', () => {
  it(`renders none of the ${XSS_MARKDOWN.length} payloads executable, in Text bodies, captions and labels`, async () => {
    expect(XSS_MARKDOWN.length).to.be.at.least(40);
    delete window.__xss;
    delete window.__xssControl;
    const { el, process, errors } = await mount(S);
    const ids = XSS_MARKDOWN.flatMap((_, i) => [`b${i}`, `c${i}`, `f${i}`]);
    await process(
      surfaceMessages(S, [
        { id: 'root', component: 'Column', children: ids },
        ...XSS_MARKDOWN.flatMap(({ markdown }, i) => [
          { id: `b${i}`, component: 'Text', text: markdown },
          { id: `c${i}`, component: 'Text', text: { '@path': `/p/${i}` }, variant: 'caption' },
          { id: `f${i}`, component: 'TextField', label: markdown, placeholder: markdown, value: { '@path': `/p/${i}` } },
        ]),
      ], { p: XSS_MARKDOWN.map((x) => x.markdown) }),
    );
    // Positive control: a handler that does run, so the harness can see one.
    const control = document.createElement('div');
    control.innerHTML = '<img src="/__no-such-image.png" onerror="window.__xssControl = 1">';
    document.body.append(control);
    const images = deepQueryAll<HTMLImageElement>(el, 'img');
    await Promise.all([...images, control.firstElementChild as HTMLImageElement].map((img) => (img.complete ? null : new Promise((r) => { img.addEventListener('load', r); img.addEventListener('error', r); }))));
    await new Promise((r) => setTimeout(r, 50));
    await settle(el);
    control.remove();
    expect(window.__xssControl, 'control').to.equal(1);
    expect(window.__xss, 'a payload ran').to.equal(undefined);
    expect(errors()).to.deep.equal([]);

    for (const c of components(el)) {
      const where = `${c.node!.id} (${XSS_MARKDOWN[Number(c.node!.id.slice(1))]?.name})`;
      const isField = c.node!.id.startsWith('f');
      // A TextField's own input is the one its label names (ids are unique per surface).
      const own = isField ? rendered<HTMLLabelElement>(c, 'label[for]').map((l) => l.htmlFor) : [];
      const found = rendered(c, FORBIDDEN).filter((e) => !(e.localName === 'input' && e.id && own.includes(e.id)));
      expect(found.map((e) => e.localName), where).to.deep.equal([]);
      for (const e of rendered(c, '*')) {
        const bad = [...e.attributes].filter((a) => a.name.startsWith('on') || (a.name === 'style' && !e.hasAttribute('part')));
        expect(bad.map((a) => `${e.localName}[${a.name}]`), where).to.deep.equal([]);
        if (e.localName === 'a') expect(safeUrl(e.getAttribute('href'), 'link'), where).to.equal(e.getAttribute('href'));
        if (e.localName === 'img' && e.getAttribute('part') !== 'image') expect(safeUrl(e.getAttribute('src'), 'image'), where).to.equal(e.getAttribute('src'));
      }
    }
  });
});
