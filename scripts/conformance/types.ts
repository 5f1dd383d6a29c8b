/** Shapes shared by the conformance runner's modules. */

/** A case as the YAML suites write it (loosely typed: the suites come from several draft stages). */
export type Case = Record<string, any>;

/** The outcome of one case. */
export type Outcome = { status: 'pass' } | { status: 'fail'; reason: string } | { status: 'skip'; reason: string };

/** What a handler knows about the suite a case comes from. */
export interface SuiteInfo {
  /** File name, e.g. `actions.yaml`; the skip list is keyed by it. */
  readonly name: string;
  /** True when the suite still writes draft `{path}` / `{call}` bindings (upgraded before use). */
  readonly draftBindings: boolean;
}

/** A runnable case: its name and the function that runs it. */
export interface RunnableCase {
  readonly name: string;
  run(): Promise<Outcome> | Outcome;
}

/** A loaded suite. */
export interface Suite {
  readonly name: string;
  readonly cases: RunnableCase[];
}

/** Thrown inside handlers to fail a case with a one-line reason. */
export class CaseFailure extends Error {}

/** Fails the current case. */
export function fail(reason: string): never {
  throw new CaseFailure(reason);
}

export const PASS: Outcome = { status: 'pass' };
