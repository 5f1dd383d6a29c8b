/**
 * Outbound messages about v0.9 surfaces, in the shapes of v0.9 `client_to_server.json`:
 * `{"version": "v0.9", "action": {name, surfaceId, sourceComponentId, timestamp, context}}` and
 * `{"version": "v0.9", "error": …}`, where a `VALIDATION_FAILED` error has exactly `code`,
 * `surfaceId`, `path` and `message`, and any other error has `code`, `surfaceId` and `message`.
 * v1.0-only messages (`callAgentFunction`, `rendererFunctionResponse`) are dropped.
 */
import { VALIDATION_CODES } from '../errors.ts';
import type { ErrorMessage, OutboundMessage } from '../outbound.ts';

/** The version outbound v0.9 messages carry (valid for v0.9 and v0.9.1 agents alike). */
export const V09_WIRE_VERSION = 'v0.9';

/** The v0.9 form of an outbound v1.0 message, or undefined when v0.9 has no such message. */
export function downgradeMessage(message: OutboundMessage): OutboundMessage | undefined {
  if ('action' in message) {
    const { name, surfaceId, sourceComponentId, timestamp, context } = message.action;
    return { version: V09_WIRE_VERSION, action: { name, surfaceId, sourceComponentId, timestamp, context } };
  }
  if ('error' in message) return { version: V09_WIRE_VERSION, error: downgradeError(message.error) };
  return undefined;
}

/** A v1.0 `error` body in v0.9 form. `surfaceId` is required in v0.9; an error about no surface gets `""`. */
export function downgradeError(error: ErrorMessage): ErrorMessage {
  const surfaceId = error.surfaceId ?? '';
  if (VALIDATION_CODES.has(error.code)) {
    return { code: 'VALIDATION_FAILED', surfaceId, path: error.path ?? '/', message: error.message };
  }
  const out: ErrorMessage = { code: error.code, surfaceId, message: error.message };
  if (error.path !== undefined) out.path = error.path;
  return out;
}
