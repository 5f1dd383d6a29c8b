/**
 * The agent-function example: a table booking. `checkAvailability` is declared in an inline
 * catalog and implemented by the agent (the renderer sends `callAgentFunction`); `localTime` is
 * implemented by the page and may be called by the agent (`callRendererFunction`).
 */
import type { CatalogDefinition } from '../../src/index.ts';
import { button, createSurface, path, text, updateComponents, type Message } from './common.ts';

export const RESTAURANT_CATALOG_ID = 'https://a2ui-elements.example/demo/restaurant/catalog.json';

const common = (name: string) => `https://a2ui.org/specification/v1_0/common_types.json#/$defs/${name}`;

/** Sent to the agent inline in `a2uiRendererCapabilities`. */
export const restaurantCatalog: CatalogDefinition = {
  catalogId: RESTAURANT_CATALOG_ID,
  protocolVersion: '1.0',
  functions: {
    checkAvailability: {
      type: 'object',
      description: 'Free tables for a date and party size, as a sentence. Implemented by the agent.',
      returnType: 'string',
      properties: {
        '@call': { const: 'checkAvailability' },
        args: {
          type: 'object',
          properties: { date: { $ref: common('DynamicString') }, partySize: { $ref: common('DynamicNumber') } },
          required: ['date', 'partySize'],
        },
      },
      required: ['@call', 'args'],
    },
    localTime: {
      type: 'object',
      description: "The renderer's time zone and clock. Implemented by the page; the agent may call it.",
      returnType: 'object',
      allowedCallers: 'rendererOrAgent',
      properties: { '@call': { const: 'localTime' } },
      required: ['@call'],
    },
  },
};

export const BOOKING = 'booking';

export function bookingSurface(date: string): Message[] {
  const s = BOOKING;
  return [
    createSurface(s, { sendDataModel: true, dataModel: { booking: { name: '', date, party: 2 } } }),
    updateComponents(s, [
      { id: 'root', component: 'Card', child: 'form' },
      { id: 'form', component: 'Column', children: ['title', 'intro', 'name', 'when', 'availability', 'book'] },
      text('title', '### Trattoria Demo'),
      text('intro', 'Book a table: the agent checks availability as you choose.', { variant: 'caption' }),
      {
        id: 'name',
        component: 'TextField',
        label: 'Name',
        value: path('/booking/name'),
        '@checks': [{ condition: { '@call': 'required', args: { value: path('/booking/name') } }, message: 'The booking needs a name' }],
      },
      { id: 'when', component: 'Row', children: ['date', 'party'] },
      { id: 'date', component: 'DateTimeInput', label: 'Date', value: path('/booking/date'), enableDate: true, weight: 1 },
      { id: 'party', component: 'Slider', label: 'Guests', min: 1, max: 10, steps: 9, value: path('/booking/party'), weight: 1 },
      { id: 'availability', component: 'Row', align: 'center', children: ['availability_icon', 'availability_text'] },
      { id: 'availability_icon', component: 'Icon', name: 'event' },
      text(
        'availability_text',
        { '@call': 'checkAvailability', catalogId: RESTAURANT_CATALOG_ID, args: { date: path('/booking/date'), partySize: path('/booking/party') } },
        { weight: 1 },
      ),
      ...button('book', 'Book the table', 'book_table', { name: path('/booking/name'), date: path('/booking/date'), party: path('/booking/party') }, {
        variant: 'primary',
        '@checks': [{ condition: { '@call': 'required', args: { value: path('/booking/name') } }, message: 'The booking needs a name' }],
      }),
    ]),
  ];
}
