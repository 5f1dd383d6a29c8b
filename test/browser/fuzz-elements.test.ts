/**
 * Issue 11, browser half: the fuzz harness's streams fed to a store whose surfaces are all mounted
 * as `<a2ui-surface>` elements in Chromium, with host moves (detach, move, swap ids, batches) and a
 * user acting at the end. Every store invariant of test/fuzz/harness.ts plus the page's own (see
 * `runMounted` in fuzz-elements-helpers.ts): no uncaught error, rejection, console.error or dialog;
 * no script-capable markup; the elements show exactly what the store resolves; no error fallback;
 * one element event per outbound message; the untouched sibling keeps its DOM, typed values and
 * focus. The self-tests plant each kind of fault and expect its check to trip.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { buildPlan, explicitPlan, fuzzCase, SIBLING_ID } from '../fuzz/plan.ts';
import { formatFailure } from '../fuzz/report.ts';
import type { Seed } from '../fuzz/seeds.ts';
import { QUICK } from '../fuzz/values.ts';
import { batches, lifecycle, loadSeeds, pageWatch, runMounted } from './fuzz-elements-helpers.ts';
import { plantedStore, plantedSurface } from './fuzz-elements-planted.ts';

/** Streams in the browser's quick pass, and its fixed seed. */
export const BROWSER_RUNS = 150;
export const BROWSER_SEED = 11;

const watch = pageWatch();
const invariants = (vs: ReadonlyArray<{ invariant: string }>) => [...new Set(vs.map((x) => x.invariant))].sort();
let seeds: Seed[] = [];
let skipReason = '';

