import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { LitElement, css, render, unsafeCSS } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { Marked } from 'marked';
import { configureMarkdown, isPlainText, markdown, markdownCacheChars, paragraphRules, preloadMarkdown, renderInlineMarkdown, renderMarkdown, TextView } from '../../elements/markdown.ts';
import { markdownRules } from '../../elements/markdown-render.ts';
import { sanitizeHtml } from '../../elements/sanitize.ts';
import { tokens, TOKEN_NAMES } from '../../elements/theme.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const mounted: HTMLElement[] = [];

/** Renders into a connected element so layout-dependent behaviour is real. */
function mount(fragment: DocumentFragment): HTMLElement {
  const el = document.createElement('div');
  el.append(fragment);
  document.body.append(el);
  mounted.push(el);
  return el;
}

// `marked` loads on demand; these tests are about its output (markdown-lazy.test.ts: before it loads).
before(() => preloadMarkdown());
afterEach(() => mounted.splice(0).forEach((el) => el.remove()));

const tags = (root: ParentNode, selector = '*') => Array.from(root.querySelectorAll(selector), (e) => e.localName);

/** Runs the rest of a describe block with the host option on (links and images rendered). */
function withLinksAndImages(): void {
  before(() => configureMarkdown({ linksAndImages: true }));
  after(() => configureMarkdown({}));
}

describe('renderMarkdown: links and images by default', () => {
  it('renders a link as its text and an image as its alt text (the catalog: "without HTML, images, or links")', () => {
    const view = mount(renderMarkdown(`See [our offer](https://example.com/offer) ![tracking pixel](${PNG}) ![](${PNG}) and https://auto.example`));
    expect(view.querySelector('a, img')).to.equal(null);
    expect(view.textContent!.trim()).to.equal('See our offer tracking pixel  and https://auto.example');
  });

  it('does the same inline', () => {
    const view = mount(renderInlineMarkdown(`**b** [x](https://example.com) ![alt](${PNG})`));
    expect(tags(view)).to.deep.equal(['strong']);
    expect(view.textContent).to.equal('b x alt');
  });
});

