import { runHost, expectContactAction } from './hosts-helpers.ts';

describe('host: Angular standalone component with CUSTOM_ELEMENTS_SCHEMA ([store], (a2ui-action))', () => {
  it('feeds the stream, takes typing into the TextField, and delivers the Button action to the host', async function () {
    this.timeout(30_000);
    const typed = 'Ada Lovelace';
    const run = await runHost('angular', typed);
    expectContactAction(run, typed);
  });
});
