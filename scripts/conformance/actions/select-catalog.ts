/**
 * `select_catalog`: which catalog a component or a function call resolves to. The surface's
 * supported catalogs are registered (permissive: the action is about selection, not property
 * schemas); components go through `updateComponents` and the record's catalog is read back; a
 * function call is run on the surface and, having no local body, is routed to the agent, whose
 * `callAgentFunction` names the catalog the call resolved to.
 */
import { A2uiError } from '../../../src/index.ts';
import { isObject } from '../../../src/json.ts';
import { canonicalVersion, checkErrors, describe, errorExpectation, show } from '../expect.ts';
import { caseVersion, collect, permissiveCatalog, setup } from '../harness.ts';
import { fail, PASS, type Case, type Outcome, type SuiteInfo } from '../types.ts';
import { upgradeCall, upgradeComponent } from '../../../src/draft/upgrade.ts';

export async function selectCatalog(c: Case, suite: SuiteInfo): Promise<Outcome> {
  const args = isObject(c.args) ? c.args : {};
  const surface = isObject(args.surface) ? args.surface : {};
  const surfaceId = typeof surface.id === 'string' ? surface.id : 'conformance';
  const h = setup(c, { withoutBasic: true, draftBindings: suite.draftBindings });
  const version = caseVersion(c);
  const components = isObject(args.components) ? args.components : {};
  const names = Object.values(components).flatMap((v) => (isObject(v) && typeof v.component === 'string' ? [v.component] : []));
  const versions = isObject(args.catalogs) ? args.catalogs : {};
  for (const id of Array.isArray(surface.supportedCatalogIds) ? surface.supportedCatalogIds : []) {
    const v = isObject(versions[id]) ? canonicalVersion(versions[id].protocolVersion) : undefined;
    h.store.registerCatalog(permissiveCatalog(String(id), names, v ?? version));
  }
  const draft = suite.draftBindings && version.startsWith('1');
  let selected: string | undefined;
  const errors = await collect(h, async () => {
    h.store.process({
      version: '1.0',
      createSurface: { surfaceId, ...(typeof surface.defaultCatalogId === 'string' ? { catalogId: surface.defaultCatalogId } : {}) },
    });
    const list = Object.entries(components).map(([id, def]) => (draft ? upgradeComponent({ id, ...(def as object) }, h.upgrade) : { id, ...(def as object) }));
    if (list.length) {
      h.store.process({ version: '1.0', updateComponents: { surfaceId, components: list } });
      const last = list[list.length - 1] as { id: string };
      selected = h.store.surface(surfaceId)?.peek(last.id)?.catalog.id;
    }
    if (isObject(args.functionCall)) {
      const call = draft ? upgradeCall(args.functionCall) : args.functionCall;
      h.store.execute(call, { surfaceId, kind: 'binding', userActivated: false }).catch((e) => {
        if (e instanceof A2uiError) h.errors.push(e);
      });
      const sent = h.outbound.flatMap((m) => ('callAgentFunction' in m ? [m.callAgentFunction] : []));
      selected = sent[0]?.callFunction.catalogId;
    }
  });
  h.store.dispose();
  const expected = errorExpectation(c);
  if (expected !== undefined) {
    const why = checkErrors(errors, expected);
    if (why) fail(why);
    return PASS;
  }
  if (errors.length) fail(`unexpected error: ${describe(errors[0])}`);
  if (selected !== c.expectSelected) fail(`selected ${show(selected)} ≠ ${show(c.expectSelected)}`);
  return PASS;
}
