/**
 * Provisional staging of a `createSurface` / `updateComponents` message that is still streaming,
 * so its components show while the model is writing, and a settle step at the message's end that
 * leaves exactly what processing the finished message at once would have left.
 *
 * How the two fit together:
 * - While the message streams, the components that closed are staged into the visible surface
 *   when the pace shows them (the first seven the moment each closes, later ones together): the
 *   surface being updated, or, for `createSurface`, a surface made from the header fields that
 *   came before `components` (made by a scratch store, so its header is checked by the real
 *   handler) and added to the store. A group is staged as the store applies a message's
 *   components: one `JSON.parse`, each component validated in order (`toComponentRecord`), one
 *   stage, one topology check around the group; so each component is parsed, validated and
 *   checked once, as in the finished message. Nothing is reported while staging: the first
 *   component that does not apply (invalid, a repeated id, a graph fault) stops the staging for
 *   the rest of the message.
 * - When the message closes and every one of its components was staged (v1.0, nothing refused,
 *   nothing but the staged header), the store would accept it whole and keep every staged record:
 *   only its inbound listeners see it (see `complete`). Otherwise it is processed normally:
 *   `updateComponents` goes to the store as it is. The store keeps a component re-sent with the
 *   same JSON (its resend rule), so the staged records stay and nothing renders twice; if the store
 *   refuses the message, the staged records are rolled back to what was there before.
 *   `createSurface`: if its header is the one the staged surface was made from, its components
 *   are applied to the staged surface through a scratch store (same catalogs; the resend rule
 *   again keeps the staged records), which is exactly applying them to a fresh surface; then the
 *   store's inbound listeners see the message. Otherwise, or if that refuses, the staged surface
 *   is removed and the store processes the message, errors and all.
 * So errors and outbound messages are only ever the store's own, for the finished message.
 * Staging needs the envelope's `version` written before the body: `"1.0"`, or a version with a
 * protocol adapter (draft `"v1.0"`, v0.9 `updateComponents`: each component is upgraded by the
 * adapter as the store would); and the surface must exist (`updateComponents`) or not
 * (`createSurface`). Staging waits (keeping what closed meanwhile) while the store holds earlier
 * messages and while the schema validator, the draft rules or a function's code (formatString's
 * parser) load, so a late piece delays the showing but does not end it, and nothing shows ahead
 * of a held message. Other messages apply at their end. With the store's `partialUpdates`, the
 * staging of an `updateComponents` is undone before the store processes the finished message
 * (an error there may refuse one component only), so its components render twice.
 *
 * What staging cannot make identical, because it shows things earlier: while a message streams,
 * its staged surface is visible to other input (another stream feeding the same store can update
 * it), to the user (who can type into it) and to the elements (whose function calls to the agent
 * go out before the message ends, and are cancelled if the message is then refused).
 */
import type { ComponentRecord } from '../component.ts';
import { isObject } from '../json.ts';
import { draftAdapter, draftUpgrader } from '../draft/adapter.ts';
import { LoadPending } from '../lazy.ts';
import { protocolFor, type ProtocolAdapter } from '../protocols.ts';
import { schemaValidator } from '../schema/validate.ts';
import { LIMITS } from '../messages/surface-messages.ts';
import { A2uiStore } from '../store.ts';
import { toComponentRecord } from '../component-validation.ts';
import { storeInternals } from '../store-internals.ts';
import type { Surface } from '../surface.ts';
import { checkTopology } from '../topology.ts';
import { ShowingPace } from './pace.ts';

export type StagedKind = 'createSurface' | 'updateComponents';

type Stage = { undo: () => void; commit: () => void };

