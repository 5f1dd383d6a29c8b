/**
 * Renderer → agent messages, shaped per `renderer_to_agent.json` (version "1.0").
 */
import type { A2uiMetadata } from './component.ts';
import { A2uiWarning, VALIDATION_CODES, type A2uiError } from './errors.ts';

export interface ActionMessage {
  name: string;
  surfaceId: string;
  sourceComponentId: string;
  timestamp: string;
  context: Record<string, unknown>;
  userMessage?: string;
  metadata?: A2uiMetadata;
}

export interface CallAgentFunctionMessage {
  surfaceId: string;
  functionCallId: string;
  callFunction: { '@call': string; catalogId: string; args: Record<string, unknown> };
}

export interface FunctionResponse {
  functionCallId: string;
  value?: unknown;
  error?: { code: string; message: string };
}

export interface ErrorMessage {
  code: string;
  message: string;
  surfaceId?: string;
  path?: string;
  functionCallId?: string;
  /** `warning` for an {@link A2uiWarning}; absent means an error. */
  severity?: 'warning';
}

/** One renderer → agent envelope. */
export type OutboundMessage =
  | { version: string; action: ActionMessage }
  | { version: string; callAgentFunction: CallAgentFunctionMessage }
  | { version: string; rendererFunctionResponse: FunctionResponse }
  | { version: string; error: ErrorMessage };

/** The wire `error` for an {@link A2uiError}. */
export function errorMessage(error: A2uiError, fallbackSurfaceId?: string): ErrorMessage {
  const { surfaceId = fallbackSurfaceId, path, functionCallId } = error.where;
  const out: ErrorMessage = { code: String(error.code), message: error.message };
  // surfaceId and functionCallId are mutually exclusive on the wire; the call id is the sharper one.
  if (functionCallId !== undefined) out.functionCallId = functionCallId;
  else if (surfaceId !== undefined) out.surfaceId = surfaceId;
  // The generic error form has no `path`; the validation form requires one.
  if (VALIDATION_CODES.has(out.code)) out.path = path ?? '/';
  // A warning is a generic error (which allows more properties): it says what it is and where.
  else if (error instanceof A2uiWarning) {
    out.severity = 'warning';
    if (path !== undefined) out.path = path;
  }
  return out;
}
