/**
 * Bench page: vanilla custom elements, rendering into light DOM inside the surface's shadow root (vanilla.ts);
 * the workloads are floor.ts's.
 *
 * @module
 */
import { registerFloor } from './floor.ts';
import { vanillaKit } from './vanilla.ts';

registerFloor('ce-light', vanillaKit('light'));
