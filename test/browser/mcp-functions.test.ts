/**
 * The MCP catalog functions against a real MCP server (official TypeScript SDK, `McpServer` and
 * `Client` linked in memory in the page), driven through rendered surfaces: Buttons whose actions
 * call tools, Texts and Lists bound to what the calls write.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer, fromJsonSchema } from '@modelcontextprotocol/server';
import type { A2uiError } from '../../src/index.ts';
import { configureMcpCatalog, MCP_CATALOG_ID, type McpAppResource, type McpAppResourceContext } from '../../sandbox/functions/index.ts';
import { components, mount, settle, surfaceMessages } from './elements-helpers.ts';
import { getByLabel, getByRole, queryAllByRole, textOf as shownText } from './queries.ts';

const S = 'mcp';

const ISSUES = [
  { number: 1, title: 'Crash on start', state: 'open', author: 'ada' },
  { number: 2, title: 'Typo in docs', state: 'closed', author: 'bob' },
  { number: 3, title: 'Add dark mode', state: 'open', author: 'cy' },
];

const SEARCH_TEXT = [
  'Found 2 results for "a2ui"',
  'Title: A2UI specification\nURL: https://a2ui.org/specification\nContent: The protocol.',
  'Title: Model Context Protocol\nURL: https://modelcontextprotocol.io\nContent: Tools for models.',
].join('\n\n');

const APP_HTML = '<!doctype html><p>bar chart</p>';
const APP_MIME = 'text/html;profile=mcp-app';

const objectSchema = (properties: Record<string, { type: 'string' }>) => fromJsonSchema({ type: 'object', properties });
const text = (t: string) => ({ type: 'text' as const, text: t });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Everything the server saw, for assertions on what reached it. */
interface ServerLog {
  calls: Array<{ tool: string; args: Record<string, unknown> }>;
  reads: string[];
  /** Queries of `search` in the order their responses were sent. */
  searchDone: string[];
  /** How long each `search` call waits (ms, or until a promise settles), in call order. */
  searchDelays: Array<number | Promise<unknown>>;
}

