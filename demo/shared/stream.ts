/** A byte stream that trickles `text` out in small chunks, like an agent streaming JSONL. */
export function slowStream(text: string, { chunk = 48, delayMs = 20 } = {}): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      if (at >= bytes.length) return controller.close();
      if (at > 0 && delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      controller.enqueue(bytes.slice(at, (at += chunk)));
    },
  });
}
