import { runHost, expectContactAction } from './hosts-helpers.ts';

describe('host: Vue 3 + TypeScript app (Vite vue-ts template, from the packed tarball; isCustomElement in the Vite plugin, :store bound, @a2ui-action received)', () => {
  it('feeds the stream, takes typing into the TextField, and delivers the Button action to the host', async function () {
    this.timeout(30_000);
    const typed = 'Ada Lovelace';
    const run = await runHost('vue', typed, 'dist/index.html');
    expectContactAction(run, typed);
  });
});
