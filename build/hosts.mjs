// Builds the host test apps (test/hosts/<host>/dist/main.js) with esbuild, resolving
// `a2ui-elements[/sub]` through the package's `exports` into dist/ as a user's bundler would, and
// type-checks build/consumer-check/ against the published declarations.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { PACKAGE_FIELDS } from './package-exports.mjs';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const HOSTS = { vue: 'main.js', react: 'main.jsx', angular: 'main.js' };

/** `a2ui-elements/x` → the file its `exports` entry names (package.json's, else the proposed ones). */
function packageExports() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const exports = pkg.exports ?? PACKAGE_FIELDS.exports;
  return {
    name: 'a2ui-package-exports',
    setup(b) {
      b.onResolve({ filter: /^a2ui-elements(\/.*)?$/ }, (args) => {
        const sub = '.' + args.path.slice('a2ui-elements'.length);
        const target = exports[sub];
        const file = typeof target === 'string' ? target : target?.default;
        if (!file) return { errors: [{ text: `'${args.path}' is not exported by the package` }] };
        return { path: join(ROOT, file) };
      });
    },
  };
}

export async function buildHosts() {
  const started = Date.now();
  for (const [host, entry] of Object.entries(HOSTS)) {
    await build({
      entryPoints: [join(ROOT, 'test/hosts', host, entry)],
      outfile: join(ROOT, 'test/hosts', host, 'dist/main.js'),
      bundle: true,
      format: 'esm',
      target: 'es2022',
      jsx: 'automatic',
      logLevel: 'warning',
      plugins: [packageExports()],
      // Vue's full build (runtime template compiler) for the string template.
      alias: { vue: 'vue/dist/vue.esm-bundler.js' },
      define: {
        'process.env.NODE_ENV': '"production"',
        __VUE_OPTIONS_API__: 'true',
        __VUE_PROD_DEVTOOLS__: 'false',
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      },
    });
  }
  console.log(`test/hosts: ${Object.keys(HOSTS).join(', ')} bundled in ${Date.now() - started} ms`);
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'build/consumer-check/tsconfig.json'], { cwd: ROOT, encoding: 'utf8' });
  if (tsc.status !== 0) {
    process.stdout.write(tsc.stdout + tsc.stderr);
    throw new Error('the published declarations do not type-check in build/consumer-check/');
  }
  console.log('build/consumer-check: the published declarations type-check (strict, skipLibCheck off)');
}

if (import.meta.url === `file://${process.argv[1]}`) await buildHosts();
