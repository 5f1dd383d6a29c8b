/**
 * Turning a raw MCP `CallToolResult` into the response object `callMcpTool` returns: structured
 * content, text blocks joined, and that text parsed as JSON when it is JSON. Pure; no I/O.
 */
import { isObject } from '../../src/index.ts';
import type { McpCallToolResult, McpContentBlock, McpToolResponse } from './types.ts';


/** A server answer checked to look like a `CallToolResult`; anything else is undefined. */
export function asCallToolResult(value: unknown): McpCallToolResult | undefined {
  if (!isObject(value)) return undefined;
  if (value.content !== undefined && !Array.isArray(value.content)) return undefined;
  return value as McpCallToolResult;
}

/** The text blocks of a result, in order. */
export function textBlocks(result: McpCallToolResult): string[] {
  return (result.content ?? [])
    .filter((b): b is McpContentBlock & { text: string } => isObject(b) && b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text);
}

/** A JSON object or array parsed from `text`, or undefined (scalars do not count: "42" is text). */
function parseJsonContainer(text: string): unknown {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    const v: unknown = JSON.parse(t);
    return v !== null && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `json`: the joined text parsed when it is a JSON object or array; otherwise, with several text
 * blocks, the array of the blocks that are; otherwise null.
 */
export function parseJsonText(blocks: readonly string[]): unknown {
  if (blocks.length === 0) return null;
  const whole = parseJsonContainer(blocks.join('\n'));
  if (whole !== undefined) return whole;
  if (blocks.length === 1) return null;
  const parts = blocks.map(parseJsonContainer).filter((v) => v !== undefined);
  return parts.length > 0 ? parts : null;
}

/** The response object for a successful call. */
export function toolResponse(toolName: string, toolInput: Record<string, unknown>, result: McpCallToolResult): McpToolResponse {
  const blocks = textBlocks(result);
  return {
    structuredContent: result.structuredContent ?? null,
    json: parseJsonText(blocks),
    text: blocks.join('\n'),
    toolName,
    toolInput,
    toolResult: result,
  };
}

/** A short description of a tool's `isError` result, for the error message. */
export function toolErrorText(result: McpCallToolResult): string {
  const text = textBlocks(result).join('\n').trim();
  if (text) return text.length > 300 ? text.slice(0, 300) + '…' : text;
  return 'the tool reported an error';
}