export class Provisional {
  private version: unknown;
  private kind: StagedKind | undefined;
  private header: Record<string, unknown> = {};
  /** The header the staged surface was made from. */
  private madeFrom: Record<string, unknown> = {};
  private surface: Surface | undefined;
  /** The adapter of a v0.9 `updateComponents` (its components are upgraded one by one). */
  private adapter: ProtocolAdapter | undefined;
  private created = false;
  private stages: Stage[] = [];
  private ids = new Set<string>();
  /** Components of the message whose JSON closed, staged or queued. */
  private closed = 0;
  /** Closed components not staged yet: their JSON texts, in order (staged together when shown). */
  private queue: string[] = [];
  /** Components staged (or kept as they are). */
  private count = 0;
  private newIds = 0;
  private frozen = false;
  private tainted = false;
  /** Staging waits for a load or for the store's held messages (see `waitFor`). */
  private waiting = false;
  /** Bumped by `reset`: a wait that settles for an earlier message does nothing. */
  private generation = 0;
  /** Staged, not yet shown to the elements. */
  private pending: Stage[] = [];
  private shownAt = -Infinity;
  /**
   * When the chunk being parsed began: the clock is read once per chunk, not per component (a
   * read costs Chromium about half a microsecond, as much as scanning a chunk).
   */
  private clock = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** When staged components are shown. */
  private readonly pace: ShowingPace;

  /** @param publishMs base wait before staged components are shown (0: each at once) */
  constructor(
    private readonly store: A2uiStore,
    private readonly publishMs = 0,
  ) {
    this.pace = new ShowingPace(publishMs);
  }

  /** A chunk of text starts being parsed at `now`. */
  chunkStart(now: number): void {
    this.clock = now;
    this.pace.chunkStart(now);
  }

  /**
   * The chunk is parsed. It ended when its last showing did, or when it began: parsing a chunk
   * without a showing takes microseconds, which the pace's shortest gap absorbs.
   */
  chunkEnd(): void {
    this.pace.chunkEnd(Math.max(this.clock, this.shownAt));
  }

  /** The envelope's `version` value. */
  setVersion(value: unknown): void {
    this.version = value;
  }

  /** The message body began (its key). */
  setKind(kind: StagedKind): void {
    if (this.kind !== undefined) this.tainted = true;
    this.kind = kind;
  }

  /** A body field other than `components`, complete. */
  setHeader(key: string, value: unknown): void {
    if (this.closed || this.created) this.frozen = true; // a field after the components: settle decides
    this.header[key] = value;
  }

  /** A repeated key where it matters: the finished message may differ from what was staged. */
  taint(): void {
    this.tainted = true;
    this.frozen = true;
  }

  /** Component `index` of the body's `components` array closed; `text` is its JSON. */
  component(index: number, text: string): void {
    if (this.frozen) return;
    if (index !== this.closed) {
      this.frozen = true;
      return;
    }
    this.closed++;
    this.queue.push(text);
    this.publishSoon();
  }

  /** The message closed: process it (`apply` hands it to the store) and settle the staging. */
  settle(message: unknown, apply: () => void): void {
    try {
      const s = this.surface;
      if (!s) return apply();
      // Only a message settled as staged needs the rest staged first; otherwise the store applies it.
      if (!this.tainted && !this.adapter && !this.store.partialUpdates) this.stageQueued();
      if (this.tainted || this.store.peekSurface(s.id) !== s) {
        this.rollback();
        return apply();
      }
      if (this.complete(message)) {
        // Every component of the finished message is staged, validated and checked in the graph
        // as the store would: processing it again would only repeat that work and keep each record.
        this.publish();
        storeInternals(this.store).notifyInbound(message);
        return;
      }
      if (this.created) return this.settleCreate(s, message, apply);
      const n = componentCount(message, 'updateComponents');
      // The store counts the surface's size before the message: staged new ids must not tip it over.
      // With partialUpdates an error no longer means the message was refused: the store must start
      // from the state before the staging (the staged components render once more).
      if (this.store.partialUpdates || (s.size + n > LIMITS.componentsPerSurface && s.size - this.newIds + n <= LIMITS.componentsPerSurface)) {
        this.rollback();
        return apply();
      }
      let refused = false;
      const off = this.store.onError(() => (refused = true));
      try {
        apply();
      } finally {
        off();
      }
      if (refused) this.rollback();
    } finally {
      this.reset();
    }
  }

