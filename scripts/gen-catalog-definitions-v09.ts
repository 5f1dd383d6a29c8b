/**
 * Generates the v0.9 basic catalog definition (`src/catalog/definitions/basic-v09.ts`) from the
 * v0.9.1 spec catalog: rewritten into the form the store loads (`v09CatalogDefinition`), then
 * stripped and printed exactly as `gen-catalog-definitions.ts` does for v1.0.
 *
 *   node --import tsx scripts/gen-catalog-definitions-v09.ts [spec-dir]   (default /work/shared/spec/v0_9_1)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { v09CatalogDefinition } from '../src/v09/catalog.ts';
import { DEFINITIONS_DIR, generateDefinitionSource } from './gen-catalog-definitions.ts';

const SOURCE = 'catalogs/basic/catalog.json';
const specDir = process.argv[2] ?? '/work/shared/spec/v0_9_1';
const raw = JSON.parse(readFileSync(join(specDir, SOURCE), 'utf8')) as Record<string, unknown>;
const src = `v0_9_1/${SOURCE}`;
const replacements: Array<[string, string]> = [
  ['scripts/gen-catalog-definitions.ts', 'scripts/gen-catalog-definitions-v09.ts'],
  [`The A2UI v1.0 catalog ${src}`, `The A2UI v0.9.1 catalog ${src} in the form \`v09CatalogDefinition\` gives it`],
];
let text = generateDefinitionSource(v09CatalogDefinition(raw), 'basicCatalogV09', src);
for (const [from, to] of replacements) {
  if (!text.includes(from)) throw new Error(`gen-catalog-definitions.ts no longer writes '${from}'; update this script`);
  text = text.replace(from, to);
}
writeFileSync(join(DEFINITIONS_DIR, 'basic-v09.ts'), text);
console.log('wrote src/catalog/definitions/basic-v09.ts');
