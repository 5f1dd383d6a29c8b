/**
 * Bench page: our renderer (`<a2ui-surface>` over an `A2uiStore`), with v1.0 input and, through
 * `src/v09`, v0.9 input. Also hosts the regex-safety workload (ours only).
 *
 * @module
 */
import { A2uiStore, A2uiTextParser } from '../../src/index.ts';
import { A2uiElement, browserHost, type A2uiSurfaceElement } from '../../elements/index.ts';
import { enableV09 } from '../../elements/v09.ts'; // v0.9 input, and the v0.9 basic catalog on the same elements
import { exposeBench, type Renderer, type Session } from './driver.ts';
import { regexSafety } from '../workloads/regex.ts';
import type { Proto } from '../workloads/messages.ts';

const ours: Renderer = {
  session(proto: Proto): Session {
    const store = new A2uiStore({ host: browserHost, locale: 'en-US' });
    if (proto === 'v09') enableV09(store);
    const errors: string[] = [];
    store.onMessage((m) => {
      if ('error' in m) errors.push(JSON.stringify(m.error).slice(0, 300));
    });
    return {
      process: (messages) => store.process(messages),
      mount(surfaceId, container) {
        const el = document.createElement('a2ui-surface') as A2uiSurfaceElement;
        el.store = store;
        el.surfaceId = surfaceId;
        container.append(el);
      },
      countUpdates() {
        const counts = new Map<string, number>();
        A2uiElement.updateCounts = counts;
        return () => {
          A2uiElement.updateCounts = undefined;
          let n = 0;
          for (const v of counts.values()) n += v;
          return n;
        };
      },
      errors: () => errors,
      dispose: () => store.dispose(),
      text: () => new A2uiTextParser(store),
    };
  },
};

exposeBench('ours', ours, { regex: regexSafety });
