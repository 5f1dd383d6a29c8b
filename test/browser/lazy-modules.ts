/**
 * The first-use modules the lazy tests hold back or fail (their paths as the test server serves
 * them), and the server command that does it (web-test-runner.config.mjs, `lazy-modules`).
 */
import { executeServerCommand } from '@web/test-runner-commands';

export const REGEX = '/src/regex/index.ts';
export const SANDBOX = '/sandbox/index.ts';
export const NUMBERS = '/src/functions/basic/number-functions.ts';
export const TEMPLATE = '/src/functions/basic/format-string.ts';
export const SCHEMA = '/src/schema/interpret.ts';
export const VALIDATOR = '/src/validation.ts';
export const DRAFT = '/src/draft/envelope.ts';
export const FUNCTION_CALLS = '/src/rpc/index.ts';
export const VALIDATORS = '/src/functions/basic/validators.ts';
export const IMAGE = '/elements/components/image.ts';
export const CHECKBOX = '/elements/components/checkbox.ts';
export const ICON = '/elements/components/icon.ts';
export const TEXT_FIELD = '/elements/components/text-field.ts';
export const BUTTON = '/elements/components/button.ts';

/** Holds, releases or fails module loads in the test server. */
export const lazy = (payload: Record<string, unknown>) => executeServerCommand('lazy-modules', payload);
