/**
 * Argument checks of declared functions: arguments against the `args` schema (with defaults
 * applied) before a call runs or is sent. Client-controlled input is never trusted blindly. It
 * arrives with the schema validator (validation.ts); the store reaches it through check-call.ts.
 */
import type { Catalog, FunctionDeclaration } from '../catalog/catalog.ts';
import { contextOf, validateAgainst } from '../catalog-schemas.ts';
import { FunctionCallError } from '../errors.ts';
import { isObject } from '../json.ts';
import { afterFailedLoad, LoadPending } from '../lazy.ts';
import { applyDefaults } from '../schema/defaults.ts';

/** Applies argument defaults. Dynamic positions were checked statically; values are the function's to judge. */
export function checkArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): Record<string, unknown> {
  if (!declaration.argsSchema) return args;
  const props = declaration.argsSchema.properties;
  if (isObject(props) && declaration.argsSchema.additionalProperties === false) {
    for (const k of Object.keys(args)) {
      if (!Object.hasOwn(props, k)) throw new FunctionCallError('INVALID_FUNCTION_CALL', `Function '${declaration.name}' has no argument '${k}'`);
    }
  }
  const required = declaration.argsSchema.required;
  if (Array.isArray(required)) {
    for (const k of required) {
      if (typeof k === 'string' && !Object.hasOwn(args, k)) {
        throw new FunctionCallError('INVALID_FUNCTION_CALL', `Function '${declaration.name}' requires argument '${k}'`);
      }
    }
  }
  return applyDefaults(args, declaration.argsSchema, contextOf(catalog));
}

/**
 * Before a call is sent to the agent, its resolved arguments must satisfy the declared schema.
 * A Promise when bad arguments wait for the schema validator's explanation (loaded on first use).
 */
export function checkAgentArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): void | Promise<void> {
  if (!declaration.argsSchema) return;
  let issue;
  try {
    issue = validateAgainst(args, declaration.argsSchema, catalog)[0];
  } catch (e) {
    if (!(e instanceof LoadPending)) throw e;
    const again = () => checkAgentArgs(catalog, declaration, args);
    return e.loading.then(again, () => afterFailedLoad(again));
  }
  if (issue) {
    const where = issue.path ? ` argument '${issue.path.slice(1)}'` : '';
    throw new FunctionCallError('INVALID_FUNCTION_CALL', `Function '${declaration.name}'${where}: ${issue.message}`);
  }
}
