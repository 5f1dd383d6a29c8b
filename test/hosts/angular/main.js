// An Angular app embedding the package: a standalone component with CUSTOM_ELEMENTS_SCHEMA,
// compiled just in time (@angular/compiler) and run without zone.js. `Component(...)(Class)` is
// what the `@Component` decorator does; written as a call, this file needs no decorator transform.
import '@angular/compiler';
import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { A2uiStore, feedResponse, sendToAgent } from 'a2ui-elements';
import { browserHost } from 'a2ui-elements/elements';

const AGENT = '/test/hosts/agent'; // your agent's endpoint

class HostApp {
  // Every message for the agent (a Button's action, an error) is POSTed with its metadata; the
  // agent's answer streams back into the store.
  store = new A2uiStore({ host: browserHost });
  status = signal('');
  lastAction = signal('');

  constructor() {
    this.store.onMessage((message, metadata) => void sendToAgent(this.store, AGENT, message, { metadata }));
    fetch(AGENT)
      .then((res) => feedResponse(this.store, res)) // JSONL, SSE or JSON
      .then((r) => this.status.set(`fed ${r.messages} messages`));
  }

  // The app sees each action too (already on its way to the agent).
  onAction(e) {
    this.lastAction.set(JSON.stringify(e.detail.action));
  }
}

Component({
  selector: 'host-app',
  standalone: true,
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <a2ui-surface [store]="store" surface-id="contact" (a2ui-action)="onAction($event)"></a2ui-surface>
    <p id="status">{{ status() }}</p>
    <pre id="outbound">{{ lastAction() }}</pre>`,
})(HostApp);

bootstrapApplication(HostApp, { providers: [provideZonelessChangeDetection()] });
