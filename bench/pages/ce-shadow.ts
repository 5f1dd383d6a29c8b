/**
 * Bench page: vanilla custom elements, a shadow root and one adopted sheet per element (vanilla.ts);
 * the workloads are floor.ts's.
 *
 * @module
 */
import { registerFloor } from './floor.ts';
import { vanillaKit } from './vanilla.ts';

registerFloor('ce-shadow', vanillaKit('shadow'));
