/**
 * The subset rendered without `marked` (elements/markdown-lite.ts) gives exactly the nodes that
 * `marked` and the sanitizer give (elements/markdown-render.ts, the production pipeline), block and
 * inline, with links and images off and on: for texts generated from the subset's grammar, for
 * near misses of it, and for a corpus of what agents write, which the subset must answer.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { Marked } from 'marked';
import { renderLite } from '../../elements/markdown-lite.ts';
import { markdownRenderer } from '../../elements/markdown-render.ts';
import { XSS_MARKDOWN } from '../data/xss-markdown.ts';

const reference = markdownRenderer(Marked);
let calls = 0;

/** Every node: elements with their attributes, text nodes quoted (so a split text node shows). */
function serial(node: Node): string {
  if (node instanceof Text) return JSON.stringify(node.data);
  if (!(node instanceof Element)) return `#${node.nodeType}`;
  const attrs = Array.from(node.attributes, (a) => ` ${a.name}="${a.value}"`).join('');
  return `<${node.localName}${attrs}>${Array.from(node.childNodes, serial).join('')}</${node.localName}>`;
}

/** A fragment as its wrapper's outerHTML and its node list. */
function shown(fragment: DocumentFragment): string {
  const box = document.createElement('div');
  box.append(fragment);
  return `${box.outerHTML}\n${serial(box)}`;
}

const viaMarked = (text: string, inline: boolean, links: boolean) => shown(reference.render(text, inline, links, `${calls++}`));

/** Whether the subset answered `text` in both modes, and each answer is marked's, links and images off and on. */
function agrees(text: string): { block: boolean; inline: boolean } {
  const answered = { block: false, inline: false };
  for (const inline of [false, true]) {
    const lite = renderLite(text, inline);
    if (!lite) continue;
    answered[inline ? 'inline' : 'block'] = true;
    const mine = shown(lite);
    for (const links of [false, true]) expect(mine, `${JSON.stringify(text)} ${inline ? 'inline' : 'block'}${links ? ' (links on)' : ''}`).to.equal(viaMarked(text, inline, links));
  }
  return answered;
}

// Words with what changes emphasis: punctuation, symbols (€, an emoji: punctuation to marked), accents, digits.
const word = fc.stringMatching(/^[a-zA-Zé0-9]{1,6}$/);
const punct = fc.constantFrom('.', ',', ':', '!', '?', '(', ')', '"', "'", '€', '🎉', '-', '+', '#', '%', '/', '=');
const token = fc.oneof({ weight: 4, arbitrary: word }, { weight: 1, arbitrary: punct });
const words = fc.array(token, { minLength: 1, maxLength: 4 }).map((t) => t.join(''));
const spanned = fc.array(token, { minLength: 1, maxLength: 4 }).chain((t) => fc.constantFrom(t.join(' '), t.join('')));
const inlinePart = fc.oneof(
  { weight: 3, arbitrary: words },
  { weight: 2, arbitrary: spanned.map((w) => `**${w}**`) },
  { weight: 2, arbitrary: spanned.map((w) => `*${w}*`) },
  { weight: 1, arbitrary: spanned.map((w) => `__${w}__`) },
  { weight: 1, arbitrary: spanned.map((w) => `_${w}_`) },
  { weight: 1, arbitrary: spanned.map((w) => `\`${w}\``) },
);
const inlineText = fc.array(fc.tuple(inlinePart, fc.constantFrom(' ', ' ', '', ': ', '  \n', '\n', ', ')), { minLength: 1, maxLength: 4 }).map((parts) => parts.flat().join('').replace(/[ \n]+$/, ''));
const line = fc.oneof(
  { weight: 3, arbitrary: inlineText },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 7 }), fc.constantFrom(' ', '  '), inlineText).map(([n, s, t]) => '#'.repeat(n) + s + t) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('- ', '* ', '+ ', '1. ', '2. ', '10. ', '0. ', '1) ', '-  '), inlineText).map(([m, t]) => m + t.replace(/\n/g, ' ')) },
  { weight: 2, arbitrary: fc.constant('') },
);
/** Texts from the subset's grammar (and a little beyond: levels 7, `1)`, two spaces after a marker). */
const grammarText = fc.array(line, { minLength: 1, maxLength: 7 }).map((lines) => lines.join('\n'));
/** Random mixes of the syntax characters, spaces, newlines and letters. */
const nearMiss = fc
  .array(fc.constantFrom('#', '*', '_', '`', ' ', ' ', '-', '+', '1', '2', '.', ')', '\n', '\n', 'a', 'b', 'é', '🎉', ':', '!', '€', '"', "'", '(', '=', '3', 'Z', '0'), { minLength: 1, maxLength: 24 })
  .map((chars) => chars.join(''));
