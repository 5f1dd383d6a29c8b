/**
 * v0.9 / v0.9.1 support for the elements: registers the v0.9 protocol adapter and renders the v0.9
 * basic catalog's components with the same elements. Import it (or the `v09` entry point) only
 * when agents still speak v0.9; v1.0-only pages do not pay for it.
 */
import { BASIC_V09_CATALOG_ID, enableV09 } from '../src/v09/index.ts';
import { BASIC_TAGS, registerComponent } from './registry.ts';

for (const [type, tag] of Object.entries(BASIC_TAGS)) registerComponent(BASIC_V09_CATALOG_ID, type, tag);

export { enableV09, BASIC_V09_CATALOG_ID };
