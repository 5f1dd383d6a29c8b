/**
 * `dispatch_action`: the case's action becomes a Button's `action` on a surface holding the case's
 * data model; the store's ComponentNode runs it (optionally in a template scope) and the runner
 * checks the outbound `action` message and the errors reported to the surface.
 */
import { BASIC_CATALOG_ID, ComponentNode, DataContext, ROOT_SCOPE } from '../../../src/index.ts';
import { isObject } from '../../../src/json.ts';
import { describe, jsonEqual, show } from '../expect.ts';
import { caseVersion, collect, setup } from '../harness.ts';
import { fail, PASS, type Case, type Outcome, type SuiteInfo } from '../types.ts';
import { upgradeAction } from '../../../src/draft/upgrade.ts';

const SURFACE = 'conformance';

export async function dispatchAction(c: Case, suite: SuiteInfo): Promise<Outcome> {
  const h = setup(c, { draftBindings: suite.draftBindings });
  const action = suite.draftBindings && caseVersion(c).startsWith('1') ? upgradeAction(c.actionPayload) : c.actionPayload;
  const setupErrors = await collect(h, () =>
    h.store.process({
      version: '1.0',
      createSurface: {
        surfaceId: SURFACE,
        catalogId: BASIC_CATALOG_ID,
        dataModel: isObject(c.dataModel) ? c.dataModel : {},
        components: [
          { id: 'root', component: 'Button', child: 'label', action },
          { id: 'label', component: 'Text', text: 'Go' },
        ],
      },
    }),
  );
  if (setupErrors.length) fail(`the action was rejected: ${describe(setupErrors[0])}`);
  const surface = h.store.surface(SURFACE)!;
  let context = h.store.context(SURFACE)!;
  if (typeof c.scope === 'string' && c.scope !== '/') {
    const last = c.scope.split('/').pop() ?? '';
    const index = /^\d+$/.test(last) ? Number(last) : undefined;
    context = new DataContext(context.runtime, surface, surface.dataModel, { base: c.scope, index, parent: ROOT_SCOPE });
  }
  const node = new ComponentNode(h.store, surface, 'root', context);
  // An action that calls the agent waits for its answer; what it sent is what counts here.
  const errors = await collect(h, () => Promise.race([node.act(), new Promise((r) => setTimeout(r, 20))]));
  const sent = h.outbound.flatMap((m) => ('action' in m ? [m.action] : []));
  h.store.dispose();

  const wantCodes: string[] = Array.isArray(c.expectDispatchedErrors) ? c.expectDispatchedErrors.map((e: { code?: string }) => String(e.code)) : [];
  const gotCodes = errors.map((e) => String(e.code));
  if (!jsonEqual([...gotCodes].sort(), [...wantCodes].sort())) {
    fail(`errors ${show(gotCodes)} ≠ ${show(wantCodes)}${errors[0] ? ` (${describe(errors[0])})` : ''}`);
  }
  if (!isObject(c.expectDispatched)) {
    if (sent.length) fail(`expected no event, got ${show(sent[0])}`);
    return PASS;
  }
  if (sent.length !== 1) fail(`expected one event, got ${sent.length}`);
  const event = sent[0] as unknown as Record<string, unknown>;
  for (const [key, want] of Object.entries(c.expectDispatched)) {
    if (!jsonEqual(event[key], want)) fail(`event.${key} ${show(event[key])} ≠ ${show(want)}`);
  }
  return PASS;
}
