/**
 * The differential check: the same planned stream, as JSONL text cut into chunks at random points
 * (and exactly where the user types), must end in the same state with the same number of errors
 * as the stream fed message by message.
 */
import { firstDifference } from './report.ts';
import type { HarnessEnv, Violation } from './harness.ts';
import { render, storeState } from './observe.ts';
import { SIBLING_ID, type Plan } from './plan.ts';
import { describe, errorsIn, loadSibling, rig, type, type StoreFactory, type Typed } from './rig.ts';

/** The same stream as JSONL text in chunks: same final state, same number of errors. */
export async function twin(
  plan: Plan,
  env: HarnessEnv,
  expectedState: string,
  expectedErrors: number,
  v: (i: string, d: string) => void,
  create: StoreFactory | undefined,
): Promise<void> {
  const rg = rig(create);
  const violations: Violation[] = [];
  loadSibling(rg, plan, violations);
  render(rg.store, SIBLING_ID);
  const lines = plan.messages.map((m) => (m.wire.kind === 'text' ? m.wire.text : JSON.stringify(m.wire.value)));
  const text = lines.join('\n');
  // Offsets where line k starts (typing happens exactly there), plus the random splits.
  const starts: number[] = [0];
  for (const l of lines) starts.push(starts[starts.length - 1] + l.length + 1);
  const cuts = new Set<number>(plan.splits.map((p) => Math.floor((text.length * p) / 1000)));
  for (const t of plan.typing) cuts.add(Math.min(starts[t.at], text.length));
  cuts.add(text.length);
  const sorted = [...cuts].sort((a, b) => a - b);
  const n0 = rg.out.length;
  const typed: Typed[] = [];
  let typingErrors = 0;
  let pos = 0;
  try {
    for (const cut of sorted) {
      if (cut > pos) rg.store.feed(text.slice(pos, cut));
      pos = Math.max(pos, cut);
      for (const t of plan.typing) if (Math.min(starts[t.at], text.length) === cut && (t.at < lines.length || cut === text.length)) {
        if (t.at === lines.length) rg.store.end();
        const before = rg.out.length;
        type(rg, t, typed, violations, 'jsonl');
        typingErrors += errorsIn(rg.out.slice(before)).length;
      }
    }
    rg.store.end();
  } catch (e) {
    v('no exception reaches the host', `feed()/end() threw ${describe(e)}`);
  }
  for (const x of violations) v(x.invariant, x.detail);
  const errors = errorsIn(rg.out.slice(n0)).length - typingErrors;
  if (errors !== expectedErrors) v('JSONL chunks behave like whole messages', `${errors} errors as JSONL chunks vs ${expectedErrors} as objects`);
  const state = storeState(rg.store);
  if (state !== expectedState) v('JSONL chunks behave like whole messages', firstDifference(expectedState, state));
  try {
    rg.store.dispose();
  } catch (e) {
    v('no exception reaches the host', `dispose() threw ${describe(e)}`);
  }
  await env.drain();
}

