/**
 * Wire names and limits shared by the element, the lazily loaded bridge and the proxy page.
 * Constants only: the proxy page imports this file too, so it must stay dependency-free.
 */

/** MCP Apps (SEP-1865) protocol version this host speaks. */
export const PROTOCOL_VERSION = '2026-01-26';

/** Methods of the host ↔ proxy leg. Nothing with this prefix is ever relayed to or from the app. */
export const SANDBOX_PREFIX = 'ui/notifications/sandbox-';
export const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
export const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
/** Proxy → host: the app frame navigated away from its srcdoc; the proxy removed it. */
export const INNER_NAVIGATED = 'ui/notifications/sandbox-inner-navigated';
/** Proxy → host: app messages the proxy refused (size, activation, rate), one report per burst. */
export const REJECTED = 'ui/notifications/sandbox-rejected';
/** Host → proxy: focus moved into the app; does the proxy frame have a user activation? */
export const FOCUS_CHECK = 'ui/notifications/sandbox-focus-check';
/** Proxy → host: `{activated}`, the answer to a focus check. */
export const FOCUS_STATE = 'ui/notifications/sandbox-focus-state';

/** A2UI extension methods (the McpApp component of the MCP catalog). */
export const DATA_MODEL_UPDATE = 'ui/notifications/data-model-update';
export const DATA_MODEL_CHANGE = 'ui/notifications/data-model-change';
export const FUNCTION_CALL = 'ui/requests/function-call';
export const INITIALIZED = 'ui/notifications/initialized';

/** Action name a `ui/message` request becomes. */
export const MESSAGE_ACTION = 'a2ui.mcpAppMessage';

/** Data-path keys with protocol meaning; never written by `data-model-change`. */
export const RESERVED_KEYS = new Set(['toolInput', 'toolResult', 'modelContext']);

/** JSON-RPC error codes used by the host. */
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** Payload guards (tool arguments, data-model values, function arguments). */
export const PAYLOAD_LIMITS = { maxDepth: 10, maxBytes: 64 * 1024 } as const;
/**
 * Ceiling for any whole message from the app, checked by the proxy before it relays (so an
 * oversized message never reaches the host's thread) and by the host before the protocol library
 * parses it. Every payload inside is at most 64 KB, so 256 KB leaves room for the envelope.
 */
export const MESSAGE_LIMITS = { maxDepth: 32, maxBytes: 256 * 1024 } as const;

/** The self-test result the proxy reports in `sandbox-proxy-ready`. */
export type ProxySelfTest = 'isolated' | 'same-origin';
