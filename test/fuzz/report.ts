/** Human-readable failure reports: the violations and the stream that caused them. */
import { canonical } from './json.ts';
import type { Violation } from './harness.ts';
import type { Plan } from './plan.ts';

/** The violations, then the stream (each message abbreviated), the typing and the sibling seed. */
export function formatFailure(plan: Plan, violations: readonly Violation[], width = 400): string {
  const lines = violations.map((x) => `✗ ${x.invariant}${x.at !== undefined ? ` (message ${x.at})` : ''}\n    ${x.detail}`);
  lines.push(`stream (${plan.messages.length} messages, pristine until ${plan.pristineUntil}; sibling ${plan.sibling.name}):`);
  plan.messages.forEach((m, i) => {
    const text = m.wire.kind === 'text' ? `TEXT ${JSON.stringify(m.wire.text)}` : canonical(m.wire.value, 30);
    lines.push(`  ${i} [${m.note}] ${text.length > width ? text.slice(0, width) + `… (${text.length} chars)` : text}`);
  });
  for (const t of plan.typing) lines.push(`  typing before ${t.at}: field #${t.field} ← ${JSON.stringify(t.text.slice(0, 60))}`);
  if (plan.responses.length) lines.push(`  responses: ${JSON.stringify(plan.responses).slice(0, 300)}`);
  return lines.join('\n');
}

/** Where two texts first differ, with some context on both sides. */
export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `differs at ${i}:\n  before …${a.slice(Math.max(0, i - 60), i + 140)}\n  after  …${b.slice(Math.max(0, i - 60), i + 140)}`;
}