/** An MCP server with one tool per kind of result the catalog must handle. */
function demoServer(log: ServerLog): McpServer {
  const server = new McpServer({ name: 'a2ui-demo-server', version: '1.0.0' });
  const record = (tool: string, args: unknown) => log.calls.push({ tool, args: (args ?? {}) as Record<string, unknown> });
  const repo = objectSchema({ repository: { type: 'string' } });

  server.registerTool('list_issues', { inputSchema: repo }, async (args) => {
    record('list_issues', args);
    return { content: [text(JSON.stringify(ISSUES))] };
  });
  server.registerTool('list_issues_structured', { inputSchema: repo }, async (args) => {
    record('list_issues_structured', args);
    return { content: [text(`${ISSUES.length} issues`)], structuredContent: { issues: ISSUES } };
  });
  server.registerTool('tavily-search', { inputSchema: objectSchema({ query: { type: 'string' } }) }, async (args) => {
    record('tavily-search', args);
    return { content: [text(SEARCH_TEXT)] };
  });
  server.registerTool('build_status', {}, async () => ({ content: [text('The build is green.')] }));
  server.registerTool('two_blocks', {}, async () => ({ content: [text('{"a":1}'), text('[2]')] }));
  server.registerTool('failing', { inputSchema: repo }, async (args) => {
    record('failing', args);
    return { content: [text('repository not found')], isError: true };
  });
  server.registerTool('show_chart', { _meta: { ui: { resourceUri: 'ui://charts/bar' } } }, async () => ({
    content: [text('chart ready')],
    structuredContent: { series: [3, 1, 4] },
  }));
  server.registerTool('open_board', {}, async () => ({
    content: [{ type: 'resource_link', uri: 'ui://board/app', name: 'board', mimeType: APP_MIME }],
  }));
  server.registerTool('render_counter', {}, async () => ({
    content: [
      text('Counter ready.'),
      {
        type: 'resource',
        resource: {
          uri: 'a2ui://counter/surface',
          mimeType: 'application/a2ui+json',
          text: JSON.stringify([
            { createSurface: { surfaceId: 'counter', catalogId: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json' } },
            { updateComponents: { surfaceId: 'counter', components: [{ id: 'root', component: 'Text', text: { '@path': '/label' } }] } },
            { updateDataModel: { surfaceId: 'counter', path: '/label', value: 'Count: 1' } },
          ]),
        },
      },
    ],
  }));
  server.registerTool('search', { inputSchema: objectSchema({ q: { type: 'string' } }) }, async (args) => {
    const q = String((args as { q?: unknown }).q ?? '');
    const delay = log.searchDelays.shift() ?? 0;
    await (typeof delay === 'number' ? sleep(delay) : delay);
    log.searchDone.push(q);
    return { content: [text(`results for ${q}`)], structuredContent: { query: q, hits: [`${q} one`, `${q} two`] } };
  });

  const app = (uri: string, meta: Record<string, unknown>) =>
    server.registerResource(uri, uri, { mimeType: APP_MIME }, async () => {
      log.reads.push(uri);
      return { contents: [{ uri, mimeType: APP_MIME, text: APP_HTML, _meta: { ui: meta } }] };
    });
  app('ui://charts/bar', { csp: { connectDomains: ['https://api.example.com'] }, permissions: { clipboardWrite: true } });
  app('ui://board/app', {});
  return server;
}

async function connect(server: McpServer): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'a2ui-elements-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

/** Ids of the components no other component refers to (as `child` or list template). */
function topLevel(comps: unknown[]): string[] {
  const used = new Set<string>();
  for (const c of comps as Array<{ child?: string; children?: { componentId?: string } }>) {
    if (c.child) used.add(c.child);
    if (c.children?.componentId) used.add(c.children.componentId);
  }
  return (comps as Array<{ id: string }>).map((c) => c.id).filter((id) => !used.has(id));
}

/** A function call as a payload writes it. */
function call(name: string, args: Record<string, unknown>) {
  return { '@call': name, catalogId: MCP_CATALOG_ID, args };
}

/** A mounted surface whose store reaches the demo server; `components` under a Column root. */
async function setup(comps: unknown[] = [], data: Record<string, unknown> = { repository: 'a2ui/demo' }) {
  const log: ServerLog = { calls: [], reads: [], searchDone: [], searchDelays: [] };
  const client = await connect(demoServer(log));
  const m = await mount(S);
  configureMcpCatalog(m.store, { clientFor: () => client });
  await m.process(surfaceMessages(S, [{ id: 'root', component: 'Column', children: topLevel(comps) }, ...comps], data));
  const model = (path: string) => m.store.surface(S)!.dataModel.get(path);
  const run = (c: unknown) => m.store.execute(c, { surfaceId: S });
  const click = async (id: string) => {
    // Each test Button is named by its id (see `button`).
    const target = getByRole<HTMLButtonElement>(m.el, 'button', { name: id });
    target.click();
    // Let the Button render its busy state first, so the wait below does not end before the action
    // has started (a chain may wait for the network: an MCP server, the lazily loaded jmespath).
    await components(m.el, id)[0].updateComplete;
    await waitUntil(() => target.getAttribute('aria-busy') !== 'true', 'action never finished');
    await settle(m.el);
  };
  const textOf = (id: string) => {
    const shown = components(m.el, id)[0];
    return shown ? shownText(shown) : undefined;
  };
  return { ...m, log, client, model, run, click, textOf };
}

/** A Button `id` (label `label`) whose action is `functionCall`. */
function button(id: string, functionCall: unknown): unknown[] {
  return [
    { id, component: 'Button', child: `${id}_label`, action: { functionCall } },
    { id: `${id}_label`, component: 'Text', text: id },
  ];
}

async function rejection(p: Promise<unknown>): Promise<A2uiError> {
  try {
    await p;
  } catch (e) {
    return e as A2uiError;
  }
  throw new Error('expected the call to fail');
}

describe('mcp functions: callMcpTool against a real MCP server', () => {
  it('a Button writes structured content to targetDataPath and a bound Text shows it', async () => {
    const t = await setup([
      ...button('load', call('callMcpTool', { name: 'list_issues_structured', arguments: { repository: { '@path': '/repository' } }, targetDataPath: '/issueResponse' })),
      { id: 'first', component: 'Text', text: { '@path': '/issueResponse/structuredContent/issues/0/title' } },
    ]);
    await t.click('load');
    expect(t.textOf('first')).to.equal('Crash on start');
    expect(t.log.calls).to.deep.equal([{ tool: 'list_issues_structured', args: { repository: 'a2ui/demo' } }]);
    const response = t.model('/issueResponse') as Record<string, unknown>;
    expect(response.structuredContent).to.deep.equal({ issues: ISSUES });
    expect(response.text).to.equal('3 issues');
    expect(response.json).to.equal(null);
    expect(response.toolName).to.equal('list_issues_structured');
    expect(response.toolInput).to.deep.equal({ repository: 'a2ui/demo' });
    expect((response.toolResult as Record<string, unknown>).structuredContent).to.deep.equal({ issues: ISSUES });
    expect(t.errors()).to.deep.equal([]);
  });

  it('parses JSON text into json, keeps plain text as text, and collects several JSON blocks', async () => {
    const t = await setup();
    const issues = (await t.run(call('callMcpTool', { name: 'list_issues', arguments: { repository: 'a2ui/demo' } }))) as Record<string, unknown>;
    expect(issues.json).to.deep.equal(ISSUES);
    expect(issues.structuredContent).to.equal(null);
    expect(issues.text).to.equal(JSON.stringify(ISSUES));
    const plain = (await t.run(call('callMcpTool', { name: 'build_status' }))) as Record<string, unknown>;
    expect(plain).to.include({ text: 'The build is green.', json: null, structuredContent: null, toolName: 'build_status' });
    expect(plain.toolInput).to.deep.equal({});
    const two = (await t.run(call('callMcpTool', { name: 'two_blocks' }))) as Record<string, unknown>;
    expect(two.text).to.equal('{"a":1}\n[2]');
    expect(two.json).to.deep.equal([{ a: 1 }, [2]]);
    // Without targetDataPath nothing is written.
    expect(t.store.surface(S)!.dataModel.snapshot()).to.deep.equal({ repository: 'a2ui/demo' });
  });

  it('an isError result is an EXPRESSION_ERROR to the agent and leaves the data model unchanged', async () => {
    const t = await setup(
      [...button('load', call('callMcpTool', { name: 'failing', arguments: { repository: { '@path': '/repository' } }, targetDataPath: '/issueResponse' })),
        { id: 'shown', component: 'Text', text: { '@path': '/issueResponse' } }],
      { repository: 'a2ui/demo', issueResponse: 'previous' },
    );
    await t.click('load');
    expect(t.log.calls.map((c) => c.tool)).to.deep.equal(['failing']);
    const errors = t.errors().map((m) => (m as { error: { code: string; message: string } }).error);
    expect(errors).to.have.length(1);
    expect(errors[0].code).to.equal('EXPRESSION_ERROR');
    expect(errors[0].message).to.contain('repository not found');
    expect(t.model('/issueResponse')).to.equal('previous');
    expect(t.textOf('shown')).to.equal('previous');
    const direct = await rejection(t.run(call('callMcpTool', { name: 'failing', arguments: {}, targetDataPath: '/issueResponse' })));
    expect(direct.code).to.equal('EXPRESSION_ERROR');
    expect(t.model('/issueResponse')).to.equal('previous');
  });

  it('a request that throws (unknown tool, closed connection) is an EXPRESSION_ERROR', async () => {
    const t = await setup([], { issueResponse: 'previous' });
    const unknown = await rejection(t.run(call('callMcpTool', { name: 'no_such_tool', targetDataPath: '/issueResponse' })));
    expect(unknown.code).to.equal('EXPRESSION_ERROR');
    expect(unknown.message).to.contain('no_such_tool');
    await t.client.close();
    const closed = await rejection(t.run(call('callMcpTool', { name: 'build_status', targetDataPath: '/issueResponse' })));
    expect(closed.code).to.equal('EXPRESSION_ERROR');
    expect(t.model('/issueResponse')).to.equal('previous');
  });

  it('without a configured client, or with none for the tool, calls fail with a clear EXPRESSION_ERROR', async () => {
    const m = await mount(S);
    await m.process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: 'x' }]));
    configureMcpCatalog(m.store);
    const none = await rejection(m.store.execute(call('callMcpTool', { name: 'build_status' }), { surfaceId: S }));
    expect(none.code).to.equal('EXPRESSION_ERROR');
    expect(none.message).to.match(/no MCP client is configured/);
    configureMcpCatalog(m.store, { clientFor: () => undefined });
    const unrouted = await rejection(m.store.execute(call('callMcpTool', { name: 'build_status' }), { surfaceId: S }));
    expect(unrouted.code).to.equal('EXPRESSION_ERROR');
    expect(unrouted.message).to.contain("'build_status'");
    expect(m.out.filter((o) => 'callAgentFunction' in o)).to.deep.equal([]);
  });

  it('routes tools to clients with an async clientFor, and a second configure call replaces it', async () => {
    const logA: ServerLog = { calls: [], reads: [], searchDone: [], searchDelays: [] };
    const logB: ServerLog = { calls: [], reads: [], searchDone: [], searchDelays: [] };
    const [a, b] = await Promise.all([connect(demoServer(logA)), connect(demoServer(logB))]);
    const t = await setup();
    configureMcpCatalog(t.store, { clientFor: async (tool) => (tool === 'failing' ? b : a) });
    await t.run(call('callMcpTool', { name: 'list_issues', arguments: { repository: 'x' } }));
    await rejection(t.run(call('callMcpTool', { name: 'failing', arguments: { repository: 'y' } })));
    expect(logA.calls.map((c) => c.tool)).to.deep.equal(['list_issues']);
    expect(logB.calls.map((c) => c.tool)).to.deep.equal(['failing']);
    configureMcpCatalog(t.store, { clientFor: () => b });
    await t.run(call('callMcpTool', { name: 'list_issues', arguments: { repository: 'z' } }));
    expect(logB.calls.map((c) => c.args.repository)).to.deep.equal(['y', 'z']);
    expect(t.log.calls).to.deep.equal([]);
  });
});

