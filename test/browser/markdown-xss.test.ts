import { expect } from '@open-wc/testing';
import { configureMarkdown, preloadMarkdown, renderMarkdown, renderInlineMarkdown } from '../../elements/markdown.ts';
import { sanitizeHtml } from '../../elements/sanitize.ts';
import { safeUrl } from '../../elements/urls.ts';
import { XSS_MARKDOWN } from '../data/xss-markdown.ts';

declare global {
  interface Window {
    __xss?: unknown;
    __xssControl?: unknown;
  }
}

const XHTML = 'http://www.w3.org/1999/xhtml';
const NO_ATTRS: string[] = [];
/** The documented allow-list: element → attributes it may carry. */
const ALLOWED: Record<string, string[]> = {
  ...Object.fromEntries(
    ['p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr'].map(
      (t) => [t, NO_ATTRS],
    ),
  ),
  ol: ['start'],
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt'],
  th: ['align'],
  td: ['align'],
};

/** Asserts that everything under `root` is inside the allow-list and every URL passes safeUrl. */
function expectOnlyAllowed(root: ParentNode, label: string): void {
  for (const el of root.querySelectorAll('*')) {
    const where = `${label}: <${el.localName}>`;
    expect(el.namespaceURI, where).to.equal(XHTML);
    expect(Object.hasOwn(ALLOWED, el.localName), `${where} is not allowed`).to.equal(true);
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on'), `${where} has ${attr.name}`).to.equal(false);
      expect(ALLOWED[el.localName], `${where} has ${attr.name}`).to.include(attr.name);
    }
    if (el.localName === 'a') {
      const href = el.getAttribute('href');
      expect(href, where).to.be.a('string');
      expect(safeUrl(href, 'link'), `${where} href=${href}`).to.equal(href);
      expect(el.getAttribute('rel'), where).to.equal('noopener noreferrer');
      expect(el.getAttribute('target'), where).to.equal('_blank');
    }
    if (el.localName === 'img') {
      const src = el.getAttribute('src');
      expect(safeUrl(src, 'image'), `${where} src=${src}`).to.equal(src);
    }
  }
}

/** Resolves once `img` has fired load or error (an inline handler, if any, runs before ours). */
function settled(img: HTMLImageElement): Promise<unknown> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    img.addEventListener('load', resolve, { once: true });
    img.addEventListener('error', resolve, { once: true });
  });
}

/**
 * Adds a positive control (a raw `onerror` handler that must run) and waits until it and every
 * image under `host` have settled, then one more task, so any handler a payload slipped through
 * would have run by the time the caller checks `window.__xss`.
 */
async function settleWithControl(host: HTMLElement): Promise<void> {
  const control = document.createElement('div');
  control.innerHTML = '<img src="/__no-such-image.png" onerror="window.__xssControl = 1">';
  host.append(control);
  await Promise.all(Array.from(host.querySelectorAll('img'), settled));
  await new Promise((resolve) => setTimeout(resolve));
  control.remove();
}

describe('markdown XSS corpus', () => {
  let host: HTMLElement;

  // Through `marked` (loaded on demand), not the plain-text stand-in it replaces.
  before(() => preloadMarkdown());

  beforeEach(() => {
    delete window.__xss;
    delete window.__xssControl;
    host = document.createElement('div');
    document.body.append(host);
  });

  afterEach(() => host.remove());

  it('has at least 40 payloads', () => {
    expect(XSS_MARKDOWN.length).to.be.at.least(40);
  });

  it('the harness detects an executed payload (positive control)', async () => {
    await settleWithControl(host);
    expect(window.__xssControl).to.equal(1);
  });

  // Links and images off (the default) and on (the host option): neither lets a payload run.
  for (const [mode, linksAndImages] of [['block', false], ['inline', false], ['block', true], ['inline', true]] as const) {
    it(`renders no payload executable (${mode}${linksAndImages ? ', links and images on' : ''})`, async () => {
      configureMarkdown({ linksAndImages });
      after(() => configureMarkdown({}));
      const render = mode === 'block' ? renderMarkdown : renderInlineMarkdown;
      const views: HTMLElement[] = [];
      for (const { name, markdown } of XSS_MARKDOWN) {
        const view = document.createElement('div');
        view.append(render(markdown));
        host.append(view);
        views.push(view);
      }
      await settleWithControl(host);
      expect(window.__xssControl, 'control').to.equal(1);
      expect(window.__xss).to.equal(undefined);
      for (const [i, view] of views.entries()) expectOnlyAllowed(view, XSS_MARKDOWN[i].name);
    });
  }

  it('shows raw HTML as text instead of dropping it silently', () => {
    const view = renderMarkdown('<script>window.__xss=1</script>');
    expect(view.textContent).to.contain('<script>window.__xss=1</script>');
  });

  it('keeps the text of links whose URL is rejected, without a link (links on)', () => {
    configureMarkdown({ linksAndImages: true });
    after(() => configureMarkdown({}));
    for (const md of ['[click](javascript:alert(1))', '[click](JaVaScRiPt:alert(1))', '[click][r]\n\n[r]: vbscript:x']) {
      const view = renderMarkdown(md);
      expect(view.querySelector('a'), md).to.equal(null);
      expect(view.textContent!.trim(), md).to.equal('click');
    }
  });

  it('replaces images whose URL is rejected by their alt text (images on)', () => {
    configureMarkdown({ linksAndImages: true });
    after(() => configureMarkdown({}));
    const view = renderMarkdown('![a cat](data:image/svg+xml;base64,PHN2Zz4=)');
    expect(view.querySelector('img')).to.equal(null);
    expect(view.textContent!.trim()).to.equal('a cat');
  });
});

