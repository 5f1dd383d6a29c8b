/**
 * Function calls between the renderer and the agent, loaded on first use (the script-tag build's
 * `a2ui-function-calls.js`): the pending-call table of renderer → agent calls, and the handlers of
 * `callRendererFunction` and `agentFunctionResponse`. on-demand.ts is their front.
 *
 * @module
 */
export { AgentCalls, type AgentCallOptions } from './agent-calls.ts';
export { agentFunctionResponse, callRendererFunction } from '../messages/rpc.ts';
