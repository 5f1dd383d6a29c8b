import { useEffect, useState } from 'react'
import { A2uiStore } from 'a2ui-elements'
import { browserHost } from 'a2ui-elements/elements'
import { configureMcpCatalog, MCP_CATALOG_ID } from 'a2ui-elements/sandbox'
import type {} from 'a2ui-elements/react'

// An MCP App's HTML, as its server's ui:// resource gives it (here the published basic widget).
const WIDGET = '/node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/mcp-app.html'

// No configureSandbox: the sandbox proxy is the package's proxy.html, which the bundler copied
// into this app's build as an asset (same origin as the page: works, reported as weaker).
const store = new A2uiStore({ host: browserHost })
configureMcpCatalog(store)
const shown = fetch(WIDGET)
  .then((res) => res.text())
  .then((html) =>
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'widget', catalogId: MCP_CATALOG_ID, dataModel: { html } } },
      { version: '1.0', updateComponents: { surfaceId: 'widget', components: [{ id: 'root', component: 'McpApp', htmlContent: { '@path': '/html' }, title: 'Clock' }] } },
    ]),
  )

/** An McpApp on a surface of its own. */
export default function McpWidget() {
  const [status, setStatus] = useState('')
  useEffect(() => void shown.then(() => setStatus('widget streamed')), [])
  return (
    <>
      <a2ui-surface store={store} surface-id="widget"></a2ui-surface>
      <p id="widget-status">{status}</p>
    </>
  )
}