  /**
   * True when the finished v1.0 `message` is exactly what was staged: its envelope and body hold
   * nothing but the staged kind, header and components, and every one of its components was
   * staged in order (none refused, none after a header field). Then the store would accept it whole,
   * and what it would leave is what is already there: staging checked each component as the store
   * does (the same record), and the graph after each one, which covers every pair and cycle the
   * store's check of the whole message covers. With `partialUpdates` the store decides, as below.
   */
  private complete(message: unknown): boolean {
    const kind = this.kind;
    if (!kind || this.frozen || this.tainted || this.adapter || this.version !== '1.0' || this.store.partialUpdates) return false;
    if (!isObject(message) || message.version !== '1.0' || Object.keys(message).length !== 2) return false;
    const body = message[kind];
    if (!isObject(body) || !Array.isArray(body.components) || body.components.length === 0 || body.components.length !== this.count) return false;
    if (this.created) return sameHeader(this.madeFrom, body) && this.surface!.size === this.count;
    // The store counts the surface before the message plus every component in it, replaced ones too.
    const before = this.surface!.size - this.newIds;
    return Object.keys(body).length === 2 && body.surfaceId === this.surface!.id && before + this.count <= LIMITS.componentsPerSurface;
  }

  /** The message will never finish (malformed, or the input ended): undo the staging. */
  abort(): void {
    this.rollback();
    this.reset();
  }

  /**
   * A `createSurface` is accepted whole iff its header is the one the staged surface was made
   * from (checked by the real handler then) and its components apply to a fresh surface. The
   * components are tried on the staged surface itself through a scratch store, where the resend
   * rule keeps the staged records: the same graph, the same checks, no second validation. A
   * refusal there is never reported: the staged surface goes and the store processes the message.
   */
  private settleCreate(s: Surface, message: unknown, apply: () => void): void {
    const body = isObject(message) && isObject(message.createSurface) ? message.createSurface : undefined;
    const components = body?.components;
    if (!body || !isObject(message) || message.version !== this.version || Object.keys(message).length !== 2 || !Array.isArray(components) || !sameHeader(this.madeFrom, body)) {
      this.rollback();
      return apply();
    }
    const scratch = scratchStore(this.store);
    let refused = false;
    scratch.onError(() => (refused = true));
    storeInternals(scratch).surfaces.add(s);
    scratch.process([{ version: this.version, updateComponents: { surfaceId: s.id, components } }]);
    if (refused || s.size !== components.length) {
      this.rollback();
      return apply();
    }
    storeInternals(this.store).notifyInbound(message);
  }

