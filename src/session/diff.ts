/**
 * Compares the outbound messages of a replay with the recorded ones: the two lists are aligned
 * (longest common subsequence, so one extra message does not shift every later one), and what
 * does not line up is reported as `changed` (same kind of message, with the fields that differ),
 * `missing` (recorded, not sent) or `extra` (sent, not recorded).
 *
 * @module
 */
import { deepEqual, isObject, stableJson } from '../json.ts';
import { escapeSegment } from '../json-pointer.ts';

/** One outbound message as compared: the message and its transport metadata. */
export interface Sent {
  message: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** A recorded message, with where it is in the log. */
export interface Recorded extends Sent {
  /** Index of its entry in the log. */
  entry: number;
  t: number;
}

/** One field that differs: JSON pointer (`/message/…` or `/metadata/…`), recorded and replayed value. */
export interface FieldChange {
  path: string;
  recorded: unknown;
  replayed: unknown;
}

/** One outbound message of the replay that differs from the recording. */
export type OutboundDifference =
  | { kind: 'changed'; entry: number; recorded: Sent; replayed: Sent; changes: FieldChange[] }
  | { kind: 'missing'; entry: number; recorded: Sent }
  | { kind: 'extra'; entry: number; replayed: Sent };

/** Beyond this many cells the alignment is by position (a log that long is compared in order). */
const MAX_CELLS = 4_000_000;
const MAX_CHANGES = 20;

/**
 * The differences between recorded and replayed outbound messages; `ignore` strips fields first.
 * `during[j]` is the log entry that was playing when replayed message `j` was sent.
 */
export function compareOutbound(recorded: Recorded[], replayed: Sent[], during: number[], ignore: (s: Sent) => Sent): OutboundDifference[] {
  const a = recorded.map((r) => ignore(r));
  const b = replayed.map(ignore);
  const pairs = align(a, b);
  const out: OutboundDifference[] = [];
  let i = 0;
  let j = 0;
  const flush = (toI: number, toJ: number) => {
    // Unmatched runs: same-kind messages pair up as changes, the rest are missing or extra.
    while (i < toI || j < toJ) {
      if (i < toI && j < toJ && kindOf(a[i].message) === kindOf(b[j].message)) {
        out.push({ kind: 'changed', entry: recorded[i].entry, recorded: a[i], replayed: b[j], changes: fieldChanges(a[i], b[j]) });
        i++;
        j++;
      } else if (i < toI && (j >= toJ || !b.slice(j, toJ).some((x) => kindOf(x.message) === kindOf(a[i].message)))) {
        out.push({ kind: 'missing', entry: recorded[i].entry, recorded: a[i] });
        i++;
      } else {
        out.push({ kind: 'extra', entry: during[j], replayed: b[j] });
        j++;
      }
    }
  };
  for (const [pi, pj] of pairs) {
    flush(pi, pj);
    i = pi + 1;
    j = pj + 1;
  }
  flush(a.length, b.length);
  return out;
}

/** Index pairs of equal items in a longest common subsequence. */
function align(a: Sent[], b: Sent[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  const ka = a.map(key);
  const kb = b.map(key);
  if (n * m > MAX_CELLS) {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < Math.min(n, m); i++) if (ka[i] === kb[i]) pairs.push([i, i]);
    return pairs;
  }
  // lengths[i][j]: LCS of a[i..] and b[j..], in one flat array.
  const w = m + 1;
  const lengths = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * w + j] = ka[i] === kb[j] ? lengths[(i + 1) * w + j + 1] + 1 : Math.max(lengths[(i + 1) * w + j], lengths[i * w + j + 1]);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (ka[i] === kb[j]) pairs.push([i++, j++]);
    else if (lengths[(i + 1) * w + j] >= lengths[i * w + j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** The message's type key (`action`, `error`, …). */
export function kindOf(message: Record<string, unknown>): string {
  return Object.keys(message).find((k) => k !== 'version') ?? 'invalid';
}

function key(s: Sent): string {
  return stableJson({ message: s.message, metadata: s.metadata ?? {} });
}


/** The leaves that differ between two messages (at most {@link MAX_CHANGES}). */
function fieldChanges(recorded: Sent, replayed: Sent): FieldChange[] {
  const out: FieldChange[] = [];
  const walk = (x: unknown, y: unknown, path: string) => {
    if (out.length >= MAX_CHANGES || deepEqual(x, y)) return;
    const bothArrays = Array.isArray(x) && Array.isArray(y);
    if (bothArrays || (isObject(x) && isObject(y) && !Array.isArray(x) && !Array.isArray(y))) {
      const keys = bothArrays
        ? [...Array(Math.max((x as unknown[]).length, (y as unknown[]).length)).keys()].map(String)
        : [...new Set([...Object.keys(x as object), ...Object.keys(y as object)])];
      for (const k of keys) walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], `${path}/${escapeSegment(k)}`);
      return;
    }
    out.push({ path: path || '/', recorded: x, replayed: y });
  };
  walk(recorded.message, replayed.message, '/message');
  walk(recorded.metadata ?? {}, replayed.metadata ?? {}, '/metadata');
  return out;
}

/** One message in a line: its kind and what identifies it. */
export function describe(message: Record<string, unknown>): string {
  const kind = kindOf(message);
  const b = isObject(message[kind]) ? (message[kind] as Record<string, unknown>) : {};
  const id = [b.name, b.code, b.functionCallId ? `#${b.functionCallId}` : undefined, b.surfaceId ? `on ${b.surfaceId}` : undefined].filter((x) => x !== undefined);
  return [kind, ...id].join(' ');
}

/** The differences as text a person reads in a terminal or a bug report ('' for none). */
export function formatDifferences(differences: readonly OutboundDifference[]): string {
  if (!differences.length) return '';
  const lines = [`${differences.length} outbound message${differences.length === 1 ? '' : 's'} differ${differences.length === 1 ? 's' : ''} from the recording:`];
  const show = (v: unknown) => (v === undefined ? '(absent)' : clip(JSON.stringify(v)));
  for (const d of differences) {
    if (d.kind === 'changed') {
      lines.push(`  changed: ${describe(d.recorded.message)} (log entry ${d.entry})`);
      for (const c of d.changes) lines.push(`      ${c.path}: recorded ${show(c.recorded)}, replayed ${show(c.replayed)}`);
    } else if (d.kind === 'missing') {
      lines.push(`  missing: ${describe(d.recorded.message)} (log entry ${d.entry}) was recorded but not sent by the replay`);
    } else {
      lines.push(`  extra:   ${describe(d.replayed.message)} was sent by the replay (at log entry ${d.entry}) but not recorded: ${show(d.replayed.message)}`);
    }
  }
  return lines.join('\n');
}

function clip(s: string, n = 120): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
