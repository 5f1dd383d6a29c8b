// An Angular app embedding the package: a standalone component with CUSTOM_ELEMENTS_SCHEMA,
// compiled just in time (@angular/compiler) and run without zone.js. `Component(...)(Class)` is
// what the `@Component` decorator does; written as a call, this file needs no decorator transform.
import '@angular/compiler';
import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { A2uiStore, feedResponse, requestBody } from 'a2ui-elements';
import { browserHost } from 'a2ui-elements/elements';

class HostApp {
  store = new A2uiStore({ host: browserHost });
  status = signal('');
  outbound = signal('');

  constructor() {
    fetch('/test/hosts/contact.jsonl')
      .then((res) => feedResponse(this.store, res))
      .then((r) => this.status.set(`fed ${r.messages} messages`));
  }

  onAction(e) {
    const { action, message, metadata } = e.detail;
    this.outbound.set(JSON.stringify({ action, body: requestBody(this.store, message, { metadata }) }));
  }
}

Component({
  selector: 'host-app',
  standalone: true,
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <a2ui-surface [store]="store" surface-id="contact" (a2ui-action)="onAction($event)"></a2ui-surface>
    <p id="status">{{ status() }}</p>
    <pre id="outbound">{{ outbound() }}</pre>`,
})(HostApp);

bootstrapApplication(HostApp, { providers: [provideZonelessChangeDetection()] });
