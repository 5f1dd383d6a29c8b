/**
 * Classes of security reports filed against the official renderer, one named test each, as a user
 * sees the page (the core-side classes are in test/node/security-reports.test.ts).
 * docs/security-defaults.md lists the defaults these pin and how a host changes them.
 */
import { expect } from '@open-wc/testing';
import { preloadComponents, preloadMarkdown, registerComponent } from '../../elements/index.ts';
import { preloadFunctions, schemaValidator } from '../../src/internal.ts';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { deepQueryAll, textOf } from './queries.ts';

declare global {
  interface Window {
    pwned?: number;
  }
}

const ATTACK = 'Hi **there** <img src=x onerror="window.pwned=1"><script>window.pwned=2</script> [go](javascript:window.pwned=3)';

/** Every element the surface put on the page, shadow roots included. */
const everything = (root: Element) => deepQueryAll<Element>(root, '*');

describe('security reports against the official renderer: the same class, here', () => {
  // First in the file: the markdown renderer has not been loaded on this page yet.
  it('markdown fallback to unsanitized HTML: before, and after, marked has loaded, agent HTML is text', async () => {
    delete window.pwned;
    // Everything a surface needs but the markdown renderer.
    await Promise.all([schemaValidator.load(), preloadComponents(), preloadFunctions()]);
    const mounted = await mount('md', {}, { preload: false });
    await mounted.process(surfaceMessages('md', [{ id: 'root', component: 'Text', text: ATTACK }]));
    const check = (when: string) => {
      const tags = everything(mounted.el).map((e) => e.localName);
      expect(tags, when).to.not.include.members(['img', 'script', 'a']);
      expect(textOf(mounted.el), when).to.contain('<img src=x');
      expect(window.pwned, when).to.equal(undefined);
    };
    check('before marked');
    await preloadMarkdown();
    await mounted.process({ version: '1.0', updateComponents: { surfaceId: 'md', components: [{ id: 'root', component: 'Text', text: ATTACK + ' ' }] } });
    check('after marked');
    expect(everything(mounted.el).map((e) => e.localName), 'markdown itself renders').to.include('strong');
  });

  it('a2ui#3077 media url without a scheme check: Image, Video and AudioPlayer load http(s) and raster data only, literal or bound', async () => {
    const hostile = ['javascript:window.pwned=4', 'data:text/html,<script>window.pwned=5</script>', 'data:image/svg+xml,<svg onload="window.pwned=6">', 'vbscript:x', 'file:///etc/passwd', 'https://user:pw@example.com/a.png'];
    const tree: unknown[] = [];
    const ids: string[] = [];
    hostile.forEach((url, i) => {
      ids.push(`img${i}`, `vid${i}`, `aud${i}`, `bound${i}`);
      tree.push(
        { id: `img${i}`, component: 'Image', url },
        { id: `vid${i}`, component: 'Video', url, posterUrl: url },
        { id: `aud${i}`, component: 'AudioPlayer', url },
        { id: `bound${i}`, component: 'Image', url: { '@path': `/urls/${i}` } },
      );
    });
    ids.push('ok');
    tree.push({ id: 'ok', component: 'Image', url: 'https://example.com/ok.png', description: 'fine' });
    delete window.pwned;
    const mounted = await mount('media');
    await mounted.process(surfaceMessages('media', [{ id: 'root', component: 'Column', children: ids }, ...tree], { urls: hostile }));
    expect(mounted.errors()).to.deep.equal([]);
    const sources = everything(mounted.el).flatMap((e) => ['src', 'poster', 'href'].map((a) => e.getAttribute(a)).filter((v): v is string => v !== null));
    expect(sources).to.deep.equal(['https://example.com/ok.png']);
    expect(window.pwned).to.equal(undefined);
  });

  it('a2ui#3076 agent property names spread onto DOM elements: only the properties an element reads reach the DOM', async () => {
    const CUSTOM = 'https://example.com/catalogs/spread.json';
    registerComponent(CUSTOM, 'Fancy', 'a2ui-text');
    const names = ['onclick', 'onmouseover', 'innerHTML', 'outerHTML', 'style', 'class', 'slot', 'part', 'hidden', 'srcdoc', 'href', 'tabindex', 'contenteditable'];
    const mounted = await mount('spread');
    mounted.store.registerCatalog({
      catalogId: CUSTOM,
      protocolVersion: '1.0',
      components: {
        Fancy: {
          type: 'object',
          properties: { component: { const: 'Fancy' }, text: { type: 'string' }, ...Object.fromEntries(names.map((n) => [n, { type: 'string' }])) },
          required: ['component', 'text'],
        },
      },
    });
    const spread = Object.fromEntries(names.map((n) => [n, n === 'innerHTML' || n === 'outerHTML' ? '<img src=x onerror="window.pwned=7">' : 'window.pwned=8']));
    delete window.pwned;
    await mounted.process([
      { version: '1.0', createSurface: { surfaceId: 'spread', catalogId: CUSTOM } },
      { version: '1.0', updateComponents: { surfaceId: 'spread', components: [{ id: 'root', component: 'Fancy', text: 'Only words', ...spread }] } },
    ]);
    expect(JSON.stringify(mounted.errors())).to.equal('[]');
    const host = everything(mounted.el).find((e) => e.localName === 'a2ui-text')!;
    expect(textOf(host).trim()).to.equal('Only words');
    for (const el of everything(mounted.el)) {
      for (const n of names) expect(el.getAttribute(n), `${el.localName}[${n}]`).to.not.equal(spread[n]);
    }
    expect((host as HTMLElement).onclick).to.equal(null);
    expect(everything(mounted.el).some((e) => e.localName === 'img')).to.equal(false);
    (host as HTMLElement).click();
    expect(window.pwned).to.equal(undefined);
    // In the basic catalog such a property is not even accepted: one error names it.
    const basic = await mount('basic');
    await basic.process(surfaceMessages('basic', [{ id: 'root', component: 'Text', text: 'x', onclick: 'window.pwned=9' }]));
    expect(basic.errors().map((m) => ('error' in m ? m.error.path : ''))).to.deep.equal(['/components/0/onclick']);
  });
});
