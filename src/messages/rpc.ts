/**
 * callRendererFunction (agent → renderer) and agentFunctionResponse (settles renderer → agent calls).
 * Loaded on first use with the pending-call table (rpc/index.ts); apply.ts routes to them through
 * rpc/on-demand.ts.
 */
import { A2uiError, FunctionCallError } from '../errors.ts';
import { isObject, show } from '../json.ts';
import { protocolOfSurface } from '../protocols.ts';
import type { MessageContext } from './context.ts';

export function callRendererFunction(ctx: MessageContext, body: Record<string, unknown>, version = '1.0'): void {
  const id = body.functionCallId;
  if (typeof id !== 'string' || id === '') {
    throw new FunctionCallError('INVALID_FUNCTION_CALL', 'Malformed callRendererFunction payload: functionCallId is required');
  }
  const malformed = (why: string) => new FunctionCallError('INVALID_FUNCTION_CALL', `Malformed callRendererFunction payload: ${why}`, { functionCallId: id });
  const call = body.callFunction;
  if (!isObject(call) || typeof call['@call'] !== 'string') throw malformed('callFunction with "@call" is required');
  if (typeof call.catalogId !== 'string') throw malformed('callFunction.catalogId is required');
  for (const k of Object.keys(body)) {
    if (!['functionCallId', 'callFunction', 'surfaceId'].includes(k)) throw malformed(`unknown property '${k}'`);
  }
  // Answered in the form of the request (a draft call gets a draft response).
  const protocol = version === '1.0' ? null : (protocolOfSurface(version) ?? null);
  const respond = (result: { value: unknown } | { error: { code: string; message: string } }) =>
    ctx.outbox.emit({ version: '1.0', rendererFunctionResponse: { functionCallId: id, ...result } }, undefined, protocol);
  const fail = (code: string, message: string) => respond({ error: { code, message } });

  if (body.surfaceId !== undefined && (typeof body.surfaceId !== 'string' || !ctx.surfaces.peek(body.surfaceId))) {
    return fail('INVALID_FUNCTION_CALL', `Unknown surface '${show(body.surfaceId)}'`);
  }
  const name = call['@call'];
  const catalog = ctx.catalog(call.catalogId);
  if (!catalog) return fail('INVALID_FUNCTION_CALL', `Catalog not found: ${call.catalogId}`);
  if (!name.startsWith('@')) {
    const decl = catalog.function(name);
    if (!decl?.implementation) return fail('INVALID_FUNCTION_CALL', `Function not found: ${name} (catalog '${catalog.id}')`);
    if (decl.allowedCallers === 'rendererOnly') {
      return fail('INVALID_FUNCTION_CALL', `Function '${name}' cannot be called by agent (allowedCallers is rendererOnly)`);
    }
    if (decl.requiresUserActivation) return fail('INVALID_FUNCTION_CALL', `Function '${name}' requires user activation`);
  }
  const data = ctx.dataContext(body.surfaceId as string | undefined)!;
  let result: unknown;
  try {
    result = data.evaluate(call, { kind: 'agent', userActivated: false });
  } catch (e) {
    return fail(...codeOf(e));
  }
  // Async bodies settle later; later messages are not blocked.
  Promise.resolve(result).then(
    (value) => respond({ value: value === undefined ? null : value }),
    (e) => fail(...codeOf(e)),
  );
}

/** Wire code of a failed call: a check that refused it is INVALID_FUNCTION_CALL, a body that failed EXECUTION_ERROR. */
function codeOf(e: unknown): [string, string] {
  if (!(e instanceof A2uiError)) return ['EXECUTION_ERROR', String(e)];
  const code = e.code === 'VALIDATION_FAILED' ? 'INVALID_FUNCTION_CALL' : e.code === 'EXPRESSION_ERROR' ? 'EXECUTION_ERROR' : String(e.code);
  return [code, e.message];
}

export function agentFunctionResponse(ctx: MessageContext, body: Record<string, unknown>): void {
  const id = body.functionCallId;
  if (typeof id !== 'string') throw new FunctionCallError('INVALID_FUNCTION_CALL', 'agentFunctionResponse requires a functionCallId');
  const hasValue = Object.hasOwn(body, 'value');
  const hasError = Object.hasOwn(body, 'error');
  if (hasValue === hasError) {
    throw new FunctionCallError('INVALID_FUNCTION_CALL', 'agentFunctionResponse must carry exactly one of value and error', { functionCallId: id });
  }
  ctx.agentCalls().settle({ functionCallId: id, value: body.value, error: body.error as { code: string; message: string } | undefined });
}
