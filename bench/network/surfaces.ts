/**
 * The two surfaces of the "first surface painted" row, in the wire form each renderer reads (ours:
 * v1.0, the official renderer: v0.9; the same UI, built by the same code as the render bench's
 * payloads), as the agent's JSONL, and what must be on screen before the surface counts as painted.
 *
 * Only what both renderers show is checked: texts (labels, options, the button's text, markdown
 * headings) and, for the list, its `<img>` elements (present; their pixels are the host's business).
 *
 * @module
 */
import { CATALOG, bind, type Proto } from '../workloads/messages.ts';

type Msg = Record<string, unknown>;
type Component = Record<string, unknown>;

export type SurfaceKey = 'form' | 'list';

export interface NetworkSurface {
  key: SurfaceKey;
  title: string;
  surfaceId: string;
  /** The agent's messages, one JSON document per line. */
  jsonl: (p: Proto) => string;
  /** Texts that must each be a text node with a non-empty layout box. */
  texts: string[];
  /** How many `<img>` elements must be in the rendered tree. */
  images: number;
}

const version = (p: Proto) => (p === 'v10' ? '1.0' : 'v0.9');
const envelope = (p: Proto, key: string, body: Record<string, unknown>): Msg => ({ version: version(p), [key]: body });
const lines = (messages: Msg[]) => messages.map((m) => JSON.stringify(m)).join('\n') + '\n';

/** A `required` check on `path`: `@checks`/`@call` in v1.0, `checks`/`call` in v0.9. */
function required(p: Proto, path: string, message: string): Record<string, unknown> {
  const condition = p === 'v10' ? { '@call': 'required', args: { value: bind(p, path) } } : { call: 'required', args: { value: bind(p, path) }, returnType: 'boolean' };
  return { [p === 'v10' ? '@checks' : 'checks']: [{ condition, message }] };
}

const ROOMS = [
  { label: 'Single room', value: 'single' },
  { label: 'Double room', value: 'double' },
  { label: 'Suite', value: 'suite' },
];

/** (a) A booking form in a Card: markdown heading, three TextFields (one required), a date, a choice, a checkbox, a primary Button. */
function formMessages(p: Proto): Msg[] {
  const s = 'booking';
  const components: Component[] = [
    { id: 'root', component: 'Card', child: 'form' },
    { id: 'form', component: 'Column', children: ['title', 'name', 'email', 'guests', 'arrival', 'room', 'breakfast', 'book'] },
    { id: 'title', component: 'Text', text: '## Book your stay' },
    { id: 'name', component: 'TextField', label: 'Full name', value: bind(p, '/booking/name'), ...required(p, '/booking/name', 'Please enter your name') },
    { id: 'email', component: 'TextField', label: 'Email address', value: bind(p, '/booking/email') },
    { id: 'guests', component: 'TextField', label: 'Guests', variant: 'number', value: bind(p, '/booking/guests') },
    { id: 'arrival', component: 'DateTimeInput', label: 'Arrival date', enableDate: true, value: bind(p, '/booking/arrival') },
    { id: 'room', component: 'ChoicePicker', label: 'Room type', variant: 'mutuallyExclusive', options: ROOMS, value: bind(p, '/booking/room') },
    { id: 'breakfast', component: 'CheckBox', label: 'Breakfast included', value: bind(p, '/booking/breakfast') },
    { id: 'bookLabel', component: 'Text', text: 'Book now' },
    { id: 'book', component: 'Button', variant: 'primary', child: 'bookLabel', action: { event: { name: 'book', context: { name: bind(p, '/booking/name') } } } },
  ];
  const data = { booking: { name: '', email: '', guests: '2', arrival: '2027-03-14', room: ['double'], breakfast: true } };
  return [
    envelope(p, 'createSurface', { surfaceId: s, catalogId: CATALOG[p] }),
    envelope(p, 'updateDataModel', { surfaceId: s, path: '/', value: data }),
    envelope(p, 'updateComponents', { surfaceId: s, components }),
  ];
}

/** A 4×4 grey PNG: a raster `data:` URL, which both renderers load (ours loads only http(s) and raster data: images). */
const THUMB =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAD0lEQVR4nGNYgAQYiOMAAAxhHgHKQL3NAAAAAElFTkSuQmCC';

const CITIES = ['Lisbon', 'Porto', 'Madrid', 'Seville', 'Rome'];
const hotels = Array.from({ length: 20 }, (_, i) => ({ id: `h${i}`, name: `Hotel ${i + 1}`, detail: `${CITIES[i % CITIES.length]} · from €${90 + 5 * i} a night`, image: THUMB }));

/** (b) 20 cards from a List template: Card > Row > Image + Column > two Texts, the items in the data model. */
function listMessages(p: Proto): Msg[] {
  const s = 'hotels';
  const components: Component[] = [
    { id: 'root', component: 'List', children: { componentId: 'card', path: '/hotels' } },
    { id: 'card', component: 'Card', child: 'row' },
    { id: 'row', component: 'Row', children: ['thumb', 'info'] },
    { id: 'thumb', component: 'Image', url: bind(p, 'image'), description: 'Hotel photo', variant: 'avatar' },
    { id: 'info', component: 'Column', children: ['name', 'detail'] },
    { id: 'name', component: 'Text', text: bind(p, 'name') },
    { id: 'detail', component: 'Text', text: bind(p, 'detail') },
  ];
  return [
    envelope(p, 'createSurface', { surfaceId: s, catalogId: CATALOG[p] }),
    envelope(p, 'updateDataModel', { surfaceId: s, path: '/', value: { hotels } }),
    envelope(p, 'updateComponents', { surfaceId: s, components }),
  ];
}

export const SURFACES: Record<SurfaceKey, NetworkSurface> = {
  form: {
    key: 'form',
    title: 'booking form',
    surfaceId: 'booking',
    jsonl: (p) => lines(formMessages(p)),
    texts: ['Book your stay', 'Full name', 'Email address', 'Guests', 'Arrival date', 'Room type', ...ROOMS.map((r) => r.label), 'Breakfast included', 'Book now'],
    images: 0,
  },
  list: {
    key: 'list',
    title: '20-card list',
    surfaceId: 'hotels',
    jsonl: (p) => lines(listMessages(p)),
    texts: hotels.flatMap((h) => [h.name, h.detail]),
    images: hotels.length,
  },
};
