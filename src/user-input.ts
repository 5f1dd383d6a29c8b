/**
 * What a user does through a component, as the store reports it to `onUserInput` listeners (the
 * session recorder): a two-way binding write, or a component's action run as a gesture. Each
 * names the component and its template scope, so a replay can repeat it through the same code.
 */
import { ItemScope, type Scope } from './scope.ts';

/** One template level a component instance sits in: item `index` of the array at `list`. */
export interface ScopeStep {
  list: string;
  index: number;
}

/** Where an input happened: the surface, the component id and its template scope (outermost first). */
export interface InputSite {
  surfaceId: string;
  componentId: string;
  scope: ScopeStep[];
}

/** A user's input through a component. */
export type UserInput =
  | (InputSite & { type: 'write'; property: string; path: string; value: unknown })
  | (InputSite & { type: 'act'; action?: unknown });

/** The template steps of `scope`, outermost first (empty at the root). */
export function scopeSteps(scope: Scope): ScopeStep[] {
  const steps: ScopeStep[] = [];
  for (let s: Scope | undefined = scope; s instanceof ItemScope; s = s.parent) {
    const base = s.base;
    steps.unshift({ list: base.slice(0, base.lastIndexOf('/')), index: s.index });
  }
  return steps;
}