describe('mcp functions: UI resources in tool results', () => {
  it("reads the tool's ui:// app and adds uri, htmlContent, csp and permissions to what it writes", async () => {
    const t = await setup([{ id: 'uri', component: 'Text', text: { '@path': '/chart/resourceUri' } }]);
    const seen: Array<[McpAppResource, McpAppResourceContext]> = [];
    configureMcpCatalog(t.store, { onMcpAppResource: (app, ctx) => seen.push([app, ctx]) });
    await t.run(call('callMcpTool', { name: 'show_chart', targetDataPath: '/chart' }));
    await settle(t.el);
    const chart = t.model('/chart') as Record<string, unknown>;
    expect(chart).to.include({ uri: 'ui://charts/bar', resourceUri: 'ui://charts/bar', htmlContent: APP_HTML, html: APP_HTML });
    expect(chart.csp).to.deep.equal({ connectDomains: ['https://api.example.com'] });
    expect(chart.permissions).to.deep.equal({ clipboardWrite: true });
    expect(chart.structuredContent).to.deep.equal({ series: [3, 1, 4] });
    expect(t.textOf('uri')).to.equal('ui://charts/bar');
    expect(seen).to.have.length(1);
    expect(seen[0][0].htmlContent).to.equal(APP_HTML);
    expect(seen[0][1]).to.deep.equal({ surfaceId: S, toolName: 'show_chart', targetDataPath: '/chart' });
    // The declared app is a template: a second call does not read it again.
    await t.run(call('callMcpTool', { name: 'show_chart', targetDataPath: '/chart' }));
    expect(t.log.reads).to.deep.equal(['ui://charts/bar']);
    expect(seen).to.have.length(2);
  });

  it('reads a ui:// app a result links to', async () => {
    const t = await setup();
    const board = (await t.run(call('callMcpTool', { name: 'open_board' }))) as Record<string, unknown>;
    expect(board).to.include({ resourceUri: 'ui://board/app', htmlContent: APP_HTML, csp: null, permissions: null });
    expect(t.log.reads).to.deep.equal(['ui://board/app']);
    const plain = (await t.run(call('callMcpTool', { name: 'build_status' }))) as Record<string, unknown>;
    expect(plain).not.to.have.property('htmlContent');
  });

  it('feeds application/a2ui+json blocks to the store, which renders the surface they create', async () => {
    const t = await setup();
    const counter = await mount('counter');
    // The counter surface lives in the second element's store; route it there.
    configureMcpCatalog(counter.store, { clientFor: () => t.client });
    await counter.store.execute(call('callMcpTool', { name: 'render_counter' }));
    await settle(counter.el);
    expect(counter.store.surface('counter')?.dataModel.get('/label')).to.equal('Count: 1');
    expect(shownText(counter.el)).to.contain('Count: 1');
    expect(counter.errors()).to.deep.equal([]);
  });
});