describe('fuzz: mounted <a2ui-surface> elements (issue 11)', function () {
  before(async function () {
    const loaded = await loadSeeds();
    if (typeof loaded === 'string') skipReason = loaded;
    else seeds = loaded;
  });

  describe('the checks can fail', () => {
    const login = () => seeds.findIndex((s) => s.name === '00_simple-login-form.json');

    it('a message that rewrites the sibling breaks its DOM and its typed values', async function () {
      if (skipReason) this.skip();
      const plan = explicitPlan(seeds, [{ version: '1.0', updateDataModel: { surfaceId: SIBLING_ID, path: '/', value: {} } }], { sibling: login() });
      const { violations, stats } = await runMounted(plan, watch);
      expect(stats.siblingFields, 'the login form has fields to type into').to.be.greaterThan(0);
      expect(invariants(violations)).to.include.members([
        'the untouched sibling renders exactly as before (DOM)',
        'what was typed into the sibling is still in its data model',
        'what was typed into the sibling is still shown',
      ]);
    });

    it('an element whose render throws shows a fallback, which is reported once', async function () {
      if (skipReason) this.skip();
      const plan = explicitPlan(seeds, plantedSurface('Broken'), { sibling: login(), pristine: true });
      const { violations, stats } = await runMounted(plan, watch, { createStore: plantedStore });
      expect(stats.fallbacks).to.equal(1);
      // (The store-side oracle knows only basic types, so it also calls the planted one invalid.)
      expect(invariants(violations)).to.include('no element shows an error fallback');
      expect(invariants(violations)).not.to.include('every error fallback is reported to the agent once');
      expect(violations.find((x) => x.invariant === 'no element shows an error fallback')?.detail).to.contain('planted/root (Broken): Content unavailable');
    });

    it('console.error, an uncaught error and an unhandled rejection in the page are caught', async function () {
      if (skipReason) this.skip();
      const plan = explicitPlan(seeds, plantedSurface('Noisy'), { sibling: login(), pristine: true });
      const { violations } = await runMounted(plan, watch, { createStore: plantedStore });
      const details = violations.map((x) => `${x.invariant}: ${x.detail}`).join('\n');
      expect(details).to.contain('nothing is logged with console.error: planted console.error');
      expect(details).to.match(/no exception reaches the (host|page): .*planted uncaught error/);
      expect(details).to.match(/no exception reaches the (host|page): .*planted unhandled rejection/);
    });

    it('script-capable markup, a stolen focus and an event nobody sent are caught', async function () {
      if (skipReason) this.skip();
      const details = async (type: 'Unsafe' | 'Grabby' | 'Chatty') => {
        const plan = explicitPlan(seeds, plantedSurface(type), { sibling: login(), pristine: true });
        const { violations } = await runMounted(plan, watch, { createStore: plantedStore });
        return violations.map((x) => `${x.invariant}: ${x.detail}`).join('\n');
      };
      const unsafe = await details('Unsafe');
      expect(unsafe).to.contain('no script-capable markup reaches the page: <a> in <fuzz-planted-unsafe> planted/root@/: href="javascript:void 0"');
      expect(unsafe).to.contain('no script-capable markup reaches the page: <button> in <fuzz-planted-unsafe> planted/root@/: event handler attribute onclick');
      expect(await details('Grabby')).to.contain('the fuzzed surfaces never take focus from the sibling');
      expect(await details('Chatty')).to.contain('every outbound message of a mounted surface is dispatched once from its element: dispatched although no mounted surface owns it');
    });
  });

  it('every seed stream, unmutated and mounted, keeps every invariant (typing into the sibling for real once)', async function () {
    if (skipReason) this.skip();
    this.timeout(60_000);
    let realTyped = 0;
    for (const [i, seed] of seeds.entries()) {
      const typing = [0, 1].map((field) => ({ at: seed.messages.length, field, text: `typed ${field}` }));
      const plan = explicitPlan(seeds, seed.messages, { pristine: true, sibling: i + 1, typing });
      // Real key presses once, into the login form's fields (its first field gets them).
      const realTyping = plan.sibling.name === '00_simple-login-form.json';
      const { violations, stats } = await runMounted(plan, watch, { realTyping });
      expect(violations, `${seed.name}\n${formatFailure(plan, violations)}`).to.deep.equal([]);
      expect(stats.streamErrors, seed.name).to.equal(0);
      expect(stats.elements, `${seed.name} renders elements`).to.be.greaterThan(1);
      if (realTyping) realTyped += stats.siblingFields;
    }
    expect(realTyped, 'the login form sibling was typed into').to.be.greaterThan(0);
  });

  it(`quick fuzz pass: ${BROWSER_RUNS} mutated streams, mounted (seed ${BROWSER_SEED})`, async function () {
    if (skipReason) this.skip();
    this.timeout(100_000);
    let failure = '';
    const totals = { messages: 0, streamErrors: 0, mounted: 0, elements: 0, siblingFields: 0, pokes: 0, events: 0 };
    const t0 = performance.now();
    await fc
      .assert(
        fc.asyncProperty(fuzzCase(QUICK), async (c) => {
          const plan = buildPlan(seeds, c);
          const { violations, stats } = await runMounted(plan, watch, { settleBefore: batches(c, plan.messages.length), lifecycle: lifecycle(c) });
          for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += stats[k];
          if (violations.length) {
            failure = `${formatFailure(plan, violations)}\ncase (replay with buildPlan(seeds, case)): ${JSON.stringify(c)}`;
            return false;
          }
          return true;
        }),
        // No shrinking here: every run mounts a page of elements, and the file has 120 s in all.
        { seed: BROWSER_SEED, numRuns: BROWSER_RUNS, endOnFailure: true },
      )
      .catch((e: unknown) => {
        throw new Error(`${e instanceof Error ? e.message.split('\n').slice(0, 4).join('\n') : e}\n\n${failure}`);
      });
    console.log(`fuzz-elements: ${BROWSER_RUNS} streams in ${Math.round(performance.now() - t0)} ms: ${JSON.stringify(totals)}`);
    // The pass really mounted surfaces, typed into siblings and acted on fuzzed surfaces.
    expect(totals.mounted).to.be.greaterThan(BROWSER_RUNS);
    expect(totals.siblingFields).to.be.greaterThan(0);
    expect(totals.pokes).to.be.greaterThan(0);
    expect(totals.events).to.be.greaterThan(0);
  });
});