describe('sanitizeHtml on raw HTML (second layer on its own)', () => {
  it('by default turns links into their text and images into their alt text', () => {
    const view = sanitizeHtml('<p><a href="https://example.com/">site</a> <img src="https://example.com/p.gif" alt="pixel"><img src="https://example.com/q.gif"></p>');
    expect(view.querySelector('a, img')).to.equal(null);
    expect(view.textContent).to.equal('site pixel');
  });

  let host: HTMLElement;

  beforeEach(() => {
    delete window.__xss;
    delete window.__xssControl;
    host = document.createElement('div');
    document.body.append(host);
  });

  afterEach(() => host.remove());

  it('lets no corpus payload through when given as HTML (links and images on)', async () => {
    const views = XSS_MARKDOWN.map(({ markdown }) => {
      const view = document.createElement('div');
      view.append(sanitizeHtml(markdown, document, { linksAndImages: true }));
      host.append(view);
      return view;
    });
    await settleWithControl(host);
    expect(window.__xssControl, 'control').to.equal(1);
    expect(window.__xss).to.equal(undefined);
    for (const [i, view] of views.entries()) expectOnlyAllowed(view, XSS_MARKDOWN[i].name);
  });

  it('decodes entities before checking URLs, as the browser would', () => {
    for (const html of [
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      '<a href="javascript&colon;alert(1)">x</a>',
      '<a href="&#x6A;avascript:alert(1)">x</a>',
    ]) {
      const view = sanitizeHtml(html, document, { linksAndImages: true });
      expect(view.querySelector('a'), html).to.equal(null);
      expect(view.textContent, html).to.equal('x');
    }
  });

  it('drops script, style, SVG and MathML with their content, unwraps unknown elements', () => {
    const view = sanitizeHtml(
      '<div><span>kept</span><script>s()</script><style>p{}</style><svg><text>svg</text></svg><math><mi>m</mi></math><custom-el>also kept</custom-el></div>',
    );
    expect(view.textContent).to.equal('keptalso kept');
    expect(view.childElementCount).to.equal(0);
  });

  it('keeps allowed structure and strips id, class, style and title', () => {
    const view = sanitizeHtml(
      '<p id="i" class="c" style="color:red" title="t">a <strong class="x">b</strong> <a href="https://example.com" title="t" target="_self" rel="opener">c</a></p>',
      document,
      { linksAndImages: true },
    );
    const p = view.querySelector('p')!;
    expect(p.attributes.length).to.equal(0);
    expect(view.querySelector('strong')!.attributes.length).to.equal(0);
    const a = view.querySelector('a')!;
    expect(a.getAttribute('href')).to.equal('https://example.com/');
    expect(a.getAttribute('target')).to.equal('_blank');
    expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(a.hasAttribute('title')).to.equal(false);
  });

  it('accepts only left/center/right for align and digits for ol start', () => {
    const view = sanitizeHtml('<table><tr><td align="CENTER">a</td><td align="justify">b</td></tr></table><ol start="3x"><li>i</li></ol><ol start="7"><li>j</li></ol>');
    const cells = view.querySelectorAll('td');
    expect(cells[0].getAttribute('align')).to.equal('center');
    expect(cells[1].hasAttribute('align')).to.equal(false);
    const lists = view.querySelectorAll('ol');
    expect(lists[0].hasAttribute('start')).to.equal(false);
    expect(lists[1].getAttribute('start')).to.equal('7');
  });
});
