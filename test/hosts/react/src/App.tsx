import { useEffect, useState } from 'react'
import { A2uiStore, feedResponse, sendToAgent } from 'a2ui-elements'
import { browserHost, type A2uiActionEventDetail } from 'a2ui-elements/elements'
import type {} from 'a2ui-elements/react' // JSX typings for <a2ui-surface>

const AGENT = '/test/hosts/agent' // your agent's endpoint

// One store for the page's lifetime. Every message for the agent (a Button's action, an error)
// is POSTed with its metadata; the agent's answer streams back into the store.
const store = new A2uiStore({ host: browserHost })
store.onMessage((message, metadata) => void sendToAgent(store, AGENT, message, { metadata }))
const firstTurn = fetch(AGENT).then((res) => feedResponse(store, res)) // JSONL, SSE or JSON

export default function App() {
  const [status, setStatus] = useState('')
  const [lastAction, setLastAction] = useState('')
  useEffect(() => void firstTurn.then((r) => setStatus(`fed ${r.messages} messages`)), [])

  // The app sees each action too (already on its way to the agent).
  const onAction = (e: CustomEvent<A2uiActionEventDetail>) => setLastAction(JSON.stringify(e.detail.action))

  return (
    <>
      <a2ui-surface store={store} surface-id="contact" ona2ui-action={onAction}></a2ui-surface>
      <p id="status">{status}</p>
      <pre id="outbound">{lastAction}</pre>
    </>
  )
}
