/**
 * Rendering child components: keyed, with one `ComponentNode` per key.
 *
 * **Key rule.** Children are keyed by `ChildEntry.key`: a static child by its component id, a
 * template item by the item's `id` field, else its `key` field (string or number), else its index
 * (`#3`); repeated keys get a `~n` suffix. The element of a key moves when the item moves (and
 * only the elements out of order move: keyed-nodes.ts), so focus, caret, scroll position and media
 * playback follow the item, not the index. Give
 * template items an `id` when they can be inserted, removed or reordered.
 *
 * **Fine-grained.** The parent reads by value (`host.read`, reactive/watch.ts) only the child list
 * and a small computed per component id (its tag name; the items of a template share one). So a
 * child's definition update re-renders the child alone, an edit inside a template item does not
 * re-render the list, and the parent re-renders only when
 * the list changes or a child arrives (placeholder → element) or changes type. Each child is
 * rendered as its element itself (one per child and tag), and a template item that moved keeps its
 * node: its scope takes the new index (`ItemScope.moveTo`).
 *
 * **Bounded.** Template items count against the surface's {@link ItemBudget}.
 *
 * **Farewells.** A dropped child whose element has a `beforeRemove` (farewell.ts) stays in its
 * place until that settles.
 *
 * @module
 */
import { nothing, render } from 'lit';
import { Signal } from 'signal-polyfill';
import { ComponentNode, ExpressionError, ItemScope, type ChildEntry, type Scope } from '../src/index.ts';
import { ItemBudget } from './item-budget.ts';
import { PLACEHOLDER_TAG, tagFor, UNKNOWN_TAG } from './registry.ts';
import { readyTag } from './lazy-elements.ts';
import { createElementFor } from './element-registry.ts';
import { anyFarewells, farewellHooks, sayFarewell } from './farewell.ts';
import { createChild, renderAfterParent, type ReactiveHost } from './reactive/index.ts';
import { keyedNodes } from './keyed-nodes.ts';

/** Where children live: the parent's store and surface. */
type Parent = Pick<ComponentNode, 'store' | 'surface'>;

/**
 * Decorates each rendered child (a list item, a tab panel): it returns the element to place, the
 * child's own or one around it (`nothing`: no place yet). The children are placed as these
 * elements themselves, with no Lit part each (keyed-nodes.ts). Any other value (a template: a
 * tab panel) renders inside a `display: contents` element of its own, kept with the key.
 */
export type Wrap = (child: unknown, entry: ChildEntry, index: number) => unknown;

/** The element tag for a child's current type; `undefined` until the child arrives. */
type TagSignal = Signal.Computed<string | undefined>;

/** One child as mounted: its node, the tag its type renders as, and its element. */
interface MountedChild {
  readonly node: ComponentNode;
  /** Shared by the children of one component id (see tagSignal). */
  readonly tag: TagSignal;
  /** The child's element, made once per tag (Lit inserts a node value as it is). */
  element?: ChildElement;
}

type ChildElement = HTMLElement & { node?: ComponentNode; treeParent?: ReactiveHost };

/** A child the agent dropped, kept while it says goodbye: the mounted child, its entry, the key it followed. */
interface Leaving {
  readonly child: MountedChild;
  readonly entry: ChildEntry;
  readonly after: string | undefined;
}

/** Keeps the child nodes of one child position of an element across renders. */
export class Children {
  private mounted = new Map<string, MountedChild>();
  /** The tag computeds of the last render by component id, and the surface they belong to. */
  private tags = new Map<string, TagSignal>();
  private tagsOf: Parent['surface'] | undefined;
  /** What the last render showed, in order (leaving children included). */
  private shown: readonly ChildEntry[] = [];
  private readonly leaving = new Map<string, Leaving>();
  private list: { node: ComponentNode; prop: string; entries: Signal.Computed<ChildEntry[]> } | undefined;

  /** The elements holding what a wrap returned that is not a node, by key (see render). */
  private holders: Map<string, HTMLElement> | undefined;

