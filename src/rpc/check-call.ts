/**
 * Argument and result checks of declared functions: arguments against the `args` schema (with
 * defaults applied) before a call runs or is sent (check-args.ts, which arrives with the schema
 * validator); an agent's answer against `returnType` before anyone sees it. Client-controlled input
 * is never trusted blindly.
 */
import type { Catalog, FunctionDeclaration } from '../catalog/catalog.ts';
import { isValidationResult } from '../coerce.ts';
import { FunctionCallError } from '../errors.ts';
import type { AgentCallRequest } from '../evaluate.ts';
import { isObject } from '../json.ts';
import { schemaValidator } from '../schema/validate.ts';

/**
 * Coerces a call's arguments as the declared schema asks, checks them against it and applies its
 * defaults (check-args.ts). Synchronous once the schema validator has arrived, which is always so for a call a component
 * makes (a component waits for the validator); a call before it (`store.execute`, an agent's
 * `callRendererFunction`) gets a Promise and runs once it is there, or fails (EXECUTION_ERROR)
 * when it cannot be loaded.
 */
export function checkArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): Record<string, unknown> | Promise<Record<string, unknown>> {
  return schemaValidator.with((m) => m.checkArgs(catalog, declaration, args));
}

/**
 * Before a call is sent to the agent, its resolved arguments must satisfy the declared schema
 * (check-args.ts). A Promise when they wait for the schema validator or its explanation.
 */
export function checkAgentArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): void | Promise<void> {
  return schemaValidator.with((m) => m.checkAgentArgs(catalog, declaration, args)) as void | Promise<void>;
}

const TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  array: Array.isArray,
  object: isObject,
  validationResult: isValidationResult,
  void: () => true,
  any: () => true,
};

/** Checks an agent's returned value against the declared `returnType`. */
export function checkReturn(request: AgentCallRequest, value: unknown): unknown {
  const type = request.declaration?.returnType ?? 'any';
  const ok = TYPE_CHECKS[type] ?? TYPE_CHECKS.any;
  if (!ok(value)) {
    throw new FunctionCallError('EXECUTION_ERROR', `Agent function '${request.name}' returned a value that is not of type ${type}`);
  }
  return type === 'void' ? null : value;
}
