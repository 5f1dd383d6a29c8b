/**
 * The core's pieces: code a message or a call may need that the script-tag file loads on first
 * use (src/lazy.ts), by name. One list: src/eager.ts provides each of them for the Node and
 * bundler entries, build/pieces.mjs says where the script-tag build puts each file, and
 * test/node/pieces.test.ts checks the three agree.
 *
 * @module
 */
import { schemaExplainer, schemaValidator } from './schema/validate.ts';
import { basicValidators, dateFormatter, numberFunctions, templateFormatter } from './functions/basic/index.ts';
import { regexChecker } from './functions/basic/regex.ts';
import { functionCallHandlers } from './rpc/on-demand.ts';
import { draftUpgrader } from './draft/adapter.ts';

export const PIECES = {
  schemaValidator,
  schemaExplainer,
  basicValidators,
  templateFormatter,
  dateFormatter,
  numberFunctions,
  regexChecker,
  functionCallHandlers,
  draftUpgrader,
} as const;