  /** The surface this list holds template items of (item-budget.ts). */
  private claimed: Parent['surface'] | undefined;
  /** The host releases the items when it leaves the page. */
  private hooked = false;

  /** `host`: the element rendering these children (their parent in the A2UI tree). */
  constructor(private readonly host: ReactiveHost) {}

  /** Renders the ChildList or Child property `prop` of `node`. */
  renderProp(node: ComponentNode, prop: string, wrap?: Wrap): unknown {
    if (this.list?.node !== node || this.list.prop !== prop) {
      this.list = { node, prop, entries: new Signal.Computed(() => node.childList(prop)) };
    }
    return this.render(node, this.host.read(this.list.entries), wrap);
  }

  /** Renders `entries` (built by the caller) keyed by `entry.key`. */
  render(parent: Parent, all: readonly ChildEntry[], wrap?: Wrap): unknown {
    const entries = this.withinBudget(parent, all);
    const previous = this.mounted;
    const mounted = this.update(parent, entries);
    this.startFarewells(previous, mounted);
    const shown = (this.shown = this.withLeaving(entries));
    // Wrappers get the child's index among `entries`; a leaving child gets -1.
    const index = shown === entries ? undefined : new Map(entries.map((e, i) => [e.key, i]));
    const nodes: Node[] = [];
    const holders = this.holders;
    this.holders = undefined;
    for (let i = 0; i < shown.length; i++) {
      const e = shown[i];
      const child = this.renderMounted(mounted.get(e.key) ?? this.leaving.get(e.key)!.child);
      const value = wrap ? wrap(child, e, index ? (index.get(e.key) ?? -1) : i) : child;
      if (value instanceof Node) nodes.push(value);
      // A child that has not arrived (`nothing`) takes no place yet; anything else a wrap made (a
      // template: a tab panel) renders in an element of its own that draws no box.
      else if (value !== nothing && value != null) nodes.push(this.holder(e.key, value, holders));
    }
    return keyedNodes(nodes);
  }

  /** The element showing `value` for `key`, kept across renders like a child's element. */
  private holder(key: string, value: unknown, last: Map<string, HTMLElement> | undefined): HTMLElement {
    let holder = last?.get(key);
    if (!holder) {
      holder = document.createElement('div');
      holder.style.display = 'contents';
    }
    (this.holders ??= new Map()).set(key, holder);
    render(value, holder, { host: this.host });
    return holder;
  }

  /**
   * Children the last render dropped whose elements have a farewell to say (farewell.ts) stay,
   * where they were, until it settles; then the host renders again without them.
   */
  private startFarewells(previous: Map<string, MountedChild>, next: Map<string, MountedChild>): void {
    if (!anyFarewells() && !this.leaving.size) return;
    for (const key of this.leaving.keys()) if (next.has(key)) this.leaving.delete(key); // back: the new child wins
    let after: string | undefined;
    for (const e of this.shown) {
      const el = previous.get(e.key)?.element;
      if (el?.isConnected && !next.has(e.key)) {
        const hooks = farewellHooks(el);
        if (hooks.length) {
          const leaving: Leaving = { child: previous.get(e.key)!, entry: e, after };
          this.leaving.set(e.key, leaving);
          void sayFarewell(hooks).then(() => {
            if (this.leaving.get(e.key) !== leaving) return;
            this.leaving.delete(e.key);
            this.host.requestUpdate();
          });
        }
      }
      after = e.key;
    }
  }

  /** `entries` with the leaving children put back after the child they followed. */
  private withLeaving(entries: readonly ChildEntry[]): readonly ChildEntry[] {
    if (!this.leaving.size) return entries;
    const out = [...entries];
    for (const { entry, after } of this.leaving.values()) {
      out.splice(after === undefined ? 0 : out.findIndex((e) => e.key === after) + 1, 0, entry);
    }
    return out;
  }

