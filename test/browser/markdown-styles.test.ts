/**
 * How markdown in a Text looks: a plain text's paragraphs are spaced from the first render, and
 * what only `marked` writes (code, lists, quotes, links) is styled once it has loaded (those rules
 * arrive with it: elements/markdown-render.ts).
 */
import { expect } from '@open-wc/testing';
import '../../elements/index.ts';
import { configureMarkdown, preloadMarkdown } from '../../elements/markdown.ts';
import { schemaValidator } from '../../src/internal.ts';
import { component, mount, settle, surfaceMessages } from './elements-helpers.ts';

before(() => schemaValidator.load());

/** The computed style of the first `selector` inside the Text `id`. */
const styleIn = (el: Element, id: string, selector: string): CSSStyleDeclaration => {
  const node = component(el, id).querySelector(selector);
  expect(node, `${id} ${selector}`).to.not.equal(null);
  return getComputedStyle(node!);
};

describe('markdown styles in a surface', () => {
  // Links render as links only when the host allows them (markdown.ts).
  beforeEach(() => configureMarkdown({ linksAndImages: true }));
  afterEach(() => configureMarkdown({}));

  it('spaces plain paragraphs, and styles code, lists, quotes and links once marked has arrived', async () => {
    const { el, process, errors } = await mount('md-styles', {}, { preload: false });
    await process(
      surfaceMessages('md-styles', [
        { id: 'root', component: 'Column', children: ['plain', 'rich'] },
        { id: 'plain', component: 'Text', text: 'First paragraph\n\nSecond paragraph' },
        { id: 'rich', component: 'Text', text: 'Run `npm test`:\n\n- one\n- two\n\n> quoted\n\nSee [docs](https://example.com).' },
      ]),
    );
    const paragraphs = component(el, 'plain').querySelectorAll('p');
    expect(paragraphs).to.have.length(2);
    expect(getComputedStyle(paragraphs[0]).marginBlockEnd, 'a paragraph before another').to.equal('8px');
    expect(getComputedStyle(paragraphs[1]).marginBlockEnd, 'the last paragraph').to.equal('0px');

    await preloadMarkdown();
    await settle(el);
    const code = styleIn(el, 'rich', 'code');
    expect(code.fontFamily).to.contain('monospace');
    expect(code.backgroundColor, 'surface-variant').to.equal('rgb(240, 244, 249)');
    expect(styleIn(el, 'rich', 'ul').marginBlockEnd, 'a list before a quote').to.equal('8px');
    expect(styleIn(el, 'rich', 'blockquote').borderInlineStartWidth).to.equal('3px');
    expect(styleIn(el, 'rich', 'a').textDecorationLine).to.equal('underline');
    expect(getComputedStyle(component(el, 'plain').querySelector('p')!).marginBlockEnd, 'plain paragraphs as before').to.equal('8px');
    expect(errors()).to.deep.equal([]);
  });
});
