/**
 * The function-call messages (`callRendererFunction`, `agentFunctionResponse`: rpc.ts), loaded on
 * first use: with the first such message (the store holds it, and the ones after it, until they
 * are there: src/lazy.ts), or as soon as the renderer sends its first `callAgentFunction`, so the
 * answer finds them there. {@link preloadFunctions} loads them too.
 */
import { lazyModule } from '../lazy.ts';

export const functionCallHandlers = lazyModule('the function call handlers', () => import('./rpc.ts'));