describe('mcp functions: the seed guide chains', () => {
  it('list issues → filter open ones → write /issues, shown by a List', async () => {
    // The guide's transformData(jmespath, data) is the catalog's jmespath(expression, data).
    const chain = call('updateDataModel', {
      updates: call('jmespath', {
        expression: "{\"/issues\": json[?state == 'open'].{number: to_string(number), title: title}}",
        data: call('callMcpTool', { name: 'list_issues', arguments: { repository: { '@path': '/repository' } } }),
      }),
    });
    const t = await setup([
      ...button('load', chain),
      { id: 'list', component: 'List', children: { path: '/issues', componentId: 'row' } },
      { id: 'row', component: 'Text', text: { '@path': 'title' } },
    ]);
    await t.click('load');
    expect(t.model('/issues')).to.deep.equal([
      { number: '1', title: 'Crash on start' },
      { number: '3', title: 'Add dark mode' },
    ]);
    expect(components(t.el, 'row').map(shownText)).to.deep.equal(['Crash on start', 'Add dark mode']);
    expect(t.errors()).to.deep.equal([]);
  });

  it('parses plain-text search results into /results with split, regexCapture and jmespath', async () => {
    const chain = call('updateDataModel', {
      updates: call('jmespath', {
        expression: '{"/results": [?@ != null].{title: [0], url: [1]}}',
        data: call('regexCapture', {
          pattern: '^Title: (.*)\nURL: (.*)',
          value: call('split', {
            separator: '\n\n',
            value: call('jmespath', {
              expression: 'text',
              data: call('callMcpTool', { name: 'tavily-search', arguments: { query: { '@path': '/query' } } }),
            }),
          }),
        }),
      }),
    });
    const t = await setup(
      [...button('search', chain), { id: 'results', component: 'List', children: { path: '/results', componentId: 'hit' } },
        { id: 'hit', component: 'Text', text: { '@path': 'url' } }],
      { query: 'a2ui' },
    );
    await t.click('search');
    expect(t.log.calls).to.deep.equal([{ tool: 'tavily-search', args: { query: 'a2ui' } }]);
    expect(t.model('/results')).to.deep.equal([
      { title: 'A2UI specification', url: 'https://a2ui.org/specification' },
      { title: 'Model Context Protocol', url: 'https://modelcontextprotocol.io' },
    ]);
    expect(components(t.el, 'hit').map(shownText)).to.deep.equal([
      'https://a2ui.org/specification',
      'https://modelcontextprotocol.io',
    ]);
  });
});

