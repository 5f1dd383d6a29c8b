/**
 * The gallery's example surfaces, written for the demo. Together they use every component of the
 * basic catalog: Text, Image, Icon, Video, AudioPlayer, Row, Column, List, Card, Tabs, Divider,
 * Modal, Button, CheckBox, TextField, DateTimeInput, ChoicePicker and Slider.
 */
import { asset, button, choicePicker, createSurface, path, text, updateComponents, updateDataModel, type Message } from './common.ts';

export interface GalleryExample {
  id: string;
  title: string;
  about: string;
  messages: () => Message[];
}

/** A weekend trip card: layout, image, icons, markdown, formatted values, a modal with a list. */
function trip(): Message[] {
  const s = 'trip';
  return [
    createSurface(s, {
      dataModel: {
        place: 'Lake Bled',
        country: 'Slovenia',
        from: '2026-06-12',
        nights: 2,
        price: 420,
        itinerary: [
          { id: 'fri', day: 'Friday', plan: 'Arrive, walk around the lake at sunset' },
          { id: 'sat', day: 'Saturday', plan: 'Row to the island, hike to Ojstrica' },
          { id: 'sun', day: 'Sunday', plan: 'Vintgar gorge, cream cake, home' },
        ],
      },
    }),
    updateComponents(s, [
      { id: 'root', component: 'Card', child: 'body' },
      { id: 'body', component: 'Column', children: ['hero', 'heading', 'when', 'blurb', 'rule', 'actions'] },
      { id: 'hero', component: 'Image', url: asset('lake.svg'), description: 'A lake with an island church and mountains', variant: 'header', fit: 'cover' },
      { id: 'heading', component: 'Row', align: 'center', children: ['pin', 'place'] },
      { id: 'pin', component: 'Icon', name: 'locationOn' },
      text('place', { '@call': 'formatString', args: { value: '### ${/place}, ${/country}' } }, { weight: 1 }),
      text('when', {
        '@call': 'formatString',
        args: { value: "${formatDate(value:${/from}, format:'EEEE, MMMM d')} · ${/nights} ${pluralize(value:${/nights}, one:'night', other:'nights')}" },
      }, { variant: 'caption' }),
      text('blurb', 'An easy weekend in the Julian Alps:\n\n- a **guesthouse** on the shore\n- rowing boat included\n- trains from Ljubljana every hour'),
      { id: 'rule', component: 'Divider' },
      { id: 'actions', component: 'Row', justify: 'spaceBetween', align: 'center', children: ['plan', 'book'] },
      { id: 'plan', component: 'Modal', trigger: 'plan_open', content: 'plan_body' },
      ...button('plan_open', 'Itinerary', 'open_itinerary', {}, { variant: 'borderless' }),
      { id: 'plan_body', component: 'Column', children: ['plan_title', 'days'] },
      text('plan_title', '### Three days at the lake'),
      { id: 'days', component: 'List', children: { path: '/itinerary', componentId: 'day' } },
      { id: 'day', component: 'Row', align: 'start', children: ['day_icon', 'day_text'] },
      { id: 'day_icon', component: 'Icon', name: 'event' },
      text('day_text', { '@call': 'formatString', args: { value: '**${day}**: ${plan}' } }, { weight: 1 }),
      {
        id: 'book',
        component: 'Button',
        child: 'book_label',
        variant: 'primary',
        action: { event: { name: 'book_trip', context: { place: path('/place'), from: path('/from'), nights: path('/nights') } } },
      },
      text('book_label', { '@call': 'formatString', args: { value: "Book for ${formatCurrency(value:${/price}, currency:'EUR', decimals:0)}" } }),
    ]),
  ];
}

/** A preferences form: every input, two-way bound, with checks guarding the Save button. */
function preferences(): Message[] {
  const s = 'prefs';
  const required = (p: string, message: string) => ({ condition: { '@call': 'required', args: { value: path(p) } }, message });
  return [
    createSurface(s, {
      sendDataModel: true,
      dataModel: { name: 'Ada', email: 'ada@example', notes: '', digest: true, channels: ['email'], frequency: ['daily'], quietFrom: 22, pauseUntil: '' },
    }),
    updateComponents(s, [
      { id: 'root', component: 'Card', child: 'form' },
      { id: 'form', component: 'Column', children: ['title', 'who', 'notes', 'digest', 'channels', 'frequency', 'quiet', 'pause', 'save'] },
      text('title', '### Notification preferences'),
      { id: 'who', component: 'Row', children: ['name', 'email'] },
      { id: 'name', component: 'TextField', label: 'Name', value: path('/name'), weight: 1, '@checks': [required('/name', 'Tell us your name')] },
      {
        id: 'email',
        component: 'TextField',
        label: 'Email',
        value: path('/email'),
        weight: 1,
        '@checks': [{ condition: { '@call': 'email', args: { value: path('/email') } }, message: 'Enter a valid email address' }],
      },
      { id: 'notes', component: 'TextField', label: 'Anything else?', value: path('/notes'), variant: 'longText', placeholder: 'Optional' },
      { id: 'digest', component: 'CheckBox', label: 'Send me a weekly digest', value: path('/digest') },
      choicePicker('channels', 'Channels', 'multipleSelection', [['Email', 'email'], ['SMS', 'sms'], ['Push', 'push']], '/channels', { displayStyle: 'chips' }),
      choicePicker('frequency', 'How often', 'mutuallyExclusive', [['As it happens', 'instant'], ['Daily summary', 'daily'], ['Weekly summary', 'weekly']], '/frequency'),
      { id: 'quiet', component: 'Slider', label: 'Quiet hours start (h)', min: 18, max: 23, steps: 5, value: path('/quietFrom') },
      { id: 'pause', component: 'DateTimeInput', label: 'Pause all notifications until', value: path('/pauseUntil'), enableDate: true },
      ...button(
        'save',
        'Save preferences',
        'save_preferences',
        { name: path('/name'), email: path('/email'), channels: path('/channels'), frequency: path('/frequency'), digest: path('/digest') },
        {
          variant: 'primary',
          '@checks': [
            {
              condition: { '@call': 'and', args: { values: [{ '@call': 'required', args: { value: path('/name') } }, { '@call': 'email', args: { value: path('/email') } }] } },
              message: 'Fix the form first',
            },
          ],
        },
      ),
    ]),
  ];
}

