/**
 * Bench page: the official renderer, `@a2ui/lit@0.11.0` + `@a2ui/web_core@0.11.0`, v0.9 input
 * (driven as in ../shared/notes/toolchain.md §8).
 *
 * Text bodies are markdown in both renderers. Ours renders them with `marked` (and sanitizes);
 * the official one prints the raw source unless a markdown renderer is provided, so by default it
 * gets `marked` too (`?markdown=none` leaves it out), and both draw the same UI.
 *
 * @module
 */
import { MessageProcessor, type A2uiMessage } from '@a2ui/web_core/v0_9';
import { A2uiLitElement, Context, basicCatalog, type A2uiSurface } from '@a2ui/lit/v0_9';
import { ContextProvider } from '@lit/context';
import { marked } from 'marked';
import { exposeBench, type Renderer, type Session } from './driver.ts';
import type { Proto } from '../workloads/messages.ts';

const withMarkdown = new URLSearchParams(location.search).get('markdown') !== 'none';

// Update counting: every basic-catalog element is an A2uiLitElement.
let updates = 0;
let counting = false;
const update = A2uiLitElement.prototype['update' as keyof A2uiLitElement] as (this: A2uiLitElement, changed: unknown) => void;
Object.defineProperty(A2uiLitElement.prototype, 'update', {
  configurable: true,
  writable: true,
  value(this: A2uiLitElement, changed: unknown) {
    if (counting) updates++;
    return update.call(this, changed);
  },
});

const renderMarkdown = async (md: string) => marked.parse(md, { async: false }) as string;

const official: Renderer = {
  session(proto: Proto): Session {
    if (proto !== 'v09') throw new Error('the official renderer reads v0.9 only');
    const processor = new MessageProcessor([basicCatalog]);
    const errors: string[] = [];
    return {
      process(messages) {
        try {
          processor.processMessages(messages as A2uiMessage[]);
        } catch (e) {
          errors.push(String(e).slice(0, 300));
        }
      },
      mount(surfaceId, container) {
        if (withMarkdown && !container.dataset.markdown) {
          new ContextProvider(container, { context: Context.markdown, initialValue: renderMarkdown });
          container.dataset.markdown = '1';
        }
        const el = document.createElement('a2ui-surface') as unknown as A2uiSurface;
        el.surface = processor.model.getSurface(surfaceId);
        container.append(el);
      },
      countUpdates() {
        updates = 0;
        counting = true;
        return () => {
          counting = false;
          return updates;
        };
      },
      errors: () => errors,
      dispose() {
        for (const s of [...processor.model.surfacesMap.keys()]) processor.processMessages([{ version: 'v0.9', deleteSurface: { surfaceId: s } } as A2uiMessage]);
      },
    };
  },
};

exposeBench('official', official);
