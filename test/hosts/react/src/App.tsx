// README "React 19 + TypeScript": the same code.
import { useEffect, useState } from 'react'
import { A2uiStore, feedResponse, requestBody } from 'a2ui-elements'
import { browserHost, type A2uiActionEventDetail } from 'a2ui-elements/elements'
import type {} from 'a2ui-elements/react' // JSX typings for <a2ui-surface>

// One store for the page's lifetime (outside the component: StrictMode renders twice).
const store = new A2uiStore({ host: browserHost })

export default function App() {
  const [status, setStatus] = useState('')
  const [outbound, setOutbound] = useState('')

  useEffect(() => {
    fetch('/test/hosts/contact.jsonl')
      .then((res) => feedResponse(store, res))
      .then((r) => setStatus(`fed ${r.messages} messages`))
  }, [])

  // The message for the agent, with the metadata it travels with (POST it to your agent).
  const onAction = (e: CustomEvent<A2uiActionEventDetail>) => {
    const { action, message, metadata } = e.detail
    setOutbound(JSON.stringify({ action, body: requestBody(store, message, { metadata }) }))
  }

  return (
    <>
      <a2ui-surface store={store} surface-id="contact" ona2ui-action={onAction}></a2ui-surface>
      <p id="status">{status}</p>
      <pre id="outbound">{outbound}</pre>
    </>
  )
}

