/**
 * What the host answers to an app's requests, each behind our allowlists and payload guards:
 * `tools/call` (allowedTools plus visibility and server checks, `tool-access.ts`, via the host's
 * MCP client or as an action), `ui/message` (an
 * `a2ui.mcpAppMessage` action), `ui/open-link` (http/https only, no `user@`), `ui/update-model-context`
 * (the bound modelContext path), `resources/read`/`resources/list` (`resources.ts`), `ui/download-file`
 * (`downloads.ts`, then the element's prompt) and the A2UI extensions `data-model-change` and `function-call`.
 * Refusals are JSON-RPC -32602 errors and `rejected` reports; nothing is logged.
 */
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { DataSync } from './data-sync.ts';
import type { DownloadAnswer } from './download-prompt.ts';
import { prepareDownload } from './downloads.ts';
import { checkPayload } from './guards.ts';
import type { JsonSchema, McpAppDownloadFile, McpAppHost, McpAppRejection } from './host.ts';
import { cloneJson, isPlainObject } from './json.ts';
import { validateSchema } from './json-schema.ts';
import { DENIED } from './limits.ts';
import { DATA_MODEL_CHANGE, FUNCTION_CALL, INTERNAL_ERROR, INVALID_PARAMS, MESSAGE_ACTION } from './protocol.ts';
import type { ResourceAccess } from './resources.ts';
import { ToolAccess } from './tool-access.ts';

/** What the handlers need from the session. */
export interface HandlerContext {
  host: McpAppHost;
  sync: DataSync;
  allowedTools: () => readonly string[];
  allowedFunctions: () => Record<string, JsonSchema>;
  /** `resources/read` and `resources/list` (registered only when it has a client). */
  resources: ResourceAccess;
  /** Offers checked `ui/download-file` files to the user (the element's prompt). */
  download(files: McpAppDownloadFile[]): Promise<DownloadAnswer>;
  rejected(rejection: McpAppRejection): void;
}

/** A JSON-RPC error the protocol library sends back as-is (it reads `code`, `message`, `data`). */
function rpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, data });
}

/** A Standard Schema that accepts anything: the handlers check params themselves. */
const anyParams = { '~standard': { version: 1 as const, vendor: 'a2ui', validate: (value: unknown) => ({ value }) } };

/** A `CallToolResult` for the app (a bare value becomes its structured content). */
const asToolResult = (result: unknown) =>
  (isPlainObject(result) && Array.isArray(result.content) ? result : { content: [], structuredContent: result }) as never;

/** Installs every app → host handler on `bridge`. */
export function registerHandlers(bridge: AppBridge, c: HandlerContext): void {
  const { sync } = c;
  const tools = new ToolAccess(c.host);
  const refuse = (method: string, message: string, data?: unknown): never => {
    c.rejected({ method, reason: message, code: INVALID_PARAMS });
    throw rpcError(INVALID_PARAMS, message, data);
  };

  bridge.oncalltool = async ({ name, arguments: args = {} }) => {
    if (!c.allowedTools().includes(name)) refuse('tools/call', `Tool '${name}' is not allowed`);
    const problem = checkPayload(args);
    if (problem) refuse('tools/call', `Tool '${name}' arguments rejected: ${problem}`);
    const clean = cloneJson(args);
    const fail = (e: unknown) => rpcError(INTERNAL_ERROR, `Tool '${name}' failed: ${(e as Error)?.message ?? String(e)}`);
    if (tools.checks) {
      const route = await tools.route(name).catch((e: unknown) => ({ problem: `Tool '${name}' could not be checked: ${String(e)}` }));
      if ('problem' in route) return refuse('tools/call', route.problem);
      const result = await route.client.callTool({ name, arguments: clean }).catch((e: unknown) => {
        throw fail(e);
      });
      return asToolResult(result);
    }
    if (!c.host.callTool) {
      c.host.dispatchAction(name, clean);
      return { content: [] };
    }
    let result: unknown;
    try {
      result = await c.host.callTool(name, clean);
    } catch (e) {
      throw fail(e);
    }
    return asToolResult(result);
  };

  bridge.onmessage = async (params) => {
    const problem = checkPayload(params);
    if (problem) refuse('ui/message', `Message rejected: ${problem}`);
    c.host.dispatchAction(MESSAGE_ACTION, cloneJson({ role: params.role, content: params.content }));
    return {};
  };

  bridge.onopenlink = async ({ url }) => {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      /* refused below */
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      refuse('ui/open-link', 'Only http: and https: links can be opened');
    }
    // `https://accounts.example.com@evil.example/` reads as one host and goes to another.
    if (parsed!.username || parsed!.password) refuse('ui/open-link', 'Links with credentials (user@host) are not opened');
    window.open(parsed!.href, '_blank', 'noopener,noreferrer');
    return {};
  };

  if (sync.has('modelContext')) {
    bridge.onupdatemodelcontext = async (params) => {
      const problem = sync.writeModelContext(params.structuredContent ?? params.content);
      if (problem) refuse('ui/update-model-context', `Model context rejected: ${problem}`);
      return {};
    };
  }

  if (c.resources.available) {
    for (const method of ['resources/read', 'resources/list'] as const) {
      bridge.setRequestHandler(method, { params: anyParams } as never, async (params: unknown) => {
        const outcome = await (method === 'resources/read' ? c.resources.read(params) : c.resources.list(params));
        if ('result' in outcome) return outcome.result as never;
        if (outcome.code === INVALID_PARAMS) refuse(method, outcome.problem);
        throw rpcError(outcome.code, outcome.problem);
      });
    }
  }

  bridge.setRequestHandler('ui/download-file', { params: anyParams }, async (params: unknown) => {
    const outcome = await prepareDownload(params, c.resources);
    if ('problem' in outcome) return refuse('ui/download-file', outcome.problem);
    const answer = await c.download(outcome.files);
    if (answer === 'busy') {
      c.rejected({ method: 'ui/download-file', reason: 'a download is already waiting for the user', code: DENIED });
      throw rpcError(DENIED, 'A download is already waiting for the user');
    }
    return answer === 'saved' ? {} : { isError: true };
  });

  bridge.setNotificationHandler(DATA_MODEL_CHANGE, { params: anyParams }, (params: unknown) => {
    const problem = sync.applyFromApp(params);
    if (problem) c.rejected({ method: DATA_MODEL_CHANGE, reason: problem });
  });

  bridge.setRequestHandler(FUNCTION_CALL, { params: anyParams }, async (params: unknown) => {
    const { call, args = {} } = isPlainObject(params) ? params : {};
    const allowed = c.allowedFunctions();
    if (typeof call !== 'string' || !Object.hasOwn(allowed, call)) refuse(FUNCTION_CALL, `Function '${String(call)}' is not allowed`);
    const name = call as string;
    const problem = checkPayload(args) ?? (isPlainObject(args) ? null : 'arguments must be an object');
    if (problem) refuse(FUNCTION_CALL, `Function '${name}' arguments rejected: ${problem}`);
    const errors = validateSchema(allowed[name]!, args);
    if (errors.length) refuse(FUNCTION_CALL, `Function '${name}' arguments failed schema validation`, { errors });
    try {
      return { status: 'success', result: cloneJson(await c.host.callFunction(name, cloneJson(args as Record<string, unknown>))) };
    } catch (e) {
      const err = e as { code?: unknown; message?: unknown };
      const code = typeof err?.code === 'string' ? { code: err.code } : undefined;
      throw rpcError(INTERNAL_ERROR, `Function '${name}' failed: ${String(err?.message ?? e)}`, code);
    }
  });
}

