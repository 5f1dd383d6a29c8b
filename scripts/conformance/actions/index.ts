/** The handler of every action the suites use. Actions without a handler must be on the skip list. */
import { fail, type Case, type Outcome, type SuiteInfo } from '../types.ts';
import { fromJson, roundTrip, toJson, validateCommonType } from './catalog.ts';
import { dataModelCase } from './data-model.ts';
import { dispatchAction } from './dispatch.ts';
import { evaluateFunction, parseExpressionTemplate } from './functions.ts';
import { resolveNodes } from './nodes.ts';
import { getRendererCapabilities, getRendererDataModel, processMessages, resolvePathCase } from './process.ts';
import { handleRpc } from './rpc.ts';
import { selectCatalog } from './select-catalog.ts';

type Handler = (c: Case, suite: SuiteInfo) => Outcome | Promise<Outcome>;

const HANDLERS: Record<string, Handler> = {
  process_messages: (c, s) => processMessages(c, s, false),
  validate: (c, s) => processMessages(c, s, true),
  get_renderer_data_model: getRendererDataModel,
  get_renderer_capabilities: getRendererCapabilities,
  resolve_path: resolvePathCase,
  data_model: dataModelCase,
  evaluate_function: evaluateFunction,
  parse_expression_template: parseExpressionTemplate,
  dispatch_action: dispatchAction,
  select_catalog: selectCatalog,
  handle_rpc: handleRpc,
  resolve_nodes: resolveNodes,
  from_json: fromJson,
  to_json: toJson,
  round_trip: roundTrip,
  validate_common_type: validateCommonType,
};

/** Actions the runner deliberately does not implement (their cases are on the skip list). */
export const UNIMPLEMENTED = new Set(['validation_schema', 'common_types_schema', 'accessibility_check']);

export function runAction(c: Case, suite: SuiteInfo): Outcome | Promise<Outcome> {
  const handler = HANDLERS[c.action];
  if (handler) return handler(c, suite);
  if (UNIMPLEMENTED.has(c.action)) fail(`action ${c.action} is not implemented (it belongs on the skip list)`);
  fail(`unknown action ${show(c.action)}`);
}

function show(v: unknown): string {
  return JSON.stringify(v) ?? String(v);
}
