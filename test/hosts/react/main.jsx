// A React 19 app embedding the package as a bundler user would. React 19 sets props that the
// element has as properties (`store`) and turns `on<event-name>` props into event listeners.
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { A2uiStore, feedResponse, requestBody } from 'a2ui-elements';
import { browserHost } from 'a2ui-elements/elements';

function App() {
  const store = useMemo(() => new A2uiStore({ host: browserHost }), []);
  const [status, setStatus] = useState('');
  const [outbound, setOutbound] = useState('');

  useEffect(() => {
    let live = true;
    fetch('/test/hosts/contact.jsonl')
      .then((res) => feedResponse(store, res))
      .then((r) => live && setStatus(`fed ${r.messages} messages`));
    return () => void (live = false);
  }, [store]);

  const onAction = (e) => {
    const { action, message, metadata } = e.detail;
    setOutbound(JSON.stringify({ action, body: requestBody(store, message, { metadata }) }));
  };

  return (
    <>
      <a2ui-surface store={store} surface-id="contact" ona2ui-action={onAction}></a2ui-surface>
      <p id="status">{status}</p>
      <pre id="outbound">{outbound}</pre>
    </>
  );
}

createRoot(document.getElementById('root')).render(<App />);
