// The MCP Apps sandbox proxy page as an asset of the package (issue 35): what a page's bundler needs
// to copy it and point `<a2ui-mcp-app>` at the copy, with no `configureSandbox`.
//
//   inlineProxyScript  the proxy build (vite.config.mjs `proxy`): dist/proxy.html with its script
//                      inline, one self-contained file, since a bundler copies an `.html` asset
//                      alone (and a page serving dist/ whole serves it as it is);
//   proxyPageAsset     the bundler build (vite.config.mjs `lib`): the chunk holding
//                      sandbox/config.ts refers to dist/proxy.html with a literal
//                      `new URL('<path from the chunk>', import.meta.url)`, the form Vite,
//                      webpack 5, Rollup and Parcel (with their asset support) rewrite to the
//                      asset they emit. The sources write it with a variable so that our own
//                      library build leaves it alone (it would inline the page as a `data:` URL).
import { dirname, posix, relative, resolve } from 'node:path';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const CONFIG = resolve(ROOT, 'sandbox/config.ts');
/** The expression sandbox/config.ts writes (its `moduleUrl` variable maybe renamed, or inlined). */
const SOURCE_FORM = /new URL\((["'`])\.\/proxy\.html\1,\s*(?:import\.meta\.url|[\w$]+)\)/g;

/** Puts the proxy page's module script inside the page and drops the file it was in. */
export function inlineProxyScript({ page = 'proxy.html' } = {}) {
  return {
    name: 'a2ui-inline-proxy-script',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle[page];
      if (!html || html.type !== 'asset') this.error(`the proxy build emitted no ${page}`);
      const scripts = Object.values(bundle).filter((o) => o.type === 'chunk');
      if (scripts.length !== 1) this.error(`the proxy page must be one script, found ${scripts.map((c) => c.fileName).join(', ')}`);
      const [script] = scripts;
      const tag = new RegExp(`<script type="module"[^>]*\\ssrc="(?:\\./)?${script.fileName.replace(/\./g, '\\.')}"[^>]*></script>`);
      const source = String(html.source);
      if (!tag.test(source)) this.error(`${page} has no <script src="${script.fileName}"> to inline`);
      // `</script` cannot occur in the inline text; in a string or regex `<\/` means the same.
      const code = script.code.replace(/<\/(script)/gi, '<\\/$1').trim();
      html.source = source.replace(tag, () => `<script type="module">${code}</script>`);
      delete bundle[script.fileName];
    },
  };
}

/** Writes the literal reference to dist/proxy.html into the chunk that holds sandbox/config.ts. */
export function proxyPageAsset({ page = 'proxy.html' } = {}) {
  return {
    name: 'a2ui-proxy-page-asset',
    renderChunk(code, chunk) {
      if (!(chunk.moduleIds ?? Object.keys(chunk.modules)).includes(CONFIG)) return null;
      const matches = code.match(SOURCE_FORM) ?? [];
      if (matches.length !== 1) this.error(`${chunk.fileName}: expected one \`new URL('./proxy.html', moduleUrl)\` from sandbox/config.ts, found ${matches.length}`);
      let path = posix.normalize(relative(dirname(resolve('/', chunk.fileName)), resolve('/', page)).split('\\').join('/'));
      if (!path.startsWith('.')) path = `./${path}`;
      return { code: code.replace(SOURCE_FORM, `new URL(${JSON.stringify(path)}, import.meta.url)`), map: null };
    },
  };
}
