// A Vite plugin that minifies the CSS our elements write as template literals (`css\`…\`` and
// `unsafeCSS(\`…\`)`): the bundles' minifier leaves template text as it is, so every rule shipped
// its indentation and newlines (0.6 KB gzip of the script-tag file's first load). Only the literal
// text between interpolations changes; what an interpolation inserts is untouched. For the
// self-contained bundles (no source maps); the lib build for bundlers keeps the sources' text and
// lines, which its source maps point into. test/node/css-templates.test.ts checks in Chromium that
// every template parses to the same rules minified.

/**
 * The literal pieces (template quasis) of the CSS templates in `code` (its ESTree `ast`):
 * `css\`…\`` and `unsafeCSS(\`…\`)`, as `{ start, end, raw }`, the offsets of the raw text itself
 * (parsers differ on whether a quasi's span takes in its delimiters: `\``, `}`, `${`). A quasi
 * whose text is not found there is left out.
 */
export function cssQuasis(ast, code) {
  const out = [];
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (node.type === 'TaggedTemplateExpression' && node.tag.type === 'Identifier' && node.tag.name === 'css') out.push(...node.quasi.quasis);
    else if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'unsafeCSS' && node.arguments[0]?.type === 'TemplateLiteral') {
      out.push(...node.arguments[0].quasis);
    }
    for (const key in node) if (key !== 'type' && typeof node[key] === 'object') visit(node[key]);
  };
  visit(ast);
  return out
    .map((q) => {
      const raw = q.value.raw;
      const start = code.startsWith(raw, q.start) && !/^[`}]/.test(code.slice(q.start, q.end)) ? q.start : q.start + 1;
      return { start, end: start + raw.length, raw };
    })
    .filter((q) => code.startsWith(q.raw, q.start))
    .sort((a, b) => a.start - b.start);
}

/** `code` with the text of every CSS template minified; `parse` gives the module's ESTree AST. */
export function minifyCssTemplates(code, parse) {
  if (!/\bcss`|unsafeCSS\(\s*`/.test(code)) return code;
  let out = '';
  let last = 0;
  for (const q of cssQuasis(parse(code), code)) {
    out += code.slice(last, q.start) + minifyCssText(q.raw);
    last = q.end;
  }
  return out + code.slice(last);
}

/**
 * One static piece of CSS, minified: comments dropped, whitespace runs made one space, and the
 * spaces next to `{ } ; ,` and after `:` dropped (never before `:`: `a :hover` is a descendant).
 * Quoted strings are left as written. Whitespace at either end stays one space (an interpolation
 * next to it may need it as a separator).
 */
export function minifyCssText(text) {
  if (text.includes('\\')) return text; // escapes (content: '\2022') are left as written
  const lead = /^\s/.test(text) ? ' ' : '';
  const trail = /\s$/.test(text) && text.trim() ? ' ' : '';
  const body = text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .split(/('[^']*'|"[^"]*")/)
    .map((piece, i) => (i % 2 ? piece : tighten(piece)))
    .join('')
    .trim();
  return lead + body + (body ? trail : '');
}

/**
 * Whitespace of unquoted CSS text made minimal. Inside parentheses a comma keeps its spaces: a
 * value with `var()` is kept as written token by token (`var(--x, 1px)` would serialize otherwise).
 */
function tighten(text) {
  let out = '';
  let depth = 0;
  for (const part of text.replace(/\s+/g, ' ').split(/([(),])/)) {
    if (part === '(') depth++;
    else if (part === ')') depth = Math.max(0, depth - 1);
    out += part === ',' && depth === 0 ? '\0' : part;
  }
  return out.replace(/ ?\0 ?/g, ',').replace(/ ?([{};]) ?/g, '$1').replace(/: /g, ':').replace(/;}/g, '}');
}

/** Vite plugin: the CSS templates of our sources (elements/, sandbox/) minified before bundling. */
export function cssTemplateMinify() {
  return {
    name: 'a2ui-css-template-minify',
    transform(code, id) {
      if (!/\/(elements|sandbox)\/[^?]*\.ts$/.test(id)) return null;
      const out = minifyCssTemplates(code, (c) => this.parse(c));
      return out === code ? null : { code: out, map: null };
    },
  };
}