/** Media in tabs: a video with a poster, an audio clip, and a markdown tab. */
function media(): Message[] {
  const s = 'media';
  return [
    createSurface(s),
    updateComponents(s, [
      { id: 'root', component: 'Card', child: 'tabs' },
      {
        id: 'tabs',
        component: 'Tabs',
        tabs: [
          { title: 'Video', child: 'video_tab' },
          { title: 'Audio', child: 'audio_tab' },
          { title: 'Credits', child: 'credits' },
        ],
      },
      { id: 'video_tab', component: 'Column', children: ['video', 'video_caption'] },
      { id: 'video', component: 'Video', url: asset('sunrise.webm'), posterUrl: asset('lake.svg') },
      text('video_caption', 'Sunrise over the hills, drawn on a canvas for this demo.', { variant: 'caption' }),
      { id: 'audio_tab', component: 'Column', children: ['audio_row', 'audio'] },
      { id: 'audio_row', component: 'Row', align: 'center', children: ['audio_icon', 'audio_title'] },
      { id: 'audio_icon', component: 'Icon', name: 'volumeUp' },
      text('audio_title', '**Door chime**, seven notes', { weight: 1 }),
      { id: 'audio', component: 'AudioPlayer', url: asset('chime.webm'), description: 'A seven-note door chime' },
      text('credits', 'Both clips were **generated** for this demo (a canvas and an oscillator); nothing is fetched from the internet.\n\n> Media URLs must be `http:` or `https:`: anything else is refused.'),
    ]),
  ];
}

/** A list template over the data model: one row per person, keyed by id. */
function team(): Message[] {
  const s = 'team';
  return [
    createSurface(s, {
      dataModel: {
        people: [
          { id: 'ada', name: 'Ada Lovelace', role: 'Compiler on call', avatar: asset('avatar-1.svg') },
          { id: 'grace', name: 'Grace Hopper', role: 'Incident lead', avatar: asset('avatar-2.svg') },
          { id: 'alan', name: 'Alan Turing', role: 'Backup', avatar: asset('avatar-3.svg') },
        ],
      },
    }),
    updateComponents(s, [
      { id: 'root', component: 'Card', child: 'body' },
      { id: 'body', component: 'Column', children: ['heading', 'count', 'people'] },
      text('heading', '### On call this week'),
      text('count', { '@call': 'pluralize', args: { value: 3, one: 'One engineer', other: 'Three engineers, in rota order' } }, { variant: 'caption' }),
      { id: 'people', component: 'List', children: { path: '/people', componentId: 'person' } },
      { id: 'person', component: 'Row', align: 'center', children: ['avatar', 'who', 'call'] },
      { id: 'avatar', component: 'Image', url: path('avatar'), description: path('name'), variant: 'avatar', fit: 'cover' },
      { id: 'who', component: 'Column', weight: 1, children: ['who_name', 'who_role'] },
      text('who_name', path('name')),
      text('who_role', path('role'), { variant: 'caption' }),
      ...button('call', 'Page', 'page_person', { id: path('id'), name: path('name') }),
    ]),
  ];
}

export const GALLERY: GalleryExample[] = [
  { id: 'trip', title: 'Trip card', about: 'Card, Row, Column, Image, Icon, markdown Text, formatted values, Divider, a Modal holding a List template.', messages: trip },
  { id: 'prefs', title: 'Preferences form', about: 'Every input, two-way bound: TextField (short and long), CheckBox, ChoicePicker (chips and checkboxes), Slider, DateTimeInput; checks disable Save.', messages: preferences },
  { id: 'media', title: 'Media in tabs', about: 'Tabs with a Video (poster), an AudioPlayer and a markdown tab.', messages: media },
  { id: 'team', title: 'List template', about: 'A List over /people, keyed by id; each row binds its own item (relative paths).', messages: team },
];

/** Every gallery message, in order (the playground's default stream). */
export function galleryStream(): Message[] {
  return GALLERY.flatMap((g) => g.messages());
}

export { updateDataModel };