describe('renderMarkdown', () => {
  withLinksAndImages();
  it('renders headings h1–h6', () => {
    const view = mount(renderMarkdown('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six'));
    expect(tags(view)).to.deep.equal(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
    expect(view.querySelector('h3')!.textContent).to.equal('Three');
  });

  it('renders emphasis, strong, strikethrough and inline code', () => {
    const view = mount(renderMarkdown('*a* **b** ~~c~~ `d < e`'));
    expect(view.querySelector('p > em')!.textContent).to.equal('a');
    expect(view.querySelector('p > strong')!.textContent).to.equal('b');
    expect(view.querySelector('p > del')!.textContent).to.equal('c');
    expect(view.querySelector('p > code')!.textContent).to.equal('d < e');
  });

  it('renders bullet, numbered, nested and task lists', () => {
    const view = mount(renderMarkdown('- a\n  - a1\n- b\n\n3. x\n4. y\n\n- [x] done\n- [ ] todo'));
    expect(tags(view, ':scope > *')).to.deep.equal(['ul', 'ol', 'ul']);
    const [bullets, numbered, tasks] = view.children;
    expect(bullets.querySelectorAll(':scope > li')).to.have.length(2);
    expect(bullets.querySelector('li > ul > li')!.textContent).to.equal('a1');
    expect(numbered.getAttribute('start')).to.equal('3');
    expect(Array.from(numbered.children, (li) => li.textContent)).to.deep.equal(['x', 'y']);
    expect(Array.from(tasks.children, (li) => li.textContent!.trim())).to.deep.equal(['☑ done', '☐ todo']);
    expect(view.querySelector('input')).to.equal(null);
  });

  it('renders links that open safely in a new tab, resolving relative URLs', () => {
    const view = mount(renderMarkdown('[site](https://example.com/p?q=1) and [docs](/docs) and https://auto.example'));
    const links = view.querySelectorAll('a');
    expect(links).to.have.length(3);
    expect(links[0].textContent).to.equal('site');
    expect(links[0].getAttribute('href')).to.equal('https://example.com/p?q=1');
    expect(links[0].getAttribute('rel')).to.equal('noopener noreferrer');
    expect(links[0].getAttribute('target')).to.equal('_blank');
    expect(links[1].getAttribute('href')).to.equal(new URL('/docs', document.baseURI).href);
    expect(links[2].getAttribute('href')).to.equal('https://auto.example/');
  });

  it('renders an e-mail autolink as plain text (only http/https links)', () => {
    const view = mount(renderMarkdown('write to a@example.com'));
    expect(view.querySelector('a')).to.equal(null);
    expect(view.textContent!.trim()).to.equal('write to a@example.com');
  });

  it('renders fenced code verbatim, HTML included', () => {
    const view = mount(renderMarkdown('```html\n<b onclick="x()">hi</b>\n```'));
    const code = view.querySelector('pre > code')!;
    expect(code.textContent).to.equal('<b onclick="x()">hi</b>\n');
    expect(code.hasAttribute('class')).to.equal(false);
    expect(view.querySelector('b')).to.equal(null);
  });

  it('renders raw HTML as visible text', () => {
    const view = mount(renderMarkdown('say <b>hi</b>\n\n<div>\nblock\n</div>'));
    expect(view.querySelector('b, div div')).to.equal(null);
    expect(view.textContent).to.contain('say <b>hi</b>');
    expect(view.textContent).to.contain('<div>\nblock\n</div>');
  });

  it('renders tables with column alignment, blockquotes and rules', () => {
    const view = mount(renderMarkdown('| a | b |\n|:--|:-:|\n| 1 | 2 |\n\n> quoted\n\n---'));
    expect(tags(view, 'table > *')).to.deep.equal(['thead', 'tbody']);
    expect(Array.from(view.querySelectorAll('th'), (th) => th.getAttribute('align'))).to.deep.equal(['left', 'center']);
    expect(view.querySelector('td')!.textContent).to.equal('1');
    expect(view.querySelector('blockquote > p')!.textContent).to.equal('quoted');
    expect(view.querySelector('hr')).to.not.equal(null);
  });

  it('renders raster images with alt text, and drops their titles', () => {
    const view = mount(renderMarkdown(`![a dot](${PNG} "title")`));
    const img = view.querySelector('img')!;
    expect(img.getAttribute('src')).to.equal(PNG);
    expect(img.getAttribute('alt')).to.equal('a dot');
    expect(img.hasAttribute('title')).to.equal(false);
  });

  it('turns a line ending in two spaces into a line break', () => {
    const view = mount(renderMarkdown('a  \nb'));
    expect(tags(view)).to.deep.equal(['p', 'br']);
  });

  it('returns a fresh copy per call, so callers cannot corrupt the cache', () => {
    // Beyond the subset rendered without marked (markdown-lite.ts), so through marked and its cache.
    const first = renderMarkdown('**same** ~~x~~');
    first.querySelector('strong')!.textContent = 'changed';
    const second = renderMarkdown('**same** ~~x~~');
    expect(second).to.not.equal(first);
    expect(second.querySelector('strong')!.textContent).to.equal('same');
    expect(second.ownerDocument).to.equal(document);
  });

  it('still renders correctly after many distinct inputs have cycled the cache', () => {
    for (let i = 0; i < 600; i++) renderMarkdown(`item **${i}** ~~x~~`);
    expect(renderMarkdown('item **0** ~~x~~').querySelector('strong')!.textContent).to.equal('0');
    expect(renderMarkdown('item **599** ~~x~~').querySelector('strong')!.textContent).to.equal('599');
  });

  it('caches at most 256 K characters of source: a run of long texts evicts the oldest', () => {
    for (let i = 0; i < 40; i++) renderMarkdown(`# Long ${i}\n\n${'**word** '.repeat(2000)}~~x~~`); // ~18,000 characters each, through marked
    expect(markdownCacheChars()).to.be.at.most(256 * 1024);
    expect(markdownCacheChars(), 'the newest are kept').to.be.at.least(200 * 1024);
    expect(renderMarkdown(`# Long 0\n\n${'**word** '.repeat(2000)}~~x~~`).querySelector('h1')!.textContent, 'an evicted text renders again').to.equal('Long 0');
  });

  it('renders empty and non-string input without throwing', () => {
    expect(renderMarkdown('').childNodes).to.have.length(0);
    expect(renderMarkdown(null as unknown as string).childNodes).to.have.length(0);
    expect(renderMarkdown(42 as unknown as string).textContent!.trim()).to.equal('42');
  });
});

describe('plain texts (rendered without marked)', () => {
  const reference = new Marked({ gfm: true, breaks: false, async: false });
  const viaMarked = (text: string, inline: boolean) => {
    const box = document.createElement('div');
    box.append(sanitizeHtml(inline ? reference.parseInline(text, { async: false }) : reference.parse(text, { async: false })));
    return box.innerHTML;
  };
  const direct = (text: string, inline: boolean) => {
    const box = document.createElement('div');
    box.append(inline ? renderInlineMarkdown(text) : renderMarkdown(text));
    return box.innerHTML;
  };

  it('treats anything that could be markdown as markdown', () => {
    const markdownish = [
      '# h', 'a\n===', 'a\n---', '- a', '+ a', '* a', '1. a', '12) a', '    code', '\tcode', ' a', 'a  ', 'a  \nb', 'a  \n\nb', '> q', '| a | b |',
      '`c`', '```\nc\n```', '~~d~~', '*e*', '_e_', '**s**', '[l](x)', '![i](x)', '<b>', 'a\\*', '&amp;', '&#42;', 'https://a.example',
      'see www.example.com', 'a@b.example', 'a\r\nb', 'nbsp\u00a0here', 'nul\u0000', '***', '___', '= a',
    ];
    expect(markdownish.filter(isPlainText)).to.deep.equal([]);
    expect(['Hello, world.', "It's 5 o'clock (UTC): fine!", 'a - b + c = d', 'Line one\nline two\n\nPara two', '2024 was a year', 'The quick ', 'a \nb', ''].every(isPlainText)).to.equal(true);
  });

  it('come out exactly as marked renders them, block and inline', () => {
    // Random texts over an alphabet rich in near-markdown: every one classed plain must match.
    const alphabet = ['a', 'b', 'Z', 'é', '1', '9', ' ', ' ', '\n', '\n', '.', ',', ')', '(', '-', '+', '=', ':', '/', '!', '?', '"', "'", 'w', '%', '$', '{', '^', '\t', '\u00a0', '#', '*'];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const texts = ['Plain words.', 'a\nb', '\n\nabc\n\n', 'a\n\n\nb\n', '\n', 'quote "x" and \'y\''];
    for (let i = 0; i < 3000; i++) texts.push(Array.from({ length: 1 + Math.floor(random() * 14) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    const plain = texts.filter(isPlainText);
    expect(plain.length).to.be.at.least(300);
    for (const text of plain) {
      expect(direct(text, false), JSON.stringify(text)).to.equal(viaMarked(text, false));
      expect(direct(text, true), JSON.stringify(text)).to.equal(viaMarked(text, true));
    }
  });
});

describe('TextView (the words of a Text)', () => {
  const html_ = (f: DocumentFragment) => {
    const box = document.createElement('div');
    box.append(f);
    return box.innerHTML;
  };
  // Every kind of change in a row: the DOM is always what renderMarkdown gives for the text.
  const steps = ['one', 'two', '**bold**', 'three', 'a\n\nb', 'a\n\nc', 'four', '', 'five ', 'five  ', 'six', 'x\n', 'seven', '\nlead', 'eight'];

  for (const inline of [false, true]) {
    it(`${inline ? 'inline' : 'block'}: shows exactly what marked renders after each kind of change, rewriting a plain paragraph in place`, () => {
      const target = document.createElement('div');
      const view = new TextView(target);
      let words: Node | null = null;
      let previous = '';
      for (const text of steps) {
        view.show(text, inline);
        expect(target.innerHTML, JSON.stringify(text)).to.equal(html_(inline ? renderInlineMarkdown(text) : renderMarkdown(text)));
        const node = inline ? target.firstChild : target.firstElementChild?.firstChild ?? null;
        const plainAgain = text && previous && isPlainText(text) && isPlainText(previous) && !text.includes('\n') && !previous.includes('\n');
        if (plainAgain) expect(node, `${JSON.stringify(previous)} → ${JSON.stringify(text)} keeps the text node`).to.equal(words);
        words = node;
        previous = text;
      }
    });
  }

  it('switching mode rebuilds instead of reusing the other mode\'s nodes', () => {
    const target = document.createElement('div');
    const view = new TextView(target);
    view.show('same words', true);
    view.show('other words', false);
    expect(target.innerHTML).to.equal('<p>other words</p>\n');
    view.show('back inline', true);
    expect(target.innerHTML).to.equal('back inline');
  });
});

describe('renderInlineMarkdown', () => {
  withLinksAndImages();
  it('renders inline markup without block wrappers', () => {
    const view = mount(renderInlineMarkdown('**bold** and [link](https://example.com)\n# not a heading'));
    expect(tags(view)).to.deep.equal(['strong', 'a']);
    expect(view.textContent).to.contain('# not a heading');
  });
});

describe('markdown() directive', () => {
  it('renders markdown in a Lit template and keeps the nodes while the text is unchanged', () => {
    const container = document.createElement('div');
    const view = (text: string) => render(html`<div>${markdown(text)}</div>`, container);
    view('**a**');
    const strong = container.querySelector('strong')!;
    expect(strong.textContent).to.equal('a');
    view('**a**');
    expect(container.querySelector('strong')).to.equal(strong);
    view('*b*');
    expect(container.querySelector('strong')).to.equal(null);
    expect(container.querySelector('em')!.textContent).to.equal('b');
    render(html`<span>${markdown('**c**', true)}</span>`, container);
    expect(tags(container)).to.deep.equal(['span', 'strong']);
  });
});

/** Rendered markdown's rules in a shadow root of its own: paragraphs, and what only `marked` writes. */
const markdownStyles = unsafeCSS(paragraphRules('') + markdownRules('').cssText);

@customElement('md-test-view')
class MdTestView extends LitElement {
  static override styles = [
    tokens,
    markdownStyles,
    css`
      :host {
        display: block;
        padding: var(--_a2ui-space-md);
        font-family: var(--_a2ui-font-family);
        font-size: var(--_a2ui-font-size-body);
        line-height: var(--_a2ui-line-height);
        color: var(--_a2ui-color-on-surface);
        background: var(--_a2ui-color-surface);
      }
    `,
  ];

  @property() text = '';

  override render() {
    return html`${markdown(this.text)}`;
  }
}

/**
 * Stand-in with the surface's tag name (this test page never loads the real one): the token sheet
 * gives `<a2ui-surface>` the `color-scheme` that every element inside inherits.
 */
@customElement('a2ui-surface')
class FakeSurface extends MdTestView {}

const RICH = `# Title\n\nSome *text* with a [link](https://example.com) and \`code\`.\n\n> quote\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n\`\`\`\nblock\n\`\`\`\n\n- one\n- two`;

describe('themed markdown (theme.ts tokens)', () => {
  withLinksAndImages();
  const colorOf = (el: MdTestView, selector: string) => getComputedStyle(el.shadowRoot!.querySelector(selector)!).color;

  it('documents a token for every required group', () => {
    for (const prefix of ['--a2ui-color-primary', '--a2ui-color-on-primary', '--a2ui-color-surface', '--a2ui-color-on-surface', '--a2ui-color-muted', '--a2ui-color-border', '--a2ui-color-error', '--a2ui-color-focus', '--a2ui-font-family', '--a2ui-font-size-h1', '--a2ui-font-size-h5', '--a2ui-font-size-body', '--a2ui-font-size-caption', '--a2ui-space-xs', '--a2ui-space-xl', '--a2ui-radius-md', '--a2ui-elevation-1']) {
      expect(TOKEN_NAMES).to.include(prefix);
    }
  });

  it('is accessible with the light defaults', async () => {
    const el = await fixture<MdTestView>(html`<md-test-view theme="light" .text=${RICH}></md-test-view>`);
    expect(getComputedStyle(el).backgroundColor).to.equal('rgb(255, 255, 255)');
    await expect(el).to.be.accessible();
  });

  it('is accessible with the dark defaults (theme="dark")', async () => {
    const el = await fixture<MdTestView>(html`<md-test-view theme="dark" .text=${RICH}></md-test-view>`);
    expect(getComputedStyle(el).backgroundColor).to.equal('rgb(31, 31, 31)');
    expect(colorOf(el, 'a')).to.equal('rgb(168, 199, 250)');
    await expect(el).to.be.accessible();
  });

  it('follows prefers-color-scheme on <a2ui-surface> unless its theme attribute forces one', async () => {
    try {
      await emulateMedia({ colorScheme: 'dark' });
      const auto = await fixture<FakeSurface>(html`<a2ui-surface .text=${'[x](https://a.example)'}></a2ui-surface>`);
      expect(colorOf(auto, 'a')).to.equal('rgb(168, 199, 250)');
      auto.setAttribute('theme', 'light');
      expect(colorOf(auto, 'a')).to.equal('rgb(11, 87, 208)');
      await emulateMedia({ colorScheme: 'light' });
      auto.removeAttribute('theme');
      expect(colorOf(auto, 'a')).to.equal('rgb(11, 87, 208)');
      auto.setAttribute('theme', 'dark');
      expect(colorOf(auto, 'a')).to.equal('rgb(168, 199, 250)');
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('inherits the colour scheme from an ancestor, so nested elements follow the surface', async () => {
    const wrapper = document.createElement('div');
    wrapper.style.colorScheme = 'dark';
    document.body.append(wrapper);
    const el = await fixture<MdTestView>(html`<md-test-view .text=${'[x](https://a.example)'}></md-test-view>`, { parentNode: wrapper });
    expect(colorOf(el, 'a')).to.equal('rgb(168, 199, 250)');
  });

  it('lets the host override a token from any ancestor', async () => {
    const wrapper = document.createElement('div');
    wrapper.setAttribute('style', '--a2ui-color-primary: rgb(1, 2, 3); --a2ui-color-surface: rgb(250, 250, 240)');
    document.body.append(wrapper);
    const el = await fixture<MdTestView>(html`<md-test-view theme="dark" .text=${'[x](https://a.example)'}></md-test-view>`, { parentNode: wrapper });
    expect(colorOf(el, 'a')).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(el).backgroundColor).to.equal('rgb(250, 250, 240)');
  });
});