  /** `entries` with no more template items than the surface's budget leaves this list. */
  private withinBudget(parent: Parent, entries: readonly ChildEntry[]): readonly ChildEntry[] {
    if (this.claimed && this.claimed !== parent.surface) this.releaseItems();
    let items = 0;
    for (const e of entries) if (e.item) items++;
    if (!items && !this.claimed) return entries;
    const surfaceId = parent.surface.id;
    if (!this.hooked) {
      this.hooked = true;
      this.host.whenDropped(() => this.releaseItems());
    }
    this.claimed = parent.surface;
    const granted = ItemBudget.claim(parent.surface, this, items, {
      overflow: (limit) =>
        parent.store.report(new ExpressionError(`Surface '${surfaceId}' renders at most ${limit} template items (all lists together); the rest are not shown`, { surfaceId }), surfaceId),
      retry: () => this.host.requestUpdate(),
    });
    if (granted === items) return entries;
    let left = granted;
    return entries.filter((e) => !e.item || left-- > 0);
  }

  private releaseItems(): void {
    if (this.claimed) ItemBudget.release(this.claimed, this);
    this.claimed = undefined;
  }

  /** Keys of the children of the last render, in order. */
  keys(): string[] {
    return [...this.mounted.keys()];
  }

  /** The tag rendered for `key`; `undefined` while that child has not arrived. */
  tag(key: string): string | undefined {
    const child = this.mounted.get(key);
    return child && this.host.read(child.tag);
  }

  private update(parent: Parent, entries: readonly ChildEntry[]): Map<string, MountedChild> {
    const next = new Map<string, MountedChild>();
    // The tag computeds of this render, by component id: the items of a template share one.
    const tags = new Map<string, TagSignal>();
    const kept = this.tagsOf === parent.surface ? this.tags : undefined;
    // Untracked: the parent's render must not depend on its children's scopes.
    Signal.subtle.untrack(() => {
      for (const e of entries) {
        let child = this.mounted.get(e.key);
        // The element keeps its node while the id stays; an item that moved takes its new index along.
        if (!child || child.node.id !== e.id || child.node.surface !== parent.surface || !sameScope(child.node.context.scope, e.context.scope)) {
          const node = new ComponentNode(parent.store, parent.surface, e.id, e.context);
          child = { node, tag: tags.get(e.id) ?? kept?.get(e.id) ?? tagSignal(node) };
        }
        tags.set(e.id, child.tag);
        next.set(e.key, child);
      }
    });
    this.mounted = next;
    this.tags = tags;
    this.tagsOf = parent.surface;
    return next;
  }

  private renderMounted(child: MountedChild): unknown {
    const tag = this.host.read(child.tag);
    if (tag === undefined) return nothing;
    // The element itself as the part's value: no template to clone or look up per child.
    let el = child.element;
    if (el?.localName !== tag) {
      el = child.element = createChild(tag, (t) => createElementFor(this.host, t)) as ChildElement;
      // Parents first (reactive/): an A2UI element learns which element rendered it.
      el.node = child.node;
      if ('treeParent' in el) {
        el.treeParent = this.host;
        renderAfterParent(el as unknown as ReactiveHost);
      }
    }
    return el;
  }
}

/** True when `mine` is (or has moved to) `wanted`: the same scope, or an item scope of the same list. */
function sameScope(mine: Scope, wanted: Scope): boolean {
  return mine === wanted || mine.base === wanted.base || (mine instanceof ItemScope && mine.moveTo(wanted));
}

/**
 * The element tag for the type of component `node.id` (reactive). It depends on the surface and
 * the id only, so every node of that id in one child list (the items of a template) shares it.
 */
function tagSignal(node: ComponentNode): TagSignal {
  return new Signal.Computed(() => {
    const record = node.record;
    if (record) {
      const tag = tagFor(record.catalog.id, record.type);
      // An element defined on first use shows the placeholder until it arrives (lazy-elements.ts).
      return tag ? readyTag(tag, node) : UNKNOWN_TAG;
    }
    // A definition the store refused (partialUpdates) shows a placeholder until a valid one comes.
    return node.surface.rejection(node.id) ? PLACEHOLDER_TAG : undefined;
  });
}
