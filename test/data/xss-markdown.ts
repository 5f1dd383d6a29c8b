/**
 * Markdown XSS corpus for the Text renderer. Every payload, if it ever executed, would set
 * `window.__xss`; the test renders each one into the page and checks the flag and the DOM.
 * Sources: OWASP XSS filter evasion cheat sheet, the DOMPurify and marked issue trackers, and
 * markdown-specific tricks (link/image/reference/autolink syntax).
 */
export interface XssPayload {
  /** What the payload tries. */
  readonly name: string;
  readonly markdown: string;
}

const X = 'window.__xss=1';

export const XSS_MARKDOWN: readonly XssPayload[] = [
  // Raw HTML: script and event handlers
  { name: 'script tag', markdown: `<script>${X}</script>` },
  { name: 'script tag inside paragraph', markdown: `hello <script>${X}</script> world` },
  { name: 'script with src', markdown: `<script src="data:text/javascript,${X}"></script>` },
  { name: 'img onerror', markdown: `<img src=x onerror="${X}">` },
  { name: 'img onerror unquoted, no src value', markdown: `<img src onerror=${X}>` },
  { name: 'body onload', markdown: `<body onload="${X}">` },
  { name: 'div onmouseover', markdown: `<div onmouseover="${X}">hover</div>` },
  { name: 'autofocus onfocus', markdown: `<input autofocus onfocus="${X}">` },
  { name: 'details ontoggle', markdown: `<details open ontoggle="${X}"><summary>x</summary></details>` },
  { name: 'video onerror', markdown: `<video><source onerror="${X}"></video>` },
  { name: 'audio src onerror', markdown: `<audio src=x onerror="${X}"></audio>` },
  { name: 'marquee onstart', markdown: `<marquee onstart="${X}">x</marquee>` },
  { name: 'uppercase event handler', markdown: `<IMG SRC=x ONERROR="${X}">` },
  { name: 'event handler with slash separator', markdown: `<img/src=x/onerror=${X}>` },
  // SVG and MathML
  { name: 'svg onload', markdown: `<svg onload="${X}"></svg>` },
  { name: 'svg script', markdown: `<svg><script>${X}</script></svg>` },
  { name: 'svg animate href', markdown: `<svg><a><animate attributeName=href values=javascript:${X} /><text y=20>x</text></a></svg>` },
  { name: 'svg foreignObject', markdown: `<svg><foreignObject><img src=x onerror="${X}"></foreignObject></svg>` },
  { name: 'math href', markdown: `<math><mtext><a href="javascript:${X}">x</a></mtext></math>` },
  { name: 'mathml namespace confusion', markdown: `<math><mtext><table><mglyph><style><img src=x onerror="${X}">` },
  // Frames, forms, document-level elements
  { name: 'iframe srcdoc', markdown: `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>` },
  { name: 'iframe javascript src', markdown: `<iframe src="javascript:parent.__xss=1"></iframe>` },
  { name: 'object data', markdown: `<object data="javascript:${X}"></object>` },
  { name: 'embed src', markdown: `<embed src="data:text/html,<script>parent.__xss=1</script>">` },
  { name: 'form action with button', markdown: `<form action="javascript:${X}"><button>go</button></form>` },
  { name: 'button formaction', markdown: `<button formaction="javascript:${X}">go</button>` },
  { name: 'base href', markdown: `<base href="javascript:${X}//">\n\n[rel](foo)` },
  { name: 'meta refresh', markdown: `<meta http-equiv="refresh" content="0;url=javascript:${X}">` },
  { name: 'link import', markdown: `<link rel="stylesheet" href="javascript:${X}">` },
  { name: 'template content', markdown: `<template><img src=x onerror="${X}"></template>` },
  // Style injection
  { name: 'style tag', markdown: `<style>*{background:url("javascript:${X}")}</style>` },
  { name: 'style attribute', markdown: `<p style="background:url(javascript:${X})">x</p>` },
  { name: 'css expression', markdown: `<div style="width: expression(${X})">x</div>` },
  { name: 'style tag with import', markdown: `<style>@import 'javascript:${X}';</style>` },
  // Malformed HTML
  { name: 'unclosed img tag', markdown: `<img src=x onerror="${X}"` },
  { name: 'broken nesting', markdown: `<<script>script>${X}<</script>/script>` },
  { name: 'attribute breaking out', markdown: `<a href="x" title="a"onmouseover="${X}">x</a>` },
  { name: 'noscript mXSS', markdown: `<noscript><p title="</noscript><img src=x onerror=${X}>">` },
  { name: 'comment breakout', markdown: `<!--><img src=x onerror="${X}">-->` },
  { name: 'html comment with script', markdown: `<!-- <script>${X}</script> -->` },
  { name: 'cdata in html', markdown: `<![CDATA[<img src=x onerror="${X}">]]>` },
  { name: 'nested tags', markdown: `<div><p><span><b><i><img src=x onerror="${X}"></i></b></span></p></div>` },
  { name: 'null byte in tag', markdown: `<scr\u0000ipt>${X}</scr\u0000ipt>` },
  // Dangerous URLs in HTML
  { name: 'a javascript href', markdown: `<a href="javascript:${X}">x</a>` },
  { name: 'a href with tab entity', markdown: `<a href="jav&#x09;ascript:${X}">x</a>` },
  { name: 'a href entity encoded', markdown: `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${X}">x</a>` },
  { name: 'a data text/html', markdown: `<a href="data:text/html,<script>opener.__xss=1</script>">x</a>` },
  { name: 'img srcset', markdown: `<img srcset="javascript:${X} 1x">` },
  // Markdown syntax with bad URLs
  { name: 'md link javascript', markdown: `[click](javascript:${X})` },
  { name: 'md link mixed case', markdown: `[click](JaVaScRiPt:${X})` },
  { name: 'md link leading space and control', markdown: `[click](< \u0001javascript:${X}>)` },
  { name: 'md link tab inside scheme', markdown: `[click](<java\tscript:${X}>)` },
  { name: 'md link entity encoded scheme', markdown: `[click](&#106;avascript:${X})` },
  { name: 'md link hex entity colon', markdown: `[click](javascript&#x3A;${X})` },
  { name: 'md link percent-encoded', markdown: `[click](javascript%3A${X})` },
  { name: 'md link vbscript', markdown: `[click](vbscript:msgbox(1))` },
  { name: 'md link data html', markdown: `[click](data:text/html;base64,PHNjcmlwdD5vcGVuZXIuX194c3M9MTwvc2NyaXB0Pg==)` },
  { name: 'md link title breakout', markdown: `[click](https://example.com "a\\" onmouseover=\\"${X})` },
  { name: 'md link with html in text', markdown: `[<img src=x onerror="${X}">](https://example.com)` },
  { name: 'md image javascript', markdown: `![x](javascript:${X})` },
  { name: 'md image svg data', markdown: `![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9Il9feHNzPTEiLz4=)` },
  { name: 'md image alt breakout', markdown: `![x" onerror="${X}](/__nope.png)` },
  { name: 'md image url breakout', markdown: `![x](/__nope.png"onerror="${X})` },
  { name: 'reference link javascript', markdown: `[click][r]\n\n[r]: javascript:${X}` },
  { name: 'reference image data html', markdown: `![x][r]\n\n[r]: data:text/html,<script>${X}</script>` },
  { name: 'autolink javascript', markdown: `<javascript:${X}>` },
  { name: 'autolink vbscript', markdown: `<vbscript:msgbox(1)>` },
  { name: 'gfm autolink-looking javascript', markdown: `javascript:${X} www.example.com/<img src=x onerror="${X}">` },
  { name: 'link inside code fence', markdown: '```html\n<script>' + X + '</script>\n```' },
  { name: 'html block after list', markdown: `- item\n\n<div>\n<img src=x onerror="${X}">\n</div>` },
  { name: 'table cell html', markdown: `| a |\n|---|\n| <img src=x onerror="${X}"> |` },
];
