// The host test apps, built against the package as its users get it:
//
//   1. `npm pack` of the build → .pack/a2ui-elements.tgz (a stable name the apps' package.json use);
//   2. test/hosts/react and test/hosts/vue: Vite's react-ts and vue-ts templates, installed from
//      their own lockfiles plus that tarball (`npm ci` when the lockfile changed, else the fresh
//      tarball unpacked over node_modules/a2ui-elements), then their own `npm run build`
//      (`tsc -b && vite build` / `vue-tsc -b && vite build`) → <host>/dist/;
//   3. test/hosts/angular/main.js bundled by esbuild, resolving `a2ui-elements[/sub]` through the
//      package's `exports` into dist/ as a user's bundler would;
//   4. build/consumer-check/ type-checked against the published declarations.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { PACKAGE_FIELDS } from './package-exports.mjs';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const PACK_DIR = join(ROOT, '.pack');
export const TARBALL = join(PACK_DIR, 'a2ui-elements.tgz');
/** Vite apps with their own package.json and lockfile. */
const VITE_HOSTS = ['react', 'vue'];
/** Apps bundled here with esbuild: entry file per host. */
const ESBUILD_HOSTS = { angular: 'main.js' };

/** Vite's build sets NODE_ENV=production in this process; npm would then skip devDependencies. */
const { NODE_ENV: _omit, ...ENV } = process.env;

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: ENV });
  if (r.status !== 0) {
    process.stdout.write((r.stdout ?? '') + (r.stderr ?? ''));
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
  }
  return r.stdout;
}

/** `npm pack` of dist/ as it is (no prepack: this runs inside the build). */
export function pack() {
  mkdirSync(PACK_DIR, { recursive: true });
  const [{ filename, files }] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', PACK_DIR], ROOT));
  for (const f of ['LICENSE', 'README.md', 'dist/a2ui-elements.js', 'dist/proxy.html', 'dist/react.d.ts', 'dist/vue.d.ts']) {
    if (!files.some((x) => x.path === f)) throw new Error(`npm pack: ${f} is not in the tarball`);
  }
  renameSync(join(PACK_DIR, filename), TARBALL);
  return filename;
}

/** Installs a Vite host: `npm ci` when its lockfile changed since the last install, else the new tarball alone. */
function install(dir) {
  const stampFile = join(dir, 'node_modules/.a2ui-install');
  const stamp = createHash('sha256').update(readFileSync(join(dir, 'package-lock.json'))).update(readFileSync(join(ROOT, 'package.json'))).digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    const target = join(dir, 'node_modules/a2ui-elements');
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    run('tar', ['xzf', TARBALL, '-C', target, '--strip-components=1'], dir);
    return 'tarball';
  }
  run('npm', ['ci', '--include=dev', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  writeFileSync(stampFile, stamp);
  return 'npm ci';
}

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
  let started = Date.now();
  console.log(`.pack/a2ui-elements.tgz: npm pack → ${pack()} (${Date.now() - started} ms)`);
  for (const host of VITE_HOSTS) {
    started = Date.now();
    const dir = join(ROOT, 'test/hosts', host);
    const how = install(dir);
    run('npm', ['run', 'build'], dir);
    console.log(`test/hosts/${host}: installed (${how}), npm run build passed (${Date.now() - started} ms)`);
  }
  started = Date.now();
  for (const [host, entry] of Object.entries(ESBUILD_HOSTS)) {
    await build({
      entryPoints: [join(ROOT, 'test/hosts', host, entry)],
      outfile: join(ROOT, 'test/hosts', host, 'dist/main.js'),
      bundle: true,
      format: 'esm',
      target: 'es2022',
      logLevel: 'warning',
      plugins: [packageExports()],
      define: { 'process.env.NODE_ENV': '"production"' },
    });
  }
  console.log(`test/hosts: ${Object.keys(ESBUILD_HOSTS).join(', ')} bundled in ${Date.now() - started} ms`);
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'build/consumer-check/tsconfig.json'], { cwd: ROOT, encoding: 'utf8' });
  if (tsc.status !== 0) {
    process.stdout.write(tsc.stdout + tsc.stderr);
    throw new Error('the published declarations do not type-check in build/consumer-check/');
  }
  console.log('build/consumer-check: the published declarations type-check (strict, skipLibCheck off)');
}

if (import.meta.url === `file://${process.argv[1]}`) await buildHosts();
