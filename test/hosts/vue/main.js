// A Vue 3 app embedding the package as a bundler user would (`npm install a2ui-elements`).
import { createApp, ref, shallowRef } from 'vue';
import { A2uiStore, feedResponse, requestBody } from 'a2ui-elements';
import { browserHost } from 'a2ui-elements/elements';

const App = {
  template: `
    <a2ui-surface :store="store" surface-id="contact" @a2ui-action="onAction"></a2ui-surface>
    <p id="status">{{ status }}</p>
    <pre id="outbound">{{ outbound }}</pre>`,
  setup() {
    // shallowRef: Vue must hand the element the store itself, not a reactive proxy of it.
    const store = shallowRef(new A2uiStore({ host: browserHost }));
    const status = ref('');
    const outbound = ref('');
    const onAction = (e) => {
      const { action, message, metadata } = e.detail;
      outbound.value = JSON.stringify({ action, body: requestBody(store.value, message, { metadata }) });
    };
    fetch('/test/hosts/contact.jsonl')
      .then((res) => feedResponse(store.value, res))
      .then((r) => (status.value = `fed ${r.messages} messages`));
    return { store, status, outbound, onAction };
  },
};

const app = createApp(App);
// Leave every a2ui-* tag to the browser's custom element registry.
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('a2ui-');
app.mount('#app');
