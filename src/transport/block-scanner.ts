/**
 * An incremental JSON scanner for the inside of one `<a2ui-json>` block: a sequence of JSON values
 * (one message, an array of messages, JSONL) that arrives in arbitrary chunks, ending at the first
 * `</a2ui-json>` outside a JSON string. It keeps its state between chunks (the container stack, the
 * string and escape state, a partial sentinel, the text of the values it is collecting), so each
 * character is looked at once: linear in the input whatever the chunking.
 *
 * It tracks structure only and tells its {@link BlockSink} about the values that matter, as text:
 * each message (a top-level value, or an element of a top-level array), the message's `version`,
 * the fields of a `createSurface` / `updateComponents` body, and each element of the body's
 * `components` array as soon as it closes. Parsing the text is the sink's job (`JSON.parse`), so
 * the JSON rules are exactly the platform's.
 */

import { MAX_LINE_LENGTH } from '../jsonl.ts';

/** What the scanner reports. */
export interface BlockSink {
  /** A message value began. */
  messageStart(): void;
  /** A message value closed; `top` is false for an element of a top-level array. Returns false when its text is not JSON. */
  message(text: string, top: boolean): boolean;
  version(text: string): void;
  body(kind: 'createSurface' | 'updateComponents'): void;
  header(key: string, text: string): void;
  component(index: number, text: string): void;
  /** A key repeated in the message or its body. */
  repeatedKey(): void;
  /** The block's JSON is malformed; the rest of the block is skipped. */
  malformed(why: string): void;
}

/** Frame roles: what the values inside a container mean. */
const NONE = 0;
const TOP_ARRAY = 1;
const MESSAGE = 2;
const BODY = 3;
const COMPONENTS = 4;

/** What an object or array frame expects next. */
const KEY_OR_END = 0;
const KEY = 1;
const COLON = 2;
const VALUE = 3;
const VALUE_OR_END = 4;
const COMMA_OR_END = 5;

/** Captured values. */
const CAP_MESSAGE = 0;
const CAP_VERSION = 1;
const CAP_HEADER = 2;
const CAP_COMPONENT = 3;
const CAP_KEY = 4;

interface Frame {
  array: boolean;
  role: number;
  expect: number;
  key: string | undefined;
  index: number;
  keys: Set<string> | undefined;
}

interface Capture {
  kind: number;
  /** Container depth the value starts at (its frame is pushed above it). */
  depth: number;
  parts: string[];
  from: number;
  key: string;
  index: number;
  top: boolean;
  /** Characters collected so far. */
  size: number;
}

const CLOSE = '</a2ui-json>';

const enum Mode {
  Value,
  String,
  Literal,
  Sentinel,
  Skip,
}

export class BlockScanner {
  private frames: Frame[] = [];
  private caps: Capture[] = [];
  private mode = Mode.Value;
  private escape = false;
  private matched = 0;

  constructor(private readonly sink: BlockSink) {}

  /** True while a value is open (the block cannot end cleanly here). */
  get open(): boolean {
    return this.frames.length > 0 || this.mode === Mode.String || this.mode === Mode.Literal;
  }

  /** True after a syntax error, until the block ends. */
  get skipping(): boolean {
    return this.mode === Mode.Skip;
  }

  /**
   * Scans `chunk` from `from`; returns the index just past the closing `</a2ui-json>`, or -1 when
   * the whole chunk belongs to the block.
   */
  push(chunk: string, from = 0): number {
    const n = chunk.length;
    for (const c of this.caps) c.from = from;
    let i = from;
    while (i < n) {
      const ch = chunk.charCodeAt(i);
      switch (this.mode) {
        case Mode.String: {
          // Run to the next quote or backslash.
          let j = i;
          if (this.escape) {
            this.escape = false;
            j++;
          }
          for (; j < n; j++) {
            const c = chunk.charCodeAt(j);
            if (c === 0x22) break;
            if (c === 0x5c) {
              if (j + 1 < n) j++;
              else {
                this.escape = true;
                j = n;
                break;
              }
            }
          }
          if (j >= n) {
            i = n;
            break;
          }
          this.mode = Mode.Value;
          this.endValue(chunk, j + 1);
          i = j + 1;
          break;
        }
        case Mode.Literal:
          if (isDelimiter(ch)) {
            this.mode = Mode.Value;
            this.endValue(chunk, i);
          } else i++;
          break;
        case Mode.Sentinel:
          if (ch === CLOSE.charCodeAt(this.matched)) {
            i++;
            if (++this.matched === CLOSE.length) return this.close(i);
          } else {
            this.fail('unexpected "<"');
          }
          break;
        case Mode.Skip:
          i++;
          if (ch === CLOSE.charCodeAt(this.matched)) {
            if (++this.matched === CLOSE.length) return this.close(i);
          } else this.matched = ch === 0x3c ? 1 : 0;
          break;
        default:
          if (this.token(chunk, i, ch)) i++;
      }
    }
    for (const c of this.caps) {
      if (c.from < n) c.parts.push(chunk.slice(c.from, n));
      c.size += n - c.from;
      c.from = 0;
    }
    // A message is buffered until it closes: as long as the store takes a JSONL line, no longer.
    const longest = this.caps.find((c) => c.kind === CAP_MESSAGE);
    if (longest && longest.size > MAX_LINE_LENGTH) this.fail(`a message longer than the limit of ${MAX_LINE_LENGTH} characters`);
    return -1;
  }

  /** Resets for the next block. */
  private close(end: number): number {
    const open = this.mode !== Mode.Skip && this.open;
    this.frames = [];
    this.caps = [];
    this.mode = Mode.Value;
    this.matched = 0;
    this.escape = false;
    if (open) this.sink.malformed('the block ends inside a JSON value');
    return end;
  }

