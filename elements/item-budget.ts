/**
 * How many template items a surface renders, all lists together. One list stops at
 * `MAX_TEMPLATE_ITEMS` (src), but lists inside template items multiply, and an agent can declare
 * many lists over one long array: without a bound per surface a few messages could ask for
 * millions of elements. Each child list (render-child.ts) claims its items here before rendering
 * them and gives them back when it renders fewer or leaves the page; a list that finds the budget
 * spent renders what is left (its first items) and the agent is told once.
 *
 * @module
 */
import type { Surface } from '../src/index.ts';

/** Per surface: what each list holds, the total, and the lists that got fewer than they asked. */
interface Ledger {
  total: number;
  readonly held: Map<object, number>;
  /** Lists cut short, with how to ask them to render again when items are given back. */
  readonly short: Map<object, () => void>;
  reported: boolean;
}

const ledgers = new WeakMap<Surface, Ledger>();

/** What a list does about its claim: told once on the first cut, asked again when items free up. */
export interface ClaimHooks {
  overflow(limit: number): void;
  retry(): void;
}

export const ItemBudget = {
  /** Template items rendered per surface at most (all lists together). */
  perSurface: 50_000,

  /**
   * Claims `wanted` items for `holder` (its earlier claim on the surface counts as its own) and
   * returns how many it may render.
   */
  claim(surface: Surface, holder: object, wanted: number, hooks: ClaimHooks): number {
    let ledger = ledgers.get(surface);
    if (!ledger) ledgers.set(surface, (ledger = { total: 0, held: new Map(), short: new Map(), reported: false }));
    const mine = ledger.held.get(holder) ?? 0;
    const granted = Math.max(0, Math.min(wanted, ItemBudget.perSurface - (ledger.total - mine)));
    settle(ledger, holder, granted);
    if (granted < wanted) {
      ledger.short.set(holder, hooks.retry);
      if (!ledger.reported) {
        ledger.reported = true;
        hooks.overflow(ItemBudget.perSurface);
      }
    } else ledger.short.delete(holder);
    return granted;
  },

  /** Gives back everything `holder` claimed on `surface`. */
  release(surface: Surface, holder: object): void {
    const ledger = ledgers.get(surface);
    if (!ledger) return;
    ledger.short.delete(holder);
    settle(ledger, holder, 0);
    // An empty ledger goes at once: the WeakMap's table then stays as small as the surfaces
    // showing lists, instead of growing with every surface made between two full GCs.
    if (!ledger.total && !ledger.short.size && !ledger.reported) ledgers.delete(surface);
  },
};

/** Sets what `holder` holds; when that frees items, the lists cut short are asked to render again. */
function settle(ledger: Ledger, holder: object, amount: number): void {
  const mine = ledger.held.get(holder) ?? 0;
  ledger.total += amount - mine;
  if (amount) ledger.held.set(holder, amount);
  else ledger.held.delete(holder);
  if (amount < mine && ledger.short.size) {
    const waiting = [...ledger.short].filter(([h]) => h !== holder).map(([, retry]) => retry);
    queueMicrotask(() => waiting.forEach((retry) => retry()));
  }
}
