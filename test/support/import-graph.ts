/**
 * The module graph of the project's own TypeScript files, read from source, and the import cycles
 * in it. Type-only imports count: a cycle of types is still two files a reader cannot understand
 * one without the other. Bare specifiers (packages) are leaves and are left out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** file → the files it imports (resolved, same keys). */
export type ImportGraph = Map<string, string[]>;

/**
 * The specifiers a module imports: `import … from`, `import '…'`, `export … from`, and `import()`
 * (also `typeof import()`) with a string literal. Comments, strings, template literals and regular
 * expressions are skipped, so an import written inside one of them is not counted.
 */
export function importSpecifiers(source: string): string[] {
  const code = blankLiterals(source);
  const out: string[] = [];
  // Static forms: the keyword at a statement start, its specifier the first string after `from`
  // (or right after the keyword for a side-effect import). Positions come from the blanked code,
  // the text from the source.
  const statement = /(?:^|[;}\n])\s*(?:import|export)\b(?:[^;'"`]*?\bfrom)?\s*(?=['"])/g;
  for (const m of code.matchAll(statement)) out.push(stringAt(source, m.index + m[0].length));
  const dynamic = /\bimport\s*\(\s*(?=['"])/g;
  for (const m of code.matchAll(dynamic)) out.push(stringAt(source, m.index + m[0].length));
  return out;
}

/** The string literal starting at `at` (its quote), without quotes. */
function stringAt(source: string, at: number): string {
  const quote = source[at];
  const end = source.indexOf(quote, at + 1);
  return source.slice(at + 1, end);
}

/**
 * `source` with the insides of comments, template literals and regular expressions replaced by
 * spaces, and the insides of quoted strings too (their quotes stay, so a specifier's position is
 * kept). Lengths are unchanged.
 */
export function blankLiterals(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  // Whether a `/` here starts a regular expression: after an operator or keyword, not after a value.
  const regexMayStart = (i: number): boolean => {
    let j = i - 1;
    while (j >= 0 && /\s/.test(out[j])) j--;
    if (j < 0) return true;
    if (/[(,=:[!&|?{};+\-*%<>~^]/.test(out[j])) return true;
    const word = /[A-Za-z_$]+$/.exec(out.slice(Math.max(0, j - 10), j + 1).join(''))?.[0];
    return word !== undefined && ['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'void', 'yield', 'await'].includes(word);
  };
  let i = 0;
  const n = source.length;
  // Skips a template literal starting after its backtick; returns the index after its closing one.
  const template = (start: number): number => {
    let k = start;
    while (k < n && source[k] !== '`') {
      if (source[k] === '\\') k += 2;
      else if (source[k] === '$' && source[k + 1] === '{') {
        blank(start, k);
        k = code(k + 2, '}');
        start = k;
      } else k++;
    }
    blank(start, k);
    return k + 1;
  };
  // Scans code until `close` at depth 0 (or the end); returns the index after it.
  const code = (start: number, close?: string): number => {
    let depth = 0;
    let k = start;
    while (k < n) {
      const c = source[k];
      if (c === close && depth === 0) return k + 1;
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (c === '/' && source[k + 1] === '/') {
        const end = source.indexOf('\n', k);
        const stop = end === -1 ? n : end;
        blank(k, stop);
        k = stop;
      } else if (c === '/' && source[k + 1] === '*') {
        const end = source.indexOf('*/', k + 2);
        const stop = end === -1 ? n : end + 2;
        blank(k, stop);
        k = stop;
      } else if (c === "'" || c === '"') {
        let e = k + 1;
        while (e < n && source[e] !== c && source[e] !== '\n') e += source[e] === '\\' ? 2 : 1;
        blank(k + 1, e);
        k = e + 1;
      } else if (c === '`') {
        out[k] = ' ';
        const end = template(k + 1);
        if (end - 1 < n) out[end - 1] = ' ';
        k = end;
      } else if (c === '/' && regexMayStart(k)) {
        let e = k + 1;
        let inClass = false;
        while (e < n && source[e] !== '\n' && (inClass || source[e] !== '/')) {
          if (source[e] === '\\') e++;
          else if (source[e] === '[') inClass = true;
          else if (source[e] === ']') inClass = false;
          e++;
        }
        blank(k, e + 1);
        k = e + 1;
      } else k++;
    }
    return k;
  };
  while (i < n) i = code(i);
  return out.join('');
}

/** The project file a relative specifier names (`.ts` added, or a folder's `index.ts`), or undefined. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/[?#].*$/, ''));
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every `.ts` file under `dirs` (recursively), and what each imports among the project's files. */
export function readImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const pending = dirs.flatMap((d) => tsFiles(resolve(root, d)));
  while (pending.length) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const targets = importSpecifiers(readFileSync(file, 'utf8'))
      .map((s) => resolveSpecifier(file, s))
      .filter((f): f is string => f !== undefined && f.endsWith('.ts'));
    graph.set(file, [...new Set(targets)]);
    pending.push(...targets);
  }
  // Keys relative to the root, so a printed cycle reads `src/a.ts → src/b.ts`.
  const rel = (f: string) => relative(root, f).split('\\').join('/');
  return new Map([...graph].map(([f, to]) => [rel(f), to.map(rel)]));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/** Files that import each other, directly or through others: one strongly connected component. */
export interface ImportCycle {
  /** One shortest cycle through the component's first file: `[a, b, a]`. */
  cycle: string[];
  /** Every file of the component, sorted. */
  files: string[];
}

/** The import cycles of `graph`: one per strongly connected component that has one (Tarjan's algorithm). */
export function findCycles(graph: ImportGraph): ImportCycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((c) => ({ cycle: cycleWithin(graph, new Set(c)), files: c.sort() }));
}

/** A shortest cycle through the component's first file (in sort order), staying inside it. */
function cycleWithin(graph: ImportGraph, members: Set<string>): string[] {
  const start = [...members].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = previous.get(u)!) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
