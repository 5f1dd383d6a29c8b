import { runHost, expectContactAction } from './hosts-helpers.ts';

describe('host: React 19 + TypeScript app (Vite react-ts template, from the packed tarball; store set as a property, ona2ui-action listener)', () => {
  it('feeds the stream, takes typing into the TextField, and delivers the Button action to the host', async function () {
    this.timeout(30_000);
    const typed = 'Ada Lovelace';
    const run = await runHost('react', typed, 'dist/index.html');
    expectContactAction(run, typed);
  });
});
