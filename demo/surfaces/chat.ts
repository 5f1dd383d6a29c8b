/**
 * The chat page's scripted model answer: prose, one large A2UI surface in an `<a2ui-json>` block
 * (a trip planner: a header, a 12-day itinerary of cards, a budget form), and closing prose.
 */
const CATALOG = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

const DAYS = [
  ['Lisbon', 'Tram 28 through Alfama, pastéis de nata in Belém'],
  ['Lisbon', 'Sintra day trip: Pena Palace and the Moorish Castle'],
  ['Porto', 'Train north; port cellars in Vila Nova de Gaia at sunset'],
  ['Porto', 'Livraria Lello early, then the Ribeira by boat'],
  ['Douro Valley', 'Vineyard lunch at a quinta above the river'],
  ['Coimbra', 'The old university and the Joanina library'],
  ['Óbidos', 'Walk the walls; ginjinha in a chocolate cup'],
  ['Évora', 'Roman temple, the Chapel of Bones, Alentejo cooking'],
  ['Lagos', 'Kayak to the Ponta da Piedade grottoes'],
  ['Lagos', 'Beach day: Praia do Camilo, seafood cataplana'],
  ['Sagres', 'Cape St. Vincent at the end of the world'],
  ['Lisbon', 'Fado in Mouraria, then the flight home'],
];

/** The surface as one createSurface message. */
export function tripSurface(surfaceId = 'trip'): Record<string, unknown> {
  const days = DAYS.map((_, i) => `day${i}`);
  const components: Record<string, unknown>[] = [
    { id: 'root', component: 'Column', children: ['title', 'summary', 'days', 'divider', 'budget'] },
    { id: 'title', component: 'Text', text: '## 12 days in Portugal' },
    { id: 'summary', component: 'Text', text: 'Lisbon → Porto → the Douro → the Algarve, by train and one rental car. Tap a day to keep it.' },
    { id: 'days', component: 'Column', children: days },
  ];
  DAYS.forEach(([place, plan], i) => {
    const id = `day${i}`;
    components.push(
      { id, component: 'Card', child: `${id}_body` },
      { id: `${id}_body`, component: 'Column', children: [`${id}_head`, `${id}_plan`, `${id}_keep`] },
      { id: `${id}_head`, component: 'Text', text: `### Day ${i + 1} · ${place}` },
      { id: `${id}_plan`, component: 'Text', text: plan },
      { id: `${id}_keep`, component: 'CheckBox', label: 'Keep this day', value: { '@path': `/keep/${i}` } },
    );
  });
  components.push(
    { id: 'divider', component: 'Divider' },
    { id: 'budget', component: 'Column', children: ['budget_title', 'budget_amount', 'budget_travellers', 'budget_send'] },
    { id: 'budget_title', component: 'Text', text: '### Budget' },
    { id: 'budget_amount', component: 'Slider', label: 'Per person (€)', min: 500, max: 5000, value: { '@path': '/budget' } },
    { id: 'budget_travellers', component: 'TextField', label: 'Travellers', value: { '@path': '/travellers' } },
    { id: 'budget_send_label', component: 'Text', text: 'Plan it' },
    {
      id: 'budget_send',
      component: 'Button',
      variant: 'primary',
      child: 'budget_send_label',
      action: { event: { name: 'plan_trip', context: { budget: { '@path': '/budget' }, travellers: { '@path': '/travellers' }, keep: { '@path': '/keep' } } } },
    },
  );
  return {
    version: '1.0',
    createSurface: { surfaceId, catalogId: CATALOG, dataModel: { budget: 1800, travellers: '2', keep: DAYS.map(() => true) }, components },
  };
}

/** The whole answer as the model writes it. */
export function tripAnswer(surfaceId = 'trip'): string {
  return [
    'Happy to help! Portugal in twelve days works well if you start in Lisbon and end in the Algarve. ',
    'Here is a plan you can adjust:\n\n',
    `<a2ui-json>\n${JSON.stringify(tripSurface(surfaceId), null, 1)}\n</a2ui-json>\n\n`,
    'Untick the days you would rather skip and set a budget; I will book trains and rooms to match.',
  ].join('');
}
