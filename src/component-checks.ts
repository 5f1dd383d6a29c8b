/**
 * The component checks (component-validation.ts: a component's definition against its catalog,
 * its child references, its function calls), loaded on first use: a store requests them when it is
 * created, with the schema validator, and holds a message with components until both are there
 * (src/lazy.ts). A failed load refuses that message with EXECUTION_ERROR; the next one loads them again.
 */
import { lazyModule } from './lazy.ts';

export const componentChecks = lazyModule('the component checks', () => import('./component-validation.ts'));
