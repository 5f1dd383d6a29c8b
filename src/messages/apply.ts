/**
 * Applies one agent → renderer envelope to a store, through its {@link MessageContext}. Envelope
 * rules: an object with `version` "1.0" (or a version a protocol adapter takes: draft "v1.0"
 * always, v0.9 once enabled) and exactly one message key. Each handler validates everything
 * before it changes anything, so a rejected message leaves no trace.
 */
import { ValidationError } from '../errors.ts';
import { isObject, show } from '../json.ts';
import { draftAdapter } from '../draft/adapter.ts';
import { protocolFor, registerProtocol, type ProtocolAdapter } from '../protocols.ts';
import type { MessageContext } from './context.ts';
import { rpcFor } from '../rpc/on-demand.ts';
import { createSurface, deleteSurface, updateComponents, updateDataModel } from './surface-messages.ts';

const HANDLERS = {
  createSurface,
  updateComponents,
  updateDataModel,
  deleteSurface,
  // Their code loads with the first of them (or the first call to the agent): until then the store holds the message.
  callRendererFunction: (ctx: MessageContext, body: Record<string, unknown>, version: string) => rpcFor(body).callRendererFunction(ctx, body, version),
  agentFunctionResponse: (ctx: MessageContext, body: Record<string, unknown>) => rpcFor(body).agentFunctionResponse(ctx, body),
} as const;

type MessageKey = keyof typeof HANDLERS;

// Draft v1.0 (`"version": "v1.0"`) is accepted by default: it is what today's models emit.
registerProtocol(draftAdapter);

/** Messages of older protocol versions, refused by name with a clear error. */
const OLD_MESSAGES = new Set(['beginRendering', 'surfaceUpdate', 'dataModelUpdate', 'callFunction', 'functionResponse']);

export function applyMessage(ctx: MessageContext, message: unknown): void {
  if (!isObject(message)) throw new ValidationError('A message must be a JSON object');
  const adapter = protocolFor(message.version);
  if (adapter) return applyVersion(ctx, adapter, message);
  applyV1(ctx, message, '1.0');
}

/** Applies an envelope of another protocol version through its adapter. */
function applyVersion(ctx: MessageContext, adapter: ProtocolAdapter, message: Record<string, unknown>): void {
  const upgraded = adapter.upgrade(message, ctx.protocolHost);
  applyV1(ctx, upgraded, adapter.surfaceVersion);
}

function applyV1(ctx: MessageContext, message: Record<string, unknown>, surfaceVersion: string): void {
  const keys = Object.keys(message).filter((k) => k !== 'version');
  const surfaceId = surfaceIdOf(message, keys);
  const where = { surfaceId, path: '/' };
  if (!Object.hasOwn(message, 'version')) throw new ValidationError('Missing required version field', where);
  if (message.version !== '1.0') throw new ValidationError(unsupportedVersion(message.version), { ...where, path: '/version' });
  const known = keys.filter((k): k is MessageKey => Object.hasOwn(HANDLERS, k));
  if (known.length > 1) throw new ValidationError('Message contains multiple conflicting update actions', where);
  const unknown = keys.find((k) => !Object.hasOwn(HANDLERS, k));
  if (unknown !== undefined) {
    const why = OLD_MESSAGES.has(unknown) ? `action '${unknown}' is not supported in protocol version v1.0` : `Unknown message '${unknown}'`;
    throw new ValidationError(why, { ...where, path: `/${unknown}` });
  }
  if (known.length === 0) throw new ValidationError('Message has no message key', where);
  const key = known[0];
  const body = message[key];
  if (!isObject(body)) throw new ValidationError(`${key} must be an object`, { ...where, path: `/${key}` });
  if (key !== 'createSurface' && typeof body.surfaceId === 'string') {
    const existing = ctx.surfaces.peek(body.surfaceId);
    if (existing && existing.version !== surfaceVersion) {
      throw new ValidationError(`Surface '${body.surfaceId}' speaks version ${existing.version}; this message is version ${surfaceVersion}`, { surfaceId: body.surfaceId, path: '/version' });
    }
  }
  HANDLERS[key](ctx, body, surfaceVersion);
}

/** The refusal of a version no adapter takes, naming the fix where there is one. */
function unsupportedVersion(version: unknown): string {
  const text = `Unsupported protocol version '${show(version)}'`;
  const v = typeof version === 'string' ? version.replace(/^v/, '') : '';
  if (/^0\.9(\.|$)/.test(v)) return `${text}: call enableV09(store), from 'a2ui-elements/v09'`;
  if (/^0\.8(\.|$)/.test(v)) return `${text}: v0.8 is not supported`;
  return text;
}

function surfaceIdOf(message: Record<string, unknown>, keys: string[]): string | undefined {
  for (const k of keys) {
    const body = message[k];
    if (isObject(body) && typeof body.surfaceId === 'string') return body.surfaceId;
  }
  return undefined;
}