describe('mcp functions: data functions on a surface', () => {
  it('updateDataModel resolves relative keys against the list item of the Button that calls it', async () => {
    const t = await setup(
      [{ id: 'list', component: 'List', children: { path: '/items', componentId: 'row' } },
        ...button('row', call('updateDataModel', { updates: { selected: true, '/last': { '@path': 'name' } } }))],
      { items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
    );
    const rows = components(t.el, 'row');
    expect(rows).to.have.length(3);
    const buttons = queryAllByRole(t.el, 'button', { name: 'row' });
    expect(buttons).to.have.length(3);
    buttons[1].click();
    await waitUntil(() => t.model('/last') === 'b', 'the row action never wrote');
    expect(t.model('/items')).to.deep.equal([{ name: 'a' }, { name: 'b', selected: true }, { name: 'c' }]);
  });

  it('jmespath gives null for missing fields and an EXPRESSION_ERROR for a bad expression', async () => {
    const t = await setup();
    expect(await t.run(call('jmespath', { expression: 'a.b.c', data: { a: {} } }))).to.equal(null);
    expect(await t.run(call('jmespath', { expression: 'missing', data: { '@path': '/nothing/here' } }))).to.equal(null);
    expect((await rejection(t.run(call('jmespath', { expression: 'a[?', data: {} })))).code).to.equal('EXPRESSION_ERROR');
  });

  it('a Text bound to jmespath shows its value, and follows the data it reads', async () => {
    // The body is async until the jmespath package has loaded (it is fetched on first use).
    const t = await setup([{ id: 'who', component: 'Text', text: call('jmespath', { expression: 'people[?active].name | join(`, `, @)', data: { '@path': '/' } }) }], {
      people: [{ name: 'Ada', active: true }, { name: 'Alan', active: false }, { name: 'Grace', active: true }],
    });
    await waitUntil(() => t.textOf('who') === 'Ada, Grace', `the bound Text shows '${t.textOf('who')}'`);
    t.store.surface(S)!.dataModel.set('/people/1/active', true);
    await settle(t.el);
    expect(t.textOf('who')).to.equal('Ada, Alan, Grace');
    expect(t.errors()).to.deep.equal([]);
  });

  it('split, regexCapture and regexReplace map over arrays; unsafe patterns are EXPRESSION_ERRORs', async () => {
    const t = await setup();
    expect(await t.run(call('split', { value: ['a,b', 'c'], separator: ',' }))).to.deep.equal([['a', 'b'], ['c']]);
    expect(await t.run(call('split', { value: 'h😀i', separator: '' }))).to.deep.equal(['h', '😀', 'i']);
    expect(await t.run(call('regexCapture', { value: ['v1.2', 'v3', 'x'], pattern: '^v(\\d+)(?:\\.(\\d+))?$' }))).to.deep.equal([['1', '2'], ['3', ''], null]);
    expect(await t.run(call('regexReplace', { value: 'a1b22', pattern: '\\d+', replacement: '[$1]' }))).to.equal('a[$1]b[$1]');
    for (const pattern of ['(a+)+$', '(\\w)\\1', '(?<=a)b']) {
      const e = await rejection(t.run(call('regexCapture', { value: 'aaa', pattern })));
      expect(e.code, pattern).to.equal('EXPRESSION_ERROR');
    }
    expect((await rejection(t.run(call('regexReplace', { value: 'x', pattern: '(a|ab)*c', replacement: '' })))).code).to.equal('EXPRESSION_ERROR');
  });
});

describe('mcp functions: typing with a tool call per keystroke', () => {
  it('ends with the last keystroke’s result although earlier responses arrive later', async () => {
    const t = await setup(
      [{ id: 'q', component: 'TextField', label: 'Search', value: { '@path': '/query' } },
        { id: 'hits', component: 'Text', text: { '@path': '/results/structuredContent/hits/0' } }],
      {},
    );
    const typed = 'model context';
    // Randomized delays (seeded, so a failure can be replayed); the first keystroke's response is
    // held until the last one's was sent, so the race this guards against surely happens.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const afterLast = waitUntil(() => t.log.searchDone.includes(typed), 'the last search never answered', { timeout: 8000 });
    t.log.searchDelays.push(afterLast, ...Array.from({ length: typed.length - 1 }, () => Math.floor(random() * 60)));
    const pending: Array<Promise<unknown>> = [];
    const search = call('callMcpTool', { name: 'search', arguments: { q: { '@path': '/query' } }, targetDataPath: '/results' });
    t.store.surface(S)!.dataModel.subscribe('/query', () => pending.push(t.run(search)));
    getByLabel(t.el, 'Search').focus();
    await sendKeys({ type: typed });
    expect(t.model('/query')).to.equal(typed);
    expect(pending).to.have.length(typed.length);
    await Promise.all(pending);
    await settle(t.el);
    // The race happened: the first keystroke's response came after the last one's.
    expect(t.log.searchDone.at(-1)).to.equal('m');
    expect(t.log.searchDone.indexOf(typed)).to.be.lessThan(typed.length - 1);
    expect((t.model('/results') as { structuredContent: unknown }).structuredContent).to.deep.equal({
      query: typed,
      hits: [`${typed} one`, `${typed} two`],
    });
    expect(t.textOf('hits')).to.equal(`${typed} one`);
  });
});

