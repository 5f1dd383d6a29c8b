// An A2UI agent, no dependencies: streams a booking form as JSONL and answers its action.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';

const PORT = Number(process.env.PORT ?? 8000);
const surfaceId = 'booking';
const FORM = [
  { version: '1.0', createSurface: { surfaceId, catalogId: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json' } },
  { version: '1.0', updateComponents: { surfaceId, components: [
    { id: 'root', component: 'Card', child: 'form' },
    { id: 'form', component: 'Column', children: ['title', 'name', 'guests', 'book', 'reply'] },
    { id: 'title', component: 'Text', text: '## Book a table' },
    { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/booking/name' } },
    { id: 'guests', component: 'TextField', label: 'Guests', variant: 'number', value: { '@path': '/booking/guests' } },
    { id: 'book', component: 'Button', child: 'book_label', variant: 'primary', action: { event: { name: 'book',
      context: { name: { '@path': '/booking/name' }, guests: { '@path': '/booking/guests' } } } } },
    { id: 'book_label', component: 'Text', text: 'Book' },
    { id: 'reply', component: 'Text', text: { '@path': '/reply' } },
  ] } },
  { version: '1.0', updateDataModel: { surfaceId, path: '/booking', value: { name: '', guests: '2' } } },
];
// sendToAgent POSTs JSON, so a page on another origin sends a preflight first: answer it.
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };

async function serve(req, res) {
  const path = new URL(req.url, 'http://agent').pathname;
  if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
  if (path === '/agent') {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method === 'POST') console.log('from the page:', body); // { messages, metadata }
    const action = req.method === 'POST' && JSON.parse(body).messages.find((m) => m.action)?.action;
    const answer = req.method === 'GET' ? FORM : action ? [{ version: '1.0', updateDataModel: { surfaceId,
      path: '/reply', value: `Booked: a table for ${action.context.guests}, ${action.context.name}.` } }] : [];
    res.writeHead(200, { ...CORS, 'content-type': 'application/jsonl' });
    for (const message of answer) res.write(JSON.stringify(message) + '\n');
    return void res.end();
  }
  // The page, and the library from dist/ (the script-tag file and the pieces it loads on first use).
  const file = path === '/' ? 'index.html' : /^\/dist\/[\w-]+\.(js|html)$/.test(path) ? `../..${path}` : undefined;
  if (!file) return void res.writeHead(404).end();
  const type = file.endsWith('.html') ? 'text/html' : 'text/javascript';
  readFile(new URL(file, import.meta.url)).then(
    (data) => res.writeHead(200, { 'content-type': type }).end(data),
    () => res.writeHead(404).end(),
  );
}
// A request it cannot read (not JSON, no `messages`) gets a 400; the agent keeps running.
createServer((req, res) => serve(req, res).catch(() => res.writeHead(400).end()))
  .listen(PORT, () => console.log(`open http://localhost:${PORT}/`));
