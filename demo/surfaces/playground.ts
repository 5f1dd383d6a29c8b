/** The playground's example streams. */
import { GALLERY } from './gallery.ts';
import { hello } from './hello.ts';
import { asset, createSurface, jsonl, text, updateComponents, updateDataModel } from './common.ts';

export interface PlaygroundExample {
  label: string;
  text: () => string;
}

export const EXAMPLES: PlaygroundExample[] = [
  { label: 'Gallery: four surfaces', text: () => jsonl(GALLERY.flatMap((g) => g.messages())) },
  { label: 'Coffee order', text: () => jsonl(hello()) },
  {
    label: 'Data updates (after the gallery)',
    text: () =>
      jsonl([
        updateDataModel('trip', '/price', 380),
        updateDataModel('trip', '/nights', 3),
        updateDataModel('team', '/people/3', { id: 'edsger', name: 'Edsger Dijkstra', role: 'Shadowing', avatar: asset('avatar-1.svg') }),
        updateDataModel('prefs', '/channels', ['email', 'push']),
      ]),
  },
  {
    label: 'Mistakes, answered with errors',
    text: () =>
      [
        JSON.stringify(createSurface('oops', { dataModel: { n: 1 } })),
        JSON.stringify(updateComponents('oops', [
          { id: 'root', component: 'Column', children: ['fine', 'unknown', 'bad_binding'] },
          text('fine', 'This Text is fine; its siblings are not.'),
          { id: 'unknown', component: 'Carousel', items: [] },
          text('bad_binding', { '@call': 'noSuchFunction', args: {} }),
        ])),
        '{"version": "1.0", "updateDataModel": {"surfaceId": "nowhere", "path": "/x", "value": 1}}',
        '{ this line is not JSON',
      ].join('\n') + '\n',
  },
  { label: 'Delete the trip surface', text: () => jsonl([{ version: '1.0', deleteSurface: { surfaceId: 'trip' } }]) },
];