  /** Handles one character in value mode; returns false when it must be looked at again. */
  private token(chunk: string, i: number, ch: number): boolean {
    if (ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x09) return true;
    if (ch === 0x3c) {
      this.mode = Mode.Sentinel;
      this.matched = 1;
      return true;
    }
    const f = this.frames[this.frames.length - 1];
    if (!f) {
      // Top level: any number of values, whitespace apart.
      return this.startValue(chunk, i, ch, undefined);
    }
    switch (f.expect) {
      case KEY_OR_END:
      case KEY:
        if (ch === 0x22) {
          this.mode = Mode.String;
          if (f.role === MESSAGE || f.role === BODY) this.caps.push(capture(CAP_KEY, this.frames.length, i));
          f.expect = COLON;
          return true;
        }
        if (ch === 0x7d && f.expect === KEY_OR_END) return this.endContainer(chunk, i, false);
        return this.fail('expected a key');
      case COLON:
        if (ch === 0x3a) {
          f.expect = VALUE;
          return true;
        }
        return this.fail('expected ":"');
      case VALUE:
      case VALUE_OR_END:
        if (ch === 0x5d && f.expect === VALUE_OR_END) return this.endContainer(chunk, i, true);
        return this.startValue(chunk, i, ch, f);
      default:
        if (ch === 0x2c) {
          f.expect = f.array ? VALUE : KEY;
          return true;
        }
        if (ch === (f.array ? 0x5d : 0x7d)) return this.endContainer(chunk, i, f.array);
        return this.fail(`expected "," or "${f.array ? ']' : '}'}"`);
    }
  }

  private startValue(chunk: string, i: number, ch: number, parent: Frame | undefined): boolean {
    if (ch === 0x2c || ch === 0x3a || ch === 0x5d || ch === 0x7d) return this.fail(`unexpected "${String.fromCharCode(ch)}"`);
    const depth = this.frames.length;
    let role = NONE;
    if (parent) {
      parent.expect = COMMA_OR_END;
      parent.index++;
    }
    const key = parent?.key ?? '';
    if (!parent || parent.role === TOP_ARRAY) {
      if (!parent && ch === 0x5b) role = TOP_ARRAY;
      else {
        this.caps.push({ ...capture(CAP_MESSAGE, depth, i), top: !parent });
        this.sink.messageStart();
        if (ch === 0x7b) role = MESSAGE;
      }
    } else if (parent.role === MESSAGE) {
      if (key === 'version') this.caps.push(capture(CAP_VERSION, depth, i));
      else if (ch === 0x7b && (key === 'createSurface' || key === 'updateComponents')) {
        role = BODY;
        this.sink.body(key);
      }
    } else if (parent.role === BODY) {
      if (key === 'components' && ch === 0x5b) role = COMPONENTS;
      else this.caps.push({ ...capture(CAP_HEADER, depth, i), key });
    } else if (parent.role === COMPONENTS) {
      this.caps.push({ ...capture(CAP_COMPONENT, depth, i), index: parent.index });
    }
    if (ch === 0x7b || ch === 0x5b) {
      const array = ch === 0x5b;
      this.frames.push({ array, role, expect: array ? VALUE_OR_END : KEY_OR_END, key: undefined, index: -1, keys: role === MESSAGE || role === BODY ? new Set() : undefined });
      return true;
    }
    if (ch === 0x22) {
      this.mode = Mode.String;
      return true;
    }
    this.mode = Mode.Literal;
    return true;
  }

  private endContainer(chunk: string, i: number, array: boolean): boolean {
    const f = this.frames.pop()!;
    if (f.array !== array) return this.fail('mismatched bracket');
    this.endValue(chunk, i + 1);
    return true;
  }

  /** A value (or key) that started at the current depth ended just before `end`. */
  private endValue(chunk: string, end: number): void {
    const depth = this.frames.length;
    while (this.caps.length && this.caps[this.caps.length - 1].depth === depth) {
      const c = this.caps.pop()!;
      const text = c.parts.length ? c.parts.join('') + chunk.slice(c.from, end) : chunk.slice(c.from, end);
      if (this.deliver(c, text) === false) return;
    }
  }

  private deliver(c: Capture, text: string): boolean {
    switch (c.kind) {
      case CAP_KEY: {
        const f = this.frames[this.frames.length - 1];
        let key: string | undefined;
        try {
          key = JSON.parse(text) as string;
        } catch {
          this.sink.repeatedKey(); // unreadable: the message will fail as a whole
        }
        f.key = key;
        if (key !== undefined && f.keys) {
          if (f.keys.has(key)) this.sink.repeatedKey();
          f.keys.add(key);
        }
        return true;
      }
      case CAP_VERSION:
        this.sink.version(text);
        return true;
      case CAP_HEADER:
        this.sink.header(c.key, text);
        return true;
      case CAP_COMPONENT:
        this.sink.component(c.index, text);
        return true;
      default:
        if (!this.sink.message(text, c.top)) {
          this.skip();
          return false;
        }
        return true;
    }
  }

  private fail(why: string): boolean {
    this.sink.malformed(why);
    this.skip();
    return false;
  }

  private skip(): void {
    this.mode = Mode.Skip;
    this.matched = 0;
    this.frames = [];
    this.caps = [];
  }
}

function capture(kind: number, depth: number, from: number): Capture {
  return { kind, depth, parts: [], from, key: '', index: 0, top: false, size: 0 };
}

/** Characters that end a literal (`true`, `12`, …). */
function isDelimiter(ch: number): boolean {
  return ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x09 || ch === 0x2c || ch === 0x5d || ch === 0x7d || ch === 0x3a || ch === 0x22 || ch === 0x5b || ch === 0x7b || ch === 0x3c;
}
