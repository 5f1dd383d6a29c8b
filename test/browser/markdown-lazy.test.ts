/**
 * `marked` is loaded on demand: plain texts render without it, markdown texts render as plain text
 * until it arrives and are then rendered again. The tests run in order on one page: everything
 * before the `preloadMarkdown()` test sees a page that has not loaded `marked`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import { A2uiStore } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import '../../elements/index.ts';
import type { A2uiSurfaceElement } from '../../elements/index.ts';
import { markdown, preloadMarkdown, renderInlineMarkdown, renderMarkdown } from '../../elements/markdown.ts';
import { XSS_MARKDOWN } from '../data/xss-markdown.ts';
import { inner, settle, surfaceMessages } from './elements-helpers.ts';
import { getByRole } from './queries.ts';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** Whether the page has fetched the `marked` module. */
const markedFetched = () => performance.getEntriesByType('resource').some((e) => /\/node_modules\/marked\//.test(e.name));
const nextTask = () => new Promise((r) => setTimeout(r));

// The schema validator loads on first use; these tests read a surface right after its messages.
before(() => schemaValidator.load());

describe('markdown before marked has loaded', () => {
  it('renders plain texts as marked would, without fetching marked', async () => {
    const container = document.createElement('div');
    render(html`<div>${markdown('Hello, world.\nSecond line\n\nNext paragraph')}</div><span>${markdown('a caption', true)}</span>`, container);
    expect(container.innerHTML.replace(/<!--[^>]*-->/g, '')).to.equal('<div><p>Hello, world.\nSecond line</p>\n<p>Next paragraph</p>\n</div><span>a caption</span>');
    expect(renderMarkdown('').childNodes).to.have.length(0);
    expect(renderInlineMarkdown('plain').textContent).to.equal('plain');
    await nextTask();
    expect(markedFetched()).to.equal(false);
  });

  it('shows markdown as its plain text first, then rendered once marked has arrived', async () => {
    const strip = (h: string) => h.replace(/<!--[^>]*-->/g, '');
    // Synchronously, before marked can have arrived: the source, in the structure plain text gets
    // (strikethrough is beyond the subset rendered without marked: markdown-lite.test.ts).
    const block = document.createElement('div');
    render(html`<div>${markdown('# Title\n\nSome **bold** ~~text~~')}</div><span>${markdown('in *print* ~~x~~', true)}</span>`, block);
    expect(strip(block.innerHTML)).to.equal('<div><p># Title</p>\n<p>Some **bold** ~~text~~</p>\n</div><span>in *print* ~~x~~</span>');
    // A directive whose text changes while marked is loading renders the new text, not the old one.
    const changed = document.createElement('div');
    const view = (text: string) => render(html`${markdown(text)}`, changed);
    view('**old** ~~x~~');
    view('new');
    // The XSS corpus in the meantime: text in paragraphs, nothing else.
    delete window.__xss;
    const corpus = XSS_MARKDOWN.flatMap(({ name, markdown: source }) =>
      [renderMarkdown(source), renderInlineMarkdown(source)].map((fragment) => {
        const box = document.createElement('div');
        box.append(fragment);
        return { name, source, view: box };
      }),
    );
    const host = document.createElement('div');
    host.append(...corpus.map((c) => c.view));
    document.body.append(host);

    // A surface's Text elements end up rendered too, whenever they first rendered.
    const store = new A2uiStore({ locale: 'en-US' });
    const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id="lazy"></a2ui-surface>`);
    store.process(
      surfaceMessages('lazy', [
        { id: 'root', component: 'Column', children: ['body', 'caption'] },
        { id: 'body', component: 'Text', text: '# Heading\n\nSome **strong** ~~text~~' },
        { id: 'caption', component: 'Text', text: 'in *small print* ~~x~~', variant: 'caption' },
      ]),
    );

    await preloadMarkdown();
    await nextTask();
    await settle(el);
    expect(markedFetched()).to.equal(true);
    expect(block.querySelector('div > h1')!.textContent).to.equal('Title');
    expect(block.querySelector('div > p > strong')!.textContent).to.equal('bold');
    expect(block.querySelector('span > em')!.textContent).to.equal('print');
    expect(changed.querySelector('strong')).to.equal(null);
    expect(changed.textContent!.trim()).to.equal('new');
    const body = inner(el, 'body', '[part="text"]');
    const caption = inner(el, 'caption', '[part="text"]');
    expect(body.querySelector('h1')!.textContent).to.equal('Heading');
    expect(getByRole(el, 'heading', { name: 'Heading' }).localName).to.equal('h1');
    expect(body.querySelector('p > strong')!.textContent).to.equal('strong');
    expect(caption.querySelector('em')!.textContent).to.equal('small print');
    expect(caption.querySelector('p')).to.equal(null);

    // The corpus fragments were handed out as they were: plain text, no element but <p>.
    await new Promise((r) => setTimeout(r, 50));
    host.remove();
    expect(window.__xss).to.equal(undefined);
    for (const { name, source, view } of corpus) {
      const elements = Array.from(view.querySelectorAll('*'), (e) => e.localName);
      expect(elements.every((t) => t === 'p'), `${name}: ${elements.join(', ')}`).to.equal(true);
      expect(view.textContent!.replace(/\s+/g, ''), name).to.equal(source.replace(/\s+/g, ''));
    }
  });

  it('renders the markdown of a new text at once after that', () => {
    const container = document.createElement('div');
    render(html`${markdown('**now**')}`, container);
    expect(container.querySelector('strong')!.textContent).to.equal('now');
  });
});
