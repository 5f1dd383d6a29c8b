/**
 * A small scripted agent for tests: it answers the renderer's `callAgentFunction` messages over
 * the store's own message interface (`onMessage` out, `process` in), the way a real agent would
 * over a transport. Each function name maps to a script: a value, an error, silence, or a delay.
 */
import type { A2uiStore, CallAgentFunctionMessage } from '../../src/index.ts';

export type Answer =
  | { value: unknown; delayMs?: number }
  | { error: { code: string; message: string }; delayMs?: number }
  | { silent: true }
  | ((call: CallAgentFunctionMessage) => Answer);

export class ScriptedAgent {
  readonly calls: CallAgentFunctionMessage[] = [];
  private readonly off: () => void;

  constructor(
    readonly store: A2uiStore,
    readonly script: Record<string, Answer>,
  ) {
    this.off = store.onMessage((m) => {
      if ('callAgentFunction' in m) this.answer(m.callAgentFunction);
    });
  }

  /** Sends a response for any id (also forged ones). */
  respond(functionCallId: string, payload: { value: unknown } | { error: { code: string; message: string } }): void {
    this.store.process({ version: '1.0', agentFunctionResponse: { functionCallId, ...payload } });
  }

  stop(): void {
    this.off();
  }

  private answer(call: CallAgentFunctionMessage): void {
    this.calls.push(call);
    const scripted = this.script[call.callFunction['@call']];
    const a = typeof scripted === 'function' ? scripted(call) : scripted;
    if (!a || typeof a === 'function' || 'silent' in a) return;
    const payload = 'error' in a ? { error: a.error } : { value: a.value };
    const send = () => this.respond(call.functionCallId, payload);
    // Answer after the current evaluation has returned, as a transport would.
    setTimeout(send, a.delayMs ?? 0);
  }
}
