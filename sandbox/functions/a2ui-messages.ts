/**
 * A2UI messages found in tool results (`application/a2ui+json`), handed to the store. A payload
 * may be one message, an array, `{messages: [...]}` or JSONL; messages without `version` get
 * `"1.0"`. What the store cannot apply it reports itself, like any agent message.
 */
import { isObject, type A2uiStore } from '../../src/index.ts';

const VERSION = '1.0';

/** JSON text, or JSONL: one value per line (a line that does not parse stays a string). */
function parseText(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    return text.split('\n').filter((l) => l.trim() !== '').map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return line;
      }
    });
  }
}

function normalize(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(normalize);
  if (isObject(value) && Array.isArray(value.messages) && Object.keys(value).length === 1) return value.messages.flatMap(normalize);
  return [isObject(value) && value.version === undefined ? { version: VERSION, ...value } : value];
}

/** One payload (value or text) → messages; strings left in it are lines the store will refuse. */
export function a2uiMessages(payload: unknown): unknown[] {
  return (typeof payload === 'string' ? parseText(payload) : [payload]).flatMap(normalize);
}

/** Feeds every payload to the store, in order. */
export function forwardA2ui(store: A2uiStore, payloads: readonly unknown[]): void {
  for (const payload of payloads) {
    for (const m of a2uiMessages(payload)) store.process(typeof m === 'string' ? m + '\n' : m);
  }
}
