/**
 * The fuzz harness must be able to fail: each test hands it a store broken in one specific way
 * and checks that exactly the matching invariant reports it. A clean store passes the same plan.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { A2uiError, A2uiStore, type StoreOptions } from '../../src/index.ts';
import { createEnv } from '../fuzz/env.ts';
import { runPlan, type RunOptions } from '../fuzz/harness.ts';
import { explicitPlan, SIBLING_ID, type Plan } from '../fuzz/plan.ts';
import { prepareSeeds, type Seed } from '../fuzz/seeds.ts';
import { pathToFileURL } from 'node:url';
import { SPEC_DIR, specSkip } from '../spec-data.ts';

const DIR = pathToFileURL(`${SPEC_DIR}/v1_0-current/catalogs/basic/examples/`);
const seeds: Seed[] = existsSync(DIR)
  ? prepareSeeds(readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => ({ name: f, messages: JSON.parse(readFileSync(new URL(f, DIR), 'utf8')).messages })))
  : [];
const login = seeds.find((s) => s.name === '09_login-form.json');
const skip = specSkip(login ? false : 'the login-form example is absent');

const env = createEnv(setImmediate, (report) => {
  process.on('unhandledRejection', report);
  process.on('uncaughtException', report);
});

/** The login form, then one rejected message (unknown surface) and one harmless write; typing before the write. */
function plan(): Plan {
  const sid = login!.surfaceId;
  return explicitPlan(
    seeds,
    [
      ...login!.messages,
      { version: '1.0', updateComponents: { surfaceId: 'nowhere', components: [] } },
      { version: '1.0', updateDataModel: { surfaceId: sid, path: '/other', value: 1 } },
    ],
    { typing: [{ at: login!.messages.length + 1, field: 0, text: 'ada@example.com' }], sibling: 0 },
  );
}

async function invariantsViolated(createStore?: RunOptions['createStore']): Promise<string[]> {
  const { violations } = await runPlan(plan(), env, { createStore });
  return [...new Set(violations.map((v) => v.invariant))].sort();
}

const make = (C: new (o: StoreOptions) => A2uiStore) => (o: StoreOptions) => new C(o);

test('a correct store passes the harness plan', { skip }, async () => {
  assert.deepEqual(await invariantsViolated(), []);
});

test('detects: an exception thrown at the host', { skip }, async () => {
  class Throws extends A2uiStore {
    override process(input: unknown): void {
      super.process(input);
      if (JSON.stringify(input)?.includes('/other')) throw new Error('boom');
    }
  }
  assert.deepEqual(await invariantsViolated(make(Throws)), ['no exception reaches the host']);
});

test('detects: two errors for one rejected message', { skip }, async () => {
  class Twice extends A2uiStore {
    override report(e: A2uiError, surfaceId?: string): void {
      super.report(e, surfaceId);
      super.report(e, surfaceId);
    }
  }
  assert.deepEqual(await invariantsViolated(make(Twice)), ['a rejected message produces exactly one error']);
});

test('detects: a rejected message that produces no error', { skip }, async () => {
  class Silent extends A2uiStore {
    override report(e: A2uiError, surfaceId?: string): void {
      if (e.code !== 'INTEGRITY_ERROR') super.report(e, surfaceId);
    }
  }
  assert.deepEqual(await invariantsViolated(make(Silent)), ['every rejected message produces an error']);
});

test('detects: a rejected message that leaves a trace', { skip }, async () => {
  class Trace extends A2uiStore {
    override report(e: A2uiError, surfaceId?: string): void {
      super.report(e, surfaceId);
      this.surface(login!.surfaceId)?.dataModel.set('/trace', true);
    }
  }
  assert.ok((await invariantsViolated(make(Trace))).includes('a rejected message leaves no trace'));
});

test('detects: a change to the untouched sibling surface', { skip }, async () => {
  class Meddles extends A2uiStore {
    override process(input: unknown): void {
      super.process(input);
      if (JSON.stringify(input)?.includes('/other')) this.surface(SIBLING_ID)?.dataModel.set('/meddled', 1);
    }
  }
  const found = await invariantsViolated(make(Meddles));
  assert.ok(found.includes('an untouched sibling surface is unchanged'), found.join());
});

test('detects: typed values lost to an unrelated agent message', { skip }, async () => {
  class Resets extends A2uiStore {
    override process(input: unknown): void {
      super.process(input);
      // A renderer that re-initialises every input whenever any data arrives.
      if (JSON.stringify(input)?.includes('/other')) this.surface(login!.surfaceId)?.dataModel.set('/email', '');
    }
  }
  const found = await invariantsViolated(make(Resets));
  assert.ok(found.includes('typed values survive unless the agent wrote that path'), found.join());
});

test('detects: Object.prototype pollution', { skip }, async () => {
  class Pollutes extends A2uiStore {
    override process(input: unknown): void {
      super.process(input);
      (Object.prototype as Record<string, unknown>).fuzzPolluted = true;
    }
  }
  try {
    assert.deepEqual(await invariantsViolated(make(Pollutes)), ['Object.prototype is never polluted']);
  } finally {
    delete (Object.prototype as Record<string, unknown>).fuzzPolluted;
  }
});

test('detects: JSONL chunks handled differently from whole messages', { skip }, async () => {
  class DropsChunk extends A2uiStore {
    private fed = 0;
    override feed(chunk: string): void {
      if (this.fed++ !== 1) super.feed(chunk);
    }
  }
  assert.deepEqual(await invariantsViolated(make(DropsChunk)), ['JSONL chunks behave like whole messages']);
});

test('detects: an error code outside the spec', { skip }, async () => {
  class Bogus extends A2uiStore {
    override report(e: A2uiError, surfaceId?: string): void {
      super.report(e.code === 'INTEGRITY_ERROR' ? new A2uiError('BOGUS', e.message, e.where) : e, surfaceId);
    }
  }
  assert.deepEqual(await invariantsViolated(make(Bogus)), ['errors carry a spec code and the spec shape']);
});

test('detects: navigation to a non-http(s) URL', { skip }, async () => {
  class Navigates extends A2uiStore {
    override process(input: unknown): void {
      super.process(input);
      this.host.openUrl?.('javascript:alert(1)');
    }
  }
  assert.deepEqual(await invariantsViolated(make(Navigates)), ['only http(s) URLs are opened']);
});

test('detects: an uncaught error or unhandled rejection the environment saw', { skip }, async () => {
  // node:test fails a test on a real unhandled rejection by itself; here the environment reports one.
  let pending: unknown[] = [];
  const seeing = { drain: env.drain, takeUncaught: () => pending.splice(0) };
  class Strays extends A2uiStore {
    override process(input: unknown): void {
      super.process(input);
      pending = [new Error('stray rejection')];
    }
  }
  const { violations } = await runPlan(plan(), seeing, { createStore: make(Strays) });
  assert.deepEqual([...new Set(violations.map((v) => v.invariant))], ['no exception reaches the host']);
});
