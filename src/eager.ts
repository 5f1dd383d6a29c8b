/**
 * Every piece of the core, provided up front. The package's Node and bundler entries import this
 * file, so there `store.process()` applies each message before it returns (the schema validator
 * and its explanations, the validators, the formatters, the function calls with the agent, the
 * draft v1.0 rules, the regex checker): nothing to preload, nothing to wait
 * for. The script-tag file does not: it provides only what a typical
 * surface needs (build/entries/first-load.ts) and loads the rest on first use.
 *
 * @module
 */
import * as validation from './validation.ts';
import * as interpret from './schema/interpret.ts';
import * as validators from './functions/basic/validators.ts';
import * as formatString from './functions/basic/format-string.ts';
import * as formatDate from './functions/basic/format-date.ts';
import * as numberFunctions from './functions/basic/number-functions.ts';
import * as regex from './regex/index.ts';
import * as rpc from './rpc/index.ts';
import * as draft from './draft/envelope.ts';
import { PIECES } from './pieces.ts';

PIECES.schemaValidator.provide(validation);
PIECES.schemaExplainer.provide(interpret);
PIECES.basicValidators.provide(validators);
PIECES.templateFormatter.provide(formatString);
PIECES.dateFormatter.provide(formatDate);
PIECES.numberFunctions.provide(numberFunctions);
PIECES.regexChecker.provide(regex);
PIECES.functionCallHandlers.provide(rpc);
PIECES.draftUpgrader.provide(draft);
