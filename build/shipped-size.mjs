// What a page fetches of the script-tag build as `npm run build` ships it, measured without
// writing dist/: the Vite builds of vite.config.mjs (the script-tag file with the files split from
// it, the lazy files and the McpApp bridge built on their own), each output file gzipped -9 on its
// own. "First load" is the entry and the files it imports statically (none today: selfContained
// refuses them), "on first use" every other file those builds make.
import { build } from 'vite';
import { configs } from '../vite.config.mjs';
import { OWN_BUILD } from './pieces.mjs';
import { gzipSize } from './size-report.mjs';

const ENTRY = 'a2ui-elements.js';

/** The build of one mode, in memory, without the size report (which appends to dist/). */
async function outputs(mode) {
  const config = configs[mode];
  const plugins = config.plugins.filter((p) => p.name !== 'a2ui-size-report');
  const result = await build({ ...config, mode, plugins, build: { ...config.build, write: false } });
  return [result].flat().flatMap((r) => r.output).filter((o) => o.type === 'chunk');
}

const sum = (chunks) => ({
  files: chunks.map((c) => c.fileName),
  minified: chunks.reduce((n, c) => n + Buffer.byteLength(c.code), 0),
  gzip: chunks.reduce((n, c) => n + gzipSize(c.code), 0),
});

/**
 * Split files a page fetches before its first surface with components renders, whatever the
 * surface: none (the schema validator is in the first load). A draft v1.0 surface also waits
 * for the draft rules.
 */
const BEFORE_FIRST_SURFACE = [];
const DRAFT = /^a2ui-draft-[\w-]{8}\.js$/;

/**
 * `firstLoad`: the script-tag entry and its static imports; `firstSurface`: that plus what every
 * first surface waits for; `firstDraftSurface`: plus the draft rules; `onFirstUse`: the split
 * files, the lazy files and the bridge. Bytes, minified as shipped, and gzip -9 per file summed.
 */
export async function measureShipped() {
  const script = await outputs('script');
  const byName = new Map(script.map((c) => [c.fileName, c]));
  const first = new Set();
  const visit = (name) => {
    if (first.has(name) || !byName.has(name)) return;
    first.add(name);
    for (const i of byName.get(name).imports) visit(i);
  };
  visit(ENTRY);
  const later = script.filter((c) => !first.has(c.fileName));
  for (const { name } of Object.values(OWN_BUILD)) later.push(...(await outputs(`own-${name}`)));
  const entry = [...first].map((n) => byName.get(n));
  const waited = BEFORE_FIRST_SURFACE.map((n) => byName.get(n)).filter(Boolean);
  return {
    firstLoad: sum(entry),
    firstSurface: sum([...entry, ...waited]),
    firstDraftSurface: sum([...entry, ...waited, script.find((c) => DRAFT.test(c.fileName))].filter(Boolean)),
    onFirstUse: sum(later),
  };
}
