/**
 * The host-owned side of `ui/download-file`: a cancelable `mcp-app-download` event, then (unless
 * the page prevents it) a prompt above the app's frame (where the app's resizes cannot move it) with
 * one "Download <name>" button per file ("… from <host>" for a link) and a Dismiss button. Nothing is saved until the user presses a button there: the app cannot
 * reach the element's shadow root, so a download always needs the user's own action. One prompt
 * at a time; a second request while one waits is answered "busy".
 */
import { css, html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { McpAppDownloadDetail, McpAppDownloadFile } from './host.ts';

/** What the app is told: the user saved at least one file, declined (or the page did), or another prompt is open. */
export type DownloadAnswer = 'saved' | 'declined' | 'busy';

/** How long a saved Blob's object URL lives (the browser reads it asynchronously). */
const REVOKE_AFTER_MS = 30_000;

const KB = 1024;
const sizeText = (n: number) => (n <= 0 ? '' : n < KB ? `${n} B` : n < KB * KB ? `${Math.ceil(n / KB)} KB` : `${(n / KB / KB).toFixed(1)} MB`);

/** Styles of the prompt, for the element's `static styles`. */
export const downloadStyles = css`
  .download {
    display: flex; flex-wrap: wrap; align-items: center; gap: var(--a2ui-space-sm, 8px);
    padding: var(--a2ui-space-sm, 8px); border: 1px solid currentColor; border-radius: var(--a2ui-radius-md, 8px);
  }
  .download button { font: inherit; }
`;

interface Pending {
  files: readonly McpAppDownloadFile[];
  label: string;
  saved: Set<number>;
  /** Every file saved: the app has its answer; the prompt stays until Done, but no longer blocks a new one. */
  done: boolean;
  resolve(answer: DownloadAnswer): void;
}

export class DownloadPrompt implements ReactiveController {
  private pending: Pending | null = null;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** Whether a prompt is showing (the element holds the app's resizes meanwhile, so it cannot move the buttons). */
  get open(): boolean {
    return this.pending !== null;
  }

  hostDisconnected(): void {
    this.close();
  }

  /** Fires `mcp-app-download`; unless prevented, shows the prompt and resolves when the user is done. */
  offer(files: readonly McpAppDownloadFile[], label: string): Promise<DownloadAnswer> {
    if (this.pending && !this.pending.done) return Promise.resolve('busy');
    const detail: McpAppDownloadDetail = { files };
    const event = new CustomEvent('mcp-app-download', { detail, bubbles: true, composed: true, cancelable: true });
    if (!this.host.dispatchEvent(event)) return Promise.resolve('declined');
    return new Promise((resolve) => {
      this.pending = { files, label, saved: new Set(), done: false, resolve };
      this.host.requestUpdate();
    });
  }

  /** Ends the prompt (Dismiss/Done, or the app went away); focus inside it moves to the element. */
  close(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    p.resolve(p.saved.size ? 'saved' : 'declined');
    const hadFocus = this.host.shadowRoot?.activeElement?.closest('.download');
    this.host.requestUpdate();
    if (hadFocus && this.host.isConnected) {
      if (!this.host.hasAttribute('tabindex')) {
        this.host.tabIndex = -1;
        this.host.addEventListener('blur', () => this.host.removeAttribute('tabindex'), { once: true });
      }
      this.host.focus();
    }
  }

  render() {
    const p = this.pending;
    if (!p) return nothing;
    const what = p.files.length === 1 ? 'a file' : `${p.files.length} files`;
    return html`<div class="download" part="download" role="group" aria-label=${`Download from ${p.label}`}>
      <span>${p.label} offers ${what}:</span>
      ${p.files.map((f, i) => {
        const size = sizeText(f.size);
        // A link names where it goes: the app chose the file name, not the host that serves it.
        const from = f.url ? ` from ${new URL(f.url).host}` : '';
        const text = `${p.saved.has(i) ? 'Saved' : 'Download'} ${f.name}${size ? ` (${size})` : ''}${from}`;
        return html`<button type="button" part="download-button" aria-disabled=${p.saved.has(i) ? 'true' : 'false'} @click=${() => this.save(i)}>${text}</button>`;
      })}
      <button type="button" part="download-dismiss" @click=${() => this.close()}>${p.saved.size ? 'Done' : 'Dismiss'}</button>
    </div>`;
  }

  /** The user pressed "Download <name>": save it through a temporary link (a Blob, or the http(s) URL in a new tab). */
  private save(i: number): void {
    const p = this.pending;
    const file = p?.files[i];
    if (!p || !file || p.saved.has(i)) return;
    const a = document.createElement('a');
    a.download = file.name;
    if (file.url) {
      a.href = file.url;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
    } else if (file.blob) {
      const url = URL.createObjectURL(file.blob);
      a.href = url;
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    } else {
      return;
    }
    a.click();
    p.saved.add(i);
    if (p.saved.size === p.files.length) {
      p.done = true;
      p.resolve('saved');
    }
    this.host.requestUpdate();
  }
}
