import { runHost, expectContactAction } from './hosts-helpers.ts';

describe('host: plain HTML page with only the script-tag file', () => {
  it('feeds the stream, takes typing into the TextField, and delivers the Button action to the host', async function () {
    this.timeout(30_000);
    const typed = 'Ada Lovelace';
    const run = await runHost('plain', typed);
    expectContactAction(run, typed);
  });
});