/** A grammar text with a few syntax characters put in at random places. */
const mutated = fc
  .tuple(grammarText, fc.array(fc.tuple(fc.nat(), fc.constantFrom('*', '_', '`', '#', ' ', '\n', '- ', '1. ', '  ', '**')), { minLength: 1, maxLength: 3 }))
  .map(([text, edits]) => edits.reduce((t, [at, s]) => t.slice(0, at % (t.length + 1)) + s + t.slice(at % (t.length + 1)), text));

/** Runs `property` over `runs` texts; returns how many the subset answered, block and inline. */
function check(arbitrary: fc.Arbitrary<string>, runs: number): { block: number; inline: number } {
  const count = { block: 0, inline: 0 };
  fc.assert(
    fc.property(arbitrary, (text) => {
      const answered = agrees(text);
      count.block += +answered.block;
      count.inline += +answered.inline;
    }),
    { numRuns: runs, seed: 35, endOnFailure: true },
  );
  return count;
}

describe('markdown-lite: the same DOM as marked and the sanitizer', function () {
  // Thousands of texts through marked on a shared machine.
  this.timeout(120_000);

  it('for texts from the subset\'s grammar, most of which it answers', () => {
    const count = check(grammarText, 1500);
    expect(count.block, 'block texts answered').to.be.at.least(400);
    expect(count.inline, 'inline texts answered').to.be.at.least(400);
  });

  it('for near misses: random mixes of the syntax characters, spaces, newlines and letters', () => {
    const count = check(nearMiss, 3000);
    expect(count.block + count.inline, 'some answered').to.be.at.least(300);
  });

  it('for grammar texts with syntax characters put in at random', () => {
    const count = check(mutated, 1500);
    expect(count.block + count.inline, 'some answered').to.be.at.least(300);
  });

  it('answers what agents typically write, as marked renders it', () => {
    const corpus = [
      '## Book your stay',
      '# Welcome back, Ada!',
      '### Step 2 of 3: Your details',
      '**Total:** €420',
      '**Check-in:** 14:00 · **Check-out:** 11:00',
      'Your table for **4** is booked at *La Piazza* on Friday.',
      'Run `npm test` to check, then `git push`.',
      '- Free cancellation\n- Breakfast included\n- Wi-Fi',
      '* Pool\n* Gym\n* Spa',
      '1. Choose your dates\n2. Pick a room\n3. Confirm and pay',
      '## Your order\n\n- 2 × Margherita\n- 1 × Tiramisu\n\n**Total:** €31.50',
      'Here are the options:\n- **Standard** room: €120/night\n- **Deluxe** room: €180/night',
      'To finish:\n1. Check your e-mail inbox\n2. Click the confirmation button',
      '🎉 **Booked!** See you on *12 May*.',
      '_Prices include VAT._',
      '__Note:__ the museum is closed on Mondays.',
      '## Weather in Paris\n\nSunny, **24 °C**, light wind.\n\n### Tomorrow\n\nCloudy, *19 °C*.',
      'Line one  \nLine two',
      '3. Review\n4. Submit',
    ];
    for (const text of corpus) expect(agrees(text).block, `${JSON.stringify(text)} answered by the subset`).to.equal(true);
    // Captions (inline): the words of any of these, and inline markup.
    const captions = ['## Book your stay', '**Total:** €420', 'in *small print*', 'Updated `2 min` ago', '__Sold out__ · _back soon_', '- not a list inline'];
    for (const text of captions) expect(agrees(text).inline, `${JSON.stringify(text)} answered inline`).to.equal(true);
  });

  it('leaves to marked what it cannot render exactly', () => {
    const outside = [
      'See [the offer](https://example.com)', '![pixel](https://example.com/p.png)', 'https://example.com', 'www.example.com', 'write to a@example.com',
      '| a | b |\n|---|---|\n| 1 | 2 |', '> quoted', '```\ncode\n```', '    indented code', 'a &amp; b', 'x < y', 'say <b>hi</b>', 'a\\*b', '~~gone~~',
      '- a\n  - nested', '- a\ncontinued lazily', '- a\n\n- loose', 'snake_case_name', '***both***', '**a *b* c**', '---', 'Title\n===', 'Text\n2. not a list',
      '- [ ] task', '``two ticks``', '` padded `', 'a\tb', 'a\r\nb', '# Closed #', '1) paren', '- ', '#hashtag start',
    ];
    for (const text of outside) {
      expect(renderLite(text, false), `${JSON.stringify(text)} block`).to.equal(undefined);
    }
    // The XSS corpus: all of it is left to marked and the sanitizer.
    for (const { name, markdown } of XSS_MARKDOWN) {
      expect(renderLite(markdown, false) ?? renderLite(markdown, true), name).to.equal(undefined);
    }
  });
});
