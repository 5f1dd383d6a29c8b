/**
 * A scripted agent behind a `fetch` function, so the page talks to it exactly as it would talk to
 * a real request/response agent: each request is `{messages, metadata}` (built by
 * `requestBody()`), each answer a JSONL stream (read by `feedResponse()`), lines spaced out in
 * time like a model's output. No network is involved.
 */
import { BOOKING, RESTAURANT_CATALOG_ID, bookingSurface } from '../surfaces/booking.ts';
import { jsonl, text, updateComponents, updateDataModel, type Message } from '../surfaces/common.ts';

type Incoming = Record<string, Record<string, unknown>>;

const DAY = 24 * 60 * 60 * 1000;

export class ScriptedAgent {
  /** What the agent was told about the renderer in the first request. */
  capabilities: Record<string, unknown> | undefined;
  private pendingBooking: Record<string, unknown> | undefined;
  private seq = 0;

  constructor(
    /** The first date offered (ISO `yyyy-mm-dd`). */
    private readonly firstDate: string,
    /** Milliseconds between streamed lines; function answers take a little longer. */
    private readonly pace = 250,
  ) {}

  /** The agent's endpoint, with the signature of `fetch`. */
  readonly fetch = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = JSON.parse(String(init?.body ?? '{}')) as { messages?: Incoming[]; metadata?: Record<string, unknown> };
    this.capabilities ??= request.metadata?.a2uiRendererCapabilities as Record<string, unknown> | undefined;
    const steps: Array<[number, Message]> = [];
    const messages = request.messages ?? [];
    if (messages.length === 0) for (const m of bookingSurface(this.firstDate)) steps.push([this.pace, m]);
    for (const m of messages) steps.push(...this.answer(m));
    return new Response(paced(steps), { headers: { 'content-type': 'application/jsonl' } });
  };

  private answer(m: Incoming): Array<[number, Message]> {
    if (m.callAgentFunction) {
      const call = m.callAgentFunction;
      const fn = call.callFunction as { '@call': string; args: { date?: string; partySize?: number } };
      const value = fn['@call'] === 'checkAvailability' ? availability(fn.args.date, fn.args.partySize) : undefined;
      const response = value === undefined
        ? { functionCallId: call.functionCallId, error: { code: 'UNKNOWN_FUNCTION', message: `This agent has no '${fn['@call']}'` } }
        : { functionCallId: call.functionCallId, value };
      return [[this.pace * 3, { version: '1.0', agentFunctionResponse: response }]];
    }
    if (m.action?.name === 'book_table') {
      // Before confirming, ask the renderer for its time zone (callRendererFunction); the answer
      // comes back as the next request.
      this.pendingBooking = m.action.context as Record<string, unknown>;
      const id = `local-time-${++this.seq}`;
      return [[this.pace, { version: '1.0', callRendererFunction: { surfaceId: BOOKING, functionCallId: id, callFunction: { '@call': 'localTime', catalogId: RESTAURANT_CATALOG_ID } } }]];
    }
    if (m.rendererFunctionResponse && this.pendingBooking) {
      const local = (m.rendererFunctionResponse.value ?? {}) as { timeZone?: string };
      const booking = { ...this.pendingBooking, timeZone: local.timeZone ?? 'unknown', reference: `TD-${1000 + this.seq}` };
      this.pendingBooking = undefined;
      return [
        [this.pace, updateDataModel(BOOKING, '/confirmation', booking)],
        [this.pace, updateComponents(BOOKING, [
          { id: 'form', component: 'Column', children: ['title', 'intro', 'name', 'when', 'availability', 'book', 'confirmation'] },
          { id: 'confirmation', component: 'Card', child: 'confirmation_row' },
          { id: 'confirmation_row', component: 'Row', align: 'center', children: ['confirmation_icon', 'confirmation_text'] },
          { id: 'confirmation_icon', component: 'Icon', name: 'check' },
          text(
            'confirmation_text',
            { '@call': 'formatString', args: { value: "**Booked**, ${/confirmation/name}: a table for ${/confirmation/party} at 19:30 on ${formatDate(value:${/confirmation/date}, format:'EEEE, MMMM d')}. Reference ${/confirmation/reference}; times are in ${/confirmation/timeZone}." } },
            { weight: 1 },
          ),
        ])],
      ];
    }
    return [];
  }
}

/** The agent's side of `checkAvailability`. */
function availability(date: string | undefined, party: number | undefined): string {
  if (!date) return 'Pick a date to see the free tables.';
  const n = Math.round(Number(party) || 0);
  if (n > 8) return `Our largest table seats 8: for ${n} guests, please call us.`;
  const day = new Date(`${date}T12:00:00`);
  if (Number.isNaN(day.getTime())) return 'That date is not one we know.';
  const weekday = day.toLocaleDateString('en-US', { weekday: 'long' });
  const free = (day.getTime() / DAY + n) % 3 < 1 ? ['21:30'] : ['19:00', '19:30', '21:30'];
  return `${free.length === 1 ? 'One table left' : `${free.length} tables free`} for ${n} on ${weekday}: ${free.join(', ')}.`;
}

/** The JSONL of `steps`, each line after its delay. */
function paced(steps: Array<[number, Message]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (i >= steps.length) return controller.close();
      const [delay, message] = steps[i++];
      await new Promise((r) => setTimeout(r, delay));
      controller.enqueue(encoder.encode(jsonl([message])));
    },
  });
}
