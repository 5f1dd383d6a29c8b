/**
 * The markdown subset rendered without `marked`: what agents write in most Texts (`## headings`,
 * `**bold**` labels, short lists), built as the very nodes `marked` and the sanitizer give for it,
 * so such a text is right in its first frame and `marked` is never fetched for it.
 *
 * The subset: ATX headings (`#`–`######`, a space, words), paragraphs (hard breaks: two spaces at
 * a line's end), one-level `-`/`*`/`+` and `1.` (any start) lists with one line per item and no
 * blank line between items, and inline `**strong**`, `__strong__`, `*em*`, `_em_` (not nested, on one line)
 * and `` `code` `` spans. Anything else, or anything this reading might get wrong (links, images,
 * HTML, entities, escapes, tables, quotes, code blocks, nesting, lazy continuation lines, loose
 * lists, intraword `_`, delimiters next to delimiters, a delimiter that is not an exact pair) is
 * not in the subset: {@link renderLite} returns `undefined` and `marked` renders it. Nodes are
 * created, never parsed from HTML, so nothing in the text can become markup.
 *
 * @module
 */

/**
 * Outside the subset anywhere: links, images, HTML, entities, escapes, tables, strikethrough,
 * autolinks (`://`, `www.`, e-mail), double backticks, and whitespace or control characters
 * other than space and newline.
 */
const OUTSIDE = /[&<>\\[\]~|@\0-\x09\x0b-\x1f\x7f]|:\/\/|www\.|``|[^\S \n]/i;
/**
 * A line that is not a paragraph's: indented, a rule, quote, setext line, list or heading marker,
 * a table's delimiter row (`:-`: marked reads a one-column table without pipes).
 */
const NOT_PARAGRAPH = /^(?:[ #=>+-]|:-|\*(?: |$)|\d+[.)](?: |$))/;
const HEADING = /^(#{1,6}) (.*)/;
const ITEM = /^(?:([-+*])|(\d{1,9})\.) (.*)/;
/**
 * Punctuation as `marked` (GFM) reads it around emphasis: Unicode punctuation and symbols (an
 * emoji too); an edge is that or a space. Tested on one character, unanchored: Chromium 156 finds
 * no `/[\p{P}\p{S}]$/u` at the end of "🎉".
 */
const PUNCT = /[\p{P}\p{S}]/u;
const EDGE = /[\s\p{P}\p{S}]/u;
/** The character (code point) of `s` at `i`, or ''. */
const charAt = (s: string, i: number): string => (i < s.length ? String.fromCodePoint(s.codePointAt(i)!) : '');
/** A hard break: two or more spaces ending a line that is not the last (the next line's spaces go too). */
const BREAK = / {2,}\n(?!\s*$) */y;

const element = (tag: string, words?: string): HTMLElement => {
  const e = document.createElement(tag);
  if (words) e.textContent = words;
  return e;
};

/** The inline nodes of `source`, or undefined when it is not inline subset. */
function inline(source: string): Node[] | undefined {
  const out: Node[] = [];
  let words = '';
  const push = (node: Node) => {
    if (words) out.push(new Text(words));
    words = '';
    out.push(node);
  };
  for (let i = 0; i < source.length; ) {
    const c = source[i];
    BREAK.lastIndex = i;
    if (c === '`') {
      const end = source.indexOf('`', i + 1);
      const code = source.slice(i + 1, end);
      // marked strips one space from each end (and reads a newline as one): not in the subset.
      if (end < 0 || !code || /^ | $|\n/.test(code)) return;
      push(element('code', code));
      i = end + 1;
    } else if (c === '*' || c === '_') {
      const n = source[i + 1] === c ? 2 : 1;
      const end = source.indexOf(c, i + n);
      const body = source.slice(i + n, end);
      // The unit before, as marked keeps it (half an emoji is neither punctuation nor space there).
      const before = source[i - 1] ?? '';
      const after = charAt(source, end + n);
      // An exact pair around plain words, flanking as CommonMark has it (`_` never inside a word).
      const opens = !before || EDGE.test(before) || (c === '*' && !PUNCT.test(charAt(body, 0)));
      const closes = !after || EDGE.test(after) || (c === '*' && !PUNCT.test(Array.from(body).pop()!));
      if (end < 0 || !body || /^\s|\s$|[*_`\n]/.test(body) || !source.startsWith(c.repeat(n), end)) return;
      if (/[*_`]/.test(before + after) || !opens || !closes) return;
      push(element(n === 2 ? 'strong' : 'em', body));
      i = end + n;
    } else if (c === ' ' && BREAK.test(source)) {
      push(element('br'));
      i = BREAK.lastIndex;
    } else {
      words += c;
      i++;
    }
  }
  if (words) out.push(new Text(words));
  return out;
}

/**
 * `text` rendered as `marked` (GFM) and the sanitizer render it, block or inline, when it is in
 * the subset (see the module); `undefined` otherwise. Links and images are not in the subset, so
 * the host's `linksAndImages` option changes nothing here.
 */
export function renderLite(text: string, inlineOnly: boolean): DocumentFragment | undefined {
  if (OUTSIDE.test(text)) return;
  const out = document.createDocumentFragment();
  if (inlineOnly) {
    const nodes = inline(text);
    if (!nodes) return;
    // The HTML parser drops whitespace at the start of a document.
    const first = nodes[0];
    if (first instanceof Text && !(first.data = first.data.replace(/^[ \n]+/, ''))) nodes.shift();
    out.append(...nodes);
    return out;
  }
  /** The open paragraph's lines, the open list and its marker, and whether a list ended at a blank line. */
  let paragraph: string[] = [];
  let list: HTMLElement | undefined;
  let marker = '';
  let listBefore = false;
  const block = (e: HTMLElement, source: string): boolean => {
    const nodes = inline(source);
    if (nodes) (e.append(...nodes), out.append(e, '\n'));
    return !!nodes;
  };
  const close = (): boolean => {
    const lines = paragraph;
    paragraph = [];
    return !lines.length || block(element('p'), lines.join('\n'));
  };
  for (const line of text.split('\n')) {
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    if (!line) {
      if (!close()) return;
      listBefore ||= !!list;
      list = undefined;
    } else if (heading) {
      const words = heading[2].trim();
      if (!words || words.endsWith('#') || !close() || !block(element('h' + heading[1].length), words)) return;
      list = undefined;
      listBefore = false;
    } else if (item) {
      const [, bullet, number, words] = item;
      const key = bullet ?? '.';
      // A list item cannot be a list, heading or anything but a paragraph's words here; marked
      // trims the spaces ending a list's last item only.
      if (!words || NOT_PARAGRAPH.test(words) || words.endsWith(' ')) return;
      if (!list) {
        // After a list and a blank line, another item makes the first list loose: marked's.
        if (listBefore || (paragraph.length && number && number !== '1') || !close()) return;
        list = element(number ? 'ol' : 'ul');
        if (number && +number !== 1) list.setAttribute('start', String(+number));
        list.append('\n');
        out.append(list, '\n');
        marker = key;
      } else if (key !== marker) return;
      const li = element('li');
      const nodes = inline(words);
      if (!nodes) return;
      li.append(...nodes);
      list.append(li, '\n');
    } else {
      // A paragraph line right after an item would continue it (lazily): marked's.
      if (list || NOT_PARAGRAPH.test(line)) return;
      paragraph.push(line);
      listBefore = false;
    }
  }
  return close() ? out : undefined;
}
