/**
 * `data_model`: the store's DataModel on its own — pointer reads and writes, auto-vivification,
 * RFC 6901 escapes, and which observers fire for each write.
 */
import { A2uiError, DataModel } from '../../../src/index.ts';
import { isObject } from '../../../src/json.ts';
import { checkErrors, describe, errorExpectation, jsonEqual, show } from '../expect.ts';
import { fail, PASS, type Case, type Outcome } from '../types.ts';

export function dataModelCase(c: Case): Outcome {
  const model = new DataModel(structuredClone(c.initial ?? {}));
  const watch: string[] = Array.isArray(c.watch) ? c.watch : [];
  let fired: string[] = [];
  watch.forEach((path) => model.subscribe(path, () => fired.push(path)));
  (Array.isArray(c.steps) ? c.steps : []).forEach((step: Record<string, any>, i: number) => {
    const at = `step ${i + 1} (${step.op} ${step.path ?? ''})`;
    fired = [];
    let error: unknown;
    try {
      if (step.op === 'get') {
        const v = model.get(String(step.path));
        if (step.expect_absent === true && v !== undefined) fail(`${at}: expected no value, got ${show(v)}`);
        if (Object.hasOwn(step, 'expect') && !jsonEqual(v, step.expect)) fail(`${at}: ${show(v)} ≠ ${show(step.expect)}`);
        if (step.expect_type === 'list' && !Array.isArray(v)) fail(`${at}: expected a list, got ${show(v)}`);
        if (step.expect_type === 'object' && !isObject(v)) fail(`${at}: expected an object, got ${show(v)}`);
      } else if (step.op === 'set') {
        model.set(String(step.path), structuredClone(step.value));
      } else if (step.op === 'delete') {
        model.delete(String(step.path));
      } else if (step.op === 'dispose') {
        model.dispose();
      } else {
        fail(`${at}: unknown op`);
      }
    } catch (e) {
      if (!(e instanceof A2uiError)) throw e;
      error = e;
    }
    const expected = errorExpectation(step);
    if (expected !== undefined) {
      const why = checkErrors(error ? [error as A2uiError] : [], expected);
      if (why) fail(`${at}: ${why}`);
    } else if (error) {
      fail(`${at}: unexpected error: ${describe(error)}`);
    }
    if (Array.isArray(step.expect_notified)) {
      const want = [...step.expect_notified].sort();
      const got = [...fired].sort();
      if (!jsonEqual(got, want)) fail(`${at}: notified ${show(got)} ≠ ${show(want)}`);
    }
    if (isObject(step.expect_values)) {
      for (const [path, want] of Object.entries(step.expect_values)) {
        const got = model.get(path);
        if (!jsonEqual(got, want)) fail(`${at}: value at ${path} ${show(got)} ≠ ${show(want)}`);
      }
    }
  });
  return PASS;
}
