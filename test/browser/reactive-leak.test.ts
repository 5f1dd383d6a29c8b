/**
 * Why elements/reactive/ keeps its own watcher instead of `@lit-labs/signals` (see its module
 * doc): an element or part that left the page must not be kept alive by a long-lived signal (the
 * store's data model outlives every surface). Each case renders something that reads a signal,
 * removes it, drops every reference, forces a full GC and looks through a WeakRef.
 *
 * The two `@lit-labs/signals` cases pin today's leaks (0.3.0): when a release fixes one, its test
 * fails, and the package can replace our copy.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { LitElement, html, nothing, render } from 'lit';
import { Signal } from 'signal-polyfill';
import { SignalWatcher, watch } from '@lit-labs/signals';
import { Reactive, live } from '../../elements/reactive/index.ts';
import { ComponentNode } from '../../src/index.ts';

const source = new Signal.State('hello');

class OursElement extends Reactive(LitElement) {
  protected override createRenderRoot() {
    return this;
  }
  override render() {
    return html`${source.get()}`;
  }
}
customElements.define('leak-ours', OursElement);

class LabsElement extends SignalWatcher(LitElement) {
  override render() {
    return html`${source.get()}`;
  }
}
customElements.define('leak-labs', LabsElement);

/** Runs `make` (which mounts something and returns it), unmounts it, and tells whether it was collected. */
async function collected(make: () => object, unmount: (o: object) => void): Promise<boolean> {
  const ref = mountRef(make);
  await new Promise((r) => setTimeout(r, 0)); // rendered
  unmountRef(ref, unmount);
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 0)); // the disconnect microtasks ran; WeakRefs may clear
    await executeServerCommand('collect-garbage');
  }
  return ref.deref() === undefined;
}

// Not inside the async function: a suspended async frame may keep a dead local alive.
function mountRef(make: () => object): WeakRef<object> {
  return new WeakRef(make());
}
function unmountRef(ref: WeakRef<object>, unmount: (o: object) => void): void {
  unmount(ref.deref()!);
}

function mountElement(tag: string): () => object {
  return () => {
    const el = document.createElement(tag);
    document.body.append(el);
    return el;
  };
}

const remove = (o: object) => (o as Element).remove();

describe('reactive: nothing that left the page stays alive', () => {
  it('an element of ours is collected, and it renders what its signal holds', async () => {
    const el = document.createElement('leak-ours') as OursElement;
    document.body.append(el);
    await el.updateComplete;
    source.set('changed');
    await new Promise((r) => setTimeout(r, 0));
    expect(el.textContent).to.equal('changed');
    el.remove();
    source.set('hello');
    expect(await collected(mountElement('leak-ours'), remove)).to.equal(true);
  });

  it('a live() part of ours is collected', async () => {
    const mount = () => {
      const div = document.createElement('div');
      document.body.append(div);
      const node = { id: 'x' } as unknown as ComponentNode;
      render(html`<p>${live(() => source.get(), { node })}</p>`, div);
      return div;
    };
    const unmount = (o: object) => {
      render(nothing, o as HTMLElement);
      (o as HTMLElement).remove();
    };
    expect(await collected(mount, unmount)).to.equal(true);
  });

  it("@lit-labs/signals' SignalWatcher element is never collected (lit/lit#5364)", async () => {
    expect(await collected(mountElement('leak-labs'), remove)).to.equal(false);
  });

  it("@lit-labs/signals' watch() part stays alive after it disconnected (it unwatches the signal, not its computed)", async () => {
    const mount = () => {
      const div = document.createElement('div');
      document.body.append(div);
      render(html`<p>${watch(source)}</p>`, div);
      return div;
    };
    const unmount = (o: object) => {
      render(nothing, o as HTMLElement);
      (o as HTMLElement).remove();
    };
    expect(await collected(mount, unmount)).to.equal(false);
  });
});