  /**
   * Stages the queued components together, as the store applies a message's components: each
   * parsed (one `JSON.parse` for the group), upgraded by the adapter, checked and turned into its
   * record in order, then the group staged at once and the graph checked once around it. The
   * first component that does not apply stops the staging for the rest of the message: the
   * components before it are staged (unless the graph check of the group fails: then none of
   * the group is), the rest waits for the finished message.
   */
  private stageQueued(): void {
    const texts = this.queue;
    if (!texts.length || this.waiting) return;
    if (this.frozen) {
      this.queue = [];
      return;
    }
    const missing = this.loading();
    if (missing) return this.waitFor(missing);
    this.queue = [];
    let raws = parseAll(texts);
    let whole = raws.length === texts.length;
    if (!raws.length || (!this.surface && !this.start())) {
      this.frozen = true;
      return;
    }
    const s = this.surface!;
    if (this.store.peekSurface(s.id) !== s) {
      this.frozen = true;
      return;
    }
    if (this.adapter) {
      try {
        const up = this.adapter.upgrade({ version: this.version, updateComponents: { surfaceId: s.id, components: raws } }, this.store);
        raws = (up.updateComponents as { components: unknown[] }).components;
      } catch {
        this.frozen = true;
        return;
      }
    }
    const first = this.count;
    const records: ComponentRecord[] = [];
    let added = 0;
    let accepted = 0;
    // A component that needs a piece still loading (a function's code): it and the rest wait for it.
    let loading: Promise<unknown> | undefined;
    for (const raw of raws) {
      const index = first + accepted;
      if (!isObject(raw) || typeof raw.id !== 'string' || this.ids.has(raw.id)) break;
      // A placeholder of an earlier refusal (partialUpdates) is the store's to replace.
      if (s.peekRejection(raw.id) !== undefined) break;
      const previous = s.peek(raw.id);
      if (index + 1 > LIMITS.componentsPerMessage || s.size + added + 1 > LIMITS.componentsPerSurface) break;
      const source = JSON.stringify(raw);
      if (previous?.source !== source) {
        let record: ComponentRecord;
        try {
          record = toComponentRecord(
            raw,
            { surfaceId: s.id, surfaceCatalogId: s.catalogId, catalog: (id) => this.store.catalog(id), path: `/components/${index}`, surfaceVersion: s.version },
            source,
          );
        } catch (e) {
          if (e instanceof LoadPending) {
            loading = e.loading;
            this.queue = texts.slice(accepted);
          }
          break;
        }
        records.push(record);
        if (!previous) added++;
      } // else the store will keep it as it is
      this.ids.add(raw.id);
      accepted++;
    }
    if (accepted < raws.length) whole = false;
    if (records.length) {
      const stage = s.stage(records);
      let fault: unknown;
      try {
        fault = checkTopology(s, records, () => '/components'); // never reported, so no precise path
      } catch (e) {
        fault = e;
      }
      if (fault) {
        stage.undo();
        this.frozen = true;
        return;
      }
      this.stages.push(stage);
      this.pending.push(stage);
      this.newIds += added;
    }
    this.count += accepted;
    if (loading) this.waitFor(loading);
    else if (!whole) this.frozen = true;
  }

  /**
   * What staging must wait for before it can go on as the store would: the messages the store
   * holds (nothing of a later message may show before them), the schema validator, the draft
   * rules of a draft message. Asked up front because making a surface goes through a scratch
   * store, which holds a message instead of throwing LoadPending; a function's code is found out
   * per component (the catch in `stageQueued`). Undefined when nothing is missing.
   */
  private loading(): Promise<unknown> | undefined {
    const internals = storeInternals(this.store);
    if (internals.holds()) return this.store.settled();
    if (!schemaValidator.loaded) return schemaValidator.load();
    if (protocolFor(this.version) === draftAdapter && !draftUpgrader.loaded) return draftUpgrader.load();
    return undefined;
  }

  /**
   * Keeps the queue until `loading` settles, then shows what has closed meanwhile. A failed load
   * stops the staging of this message: the store reports the failure when the message ends.
   */
  private waitFor(loading: Promise<unknown>): void {
    this.waiting = true;
    const generation = this.generation;
    const resume = (ok: boolean): void => {
      if (generation !== this.generation) return;
      this.waiting = false;
      if (!ok) this.frozen = true;
      this.clock = performance.now();
      this.publishSoon();
    };
    loading.then(() => resume(true), () => resume(false));
  }

