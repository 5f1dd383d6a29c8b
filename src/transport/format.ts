/** The framing of an agent stream, and how a response's `Content-Type` names it. */

/** Wire framing of an agent stream. */
export type StreamFormat = 'jsonl' | 'sse' | 'json';

/** The framing a `Content-Type` announces: `text/event-stream` → sse, JSON → json, anything else → jsonl. */
export function formatOf(contentType: string | null | undefined): StreamFormat {
  const type = (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
  if (type === 'text/event-stream') return 'sse';
  if (type === 'application/json' || type === 'application/a2ui+json') return 'json';
  return 'jsonl';
}
