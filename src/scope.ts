/**
 * Template scopes: where relative paths resolve (`base`) and what `@index` is. The root scope is
 * fixed; a template item's scope can move — when its item moves in the array (a keyed insert,
 * removal or reorder), the same scope takes the new index, so the item's component nodes,
 * bindings and elements are kept and only what actually reads the index re-evaluates.
 *
 * @module
 */
import { Signal } from 'signal-polyfill';
import { MAX_POINTER_LENGTH, parsePointer } from './json-pointer.ts';

/** A template scope: where relative paths resolve, and the item index for `@index`. */
export interface Scope {
  /** Absolute JSON pointer relative paths resolve against (reactive for an item scope). */
  readonly base: string;
  /** The item index (reactive for an item scope); `undefined` outside templates. */
  readonly index: number | undefined;
  readonly parent: Scope | undefined;
}

export const ROOT_SCOPE: Scope = Object.freeze({ base: '/', index: undefined, parent: undefined });

/** Where an item scope is: its list's pointer, its index, and (made on first use) its segments. */
interface Position {
  readonly list: string;
  readonly base: string;
  readonly index: number;
  segments?: readonly string[];
}

/** The scope of one template item; {@link ItemScope.moveTo} follows the item to a new index. */
export class ItemScope implements Scope {
  /** Where the item is: its list's pointer, its index, and (parsed on first use) its segments. */
  readonly #at: Signal.State<Position>;

  /** The scope of item `index` of the array at `list` (an absolute pointer without trailing slash). */
  constructor(
    list: string,
    index: number,
    readonly parent: Scope,
  ) {
    this.#at = new Signal.State({ list, base: `${list}/${index}`, index });
  }

  get base(): string {
    return this.#at.get().base;
  }

  get index(): number {
    return this.#at.get().index;
  }

  /**
   * The segments of relative `path` in this scope (reactive), for `DataModel.get`: the base is
   * parsed once per position and the few distinct relative paths hit the pointer cache, where
   * absolute item paths (thousands in a long list) would each be parsed again.
   */
  resolve(path: string): readonly string[] {
    const at = this.#at.get();
    // The list's pointer is one of few (a cache hit); the index is appended, not parsed.
    const base = (at.segments ??= parsePointer(at.list).concat(String(at.index)));
    if (path === '' || path === '.') return base;
    if (at.base.length + path.length >= MAX_POINTER_LENGTH) return parsePointer(at.base + '/' + path);
    return base.concat(parsePointer(path));
  }

  /**
   * Moves this scope to where `other` (a scope of the same template list) is. Returns false, and
   * changes nothing, when `other` belongs to another list. Safe to call during a render.
   */
  moveTo(other: Scope): boolean {
    if (!(other instanceof ItemScope) || other.parent !== this.parent) return false;
    Signal.subtle.untrack(() => {
      const to = other.#at.get();
      const at = this.#at.get();
      if (to.base !== at.base || to.index !== at.index) this.#at.set(to);
    });
    return true;
  }
}