  /**
   * Shows the staged components now, or when the pace allows (pace.ts): components that
   * close in between are shown together (one render and one layout pass instead of many).
   */
  private publishSoon(): void {
    if (this.publishMs <= 0) return this.publish();
    // A showing earlier in this chunk ended after the chunk began: none of the wait has passed.
    const wait = this.pace.wait(this.closed) - Math.max(0, this.clock - this.shownAt);
    if (wait <= 0) return this.publish();
    // When it fires, the pace is asked again: the stall it measures may have grown meanwhile.
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.clock = performance.now();
      this.publishSoon();
    }, wait);
  }

  private publish(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stageQueued();
    const s = this.surface;
    if (s && this.store.peekSurface(s.id) === s) for (const stage of this.pending) stage.commit();
    this.pending = [];
    this.shownAt = performance.now();
    this.pace.shown(this.count);
  }

  /** Finds or makes the surface to stage into. */
  private start(): boolean {
    const id = this.header.surfaceId;
    const adapter = this.version === '1.0' ? undefined : protocolFor(this.version);
    if ((this.version !== '1.0' && !adapter) || this.tainted || typeof id !== 'string') return false;
    const existing = this.store.peekSurface(id);
    if (this.kind === 'updateComponents') {
      if (!existing || existing.version !== (adapter?.surfaceVersion ?? '1.0')) return false;
      this.surface = existing;
      this.adapter = adapter;
      return true;
    }
    // A v0.9 createSurface carries no components; a draft v1.0 one does.
    if (this.kind !== 'createSurface' || existing || (adapter && !adapter.surfaceVersion.startsWith('1'))) return false;
    const scratch = scratchStore(this.store);
    let refused = false;
    scratch.onError(() => (refused = true));
    this.madeFrom = { ...this.header };
    scratch.process([{ version: this.version, createSurface: this.madeFrom }]);
    const made = scratch.peekSurface(id);
    if (refused || !made) return false;
    storeInternals(this.store).surfaces.add(made);
    this.surface = made;
    this.adapter = adapter;
    this.created = true;
    return true;
  }

  private rollback(): void {
    const s = this.surface;
    if (!s || this.store.peekSurface(s.id) !== s) return;
    if (this.created) storeInternals(this.store).surfaces.remove(s.id);
    else {
      for (let i = this.stages.length - 1; i >= 0; i--) this.stages[i].undo();
      for (const stage of this.stages) stage.commit();
    }
    this.stages = [];
  }

  private reset(): void {
    // Whatever was still pending was shown by the store's commit or by the rollback.
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.shownAt = -Infinity;
    this.pace.reset();
    this.version = undefined;
    this.kind = undefined;
    this.header = {};
    this.madeFrom = {};
    this.surface = undefined;
    this.adapter = undefined;
    this.created = false;
    this.stages = [];
    this.ids = new Set();
    this.closed = 0;
    this.queue = [];
    this.count = 0;
    this.newIds = 0;
    this.frozen = false;
    this.tainted = false;
    this.waiting = false;
    this.generation++;
  }
}

/** A store with the same catalogs and nothing else: a dry run of a message. */
function scratchStore(store: A2uiStore): A2uiStore {
  return new A2uiStore({ withoutBasicCatalog: true, catalogs: store.catalogIds.map((id) => store.catalog(id)!), locale: store.locale, host: store.host });
}

function componentCount(message: unknown, kind: StagedKind): number {
  const body = isObject(message) ? message[kind] : undefined;
  return isObject(body) && Array.isArray(body.components) ? body.components.length : 0;
}

/** The finished body has exactly the header fields the staged surface was made from. */
function sameHeader(header: Record<string, unknown>, body: Record<string, unknown>): boolean {
  const keys = Object.keys(body).filter((k) => k !== 'components');
  if (keys.length !== Object.keys(header).length) return false;
  return keys.every((k) => Object.hasOwn(header, k) && JSON.stringify(header[k]) === JSON.stringify(body[k]));
}

/** The values of `texts` (each one JSON value), parsed in one go; when one is not JSON, those before it. */
function parseAll(texts: string[]): unknown[] {
  try {
    return texts.length === 1 ? [JSON.parse(texts[0])] : (JSON.parse(`[${texts.join(',')}]`) as unknown[]);
  } catch {
    const out: unknown[] = [];
    for (const t of texts) {
      try {
        out.push(JSON.parse(t));
      } catch {
        break;
      }
    }
    return out;
  }
}
