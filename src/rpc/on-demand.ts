/**
 * The front of the function calls with the agent (index.ts), which load on first use: with the
 * first call of an agent function, the first `callRendererFunction` or `agentFunctionResponse`,
 * or, ahead of them, when a catalog declaring an agent function is registered.
 *
 * An agent's message that needs them is held by the store until they arrive (`LoadPending`, with
 * the messages after it, in order); a failed load refuses it with an EXECUTION_ERROR naming its
 * `functionCallId`. A renderer → agent call made before they arrive is sent once they are there,
 * and what the store sends the agent meanwhile goes out after it (Outbox.after), so the agent
 * sees the renderer's messages in the order they were made; a failed load rejects that call.
 */
import { A2uiError, FunctionCallError } from '../errors.ts';
import { lazyModule } from '../lazy.ts';

/** The function calls with the agent (rpc/index.ts), loaded on first use. */
export const functionCallHandlers = lazyModule('the function calls with the agent', () => import('./index.ts'));

/** What a host sees of the renderer → agent calls in flight (`store.agentCalls`). */
export interface PendingAgentCalls {
  /** Ids of the calls still waiting (for the inspector and tests). */
  readonly pendingIds: string[];
  /** Cancels one call: it rejects with CANCELLED. */
  cancel(id: string): void;
}

/** The calls in flight before the first one: none. */
export const NO_AGENT_CALLS: PendingAgentCalls = {
  get pendingIds() {
    return [];
  },
  cancel() {},
};

/**
 * The module for the handler of an agent's call or response `body`.
 * @throws LoadPending while it loads; inside `afterFailedLoad`, that load's EXECUTION_ERROR for the body's call.
 */
export function rpcFor(body: Record<string, unknown>): typeof import('./index.ts') {
  try {
    return functionCallHandlers.need();
  } catch (e) {
    const functionCallId = body.functionCallId;
    throw e instanceof A2uiError && typeof functionCallId === 'string' ? new FunctionCallError(e.code, e.message, { functionCallId }) : e;
  }
}
