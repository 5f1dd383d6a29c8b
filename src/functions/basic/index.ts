/**
 * The basic catalog's function bodies, keyed by catalog function name. Arguments arrive resolved,
 * coerced and schema-validated by the store; each body still reads them defensively.
 */
import type { FunctionImplementation } from '../types.ts';
import { lazyModule } from '../../lazy.ts';
import { needing } from '../pieces.ts';
import { openUrl } from './open-url.ts';
import { schemaExplainer, schemaValidator } from '../../schema/validate.ts';
import { functionCallHandlers } from '../../rpc/on-demand.ts';
import { regex, regexChecker } from './regex.ts';
import { and, not, or } from './logic.ts';

export type { TemplatePart, TemplateArg, PathPart, CallPart, ConformancePart } from './template.ts';

/**
 * The `formatString` body with its template parser (format-string.ts), loaded with the first
 * message that calls `formatString` (which the store holds until it is there, see pieces.ts).
 */
export const templateFormatter = lazyModule('the formatString template parser', () => import('./format-string.ts'));

/**
 * The validators `required`, `length`, `numeric` and `email` (validators.ts), loaded with the
 * first message that calls one (which the store holds until they are there, see pieces.ts).
 */
export const basicValidators = lazyModule('the validators', () => import('./validators.ts'));

/** The date pattern formatter (format-date.ts), loaded with the first `formatDate` call. */
export const dateFormatter = lazyModule('the date formatter', () => import('./format-date.ts'));
/** The bodies of `formatNumber`, `formatCurrency` and `pluralize` (number-functions.ts), loaded with the first call of one. */
export const numberFunctions = lazyModule('the number formatters', () => import('./number-functions.ts'));

/**
 * Loads every basic-function piece that otherwise arrives with its first call (the regex checker,
 * the date formatter, the number formatters, the formatString template parser, the validators), the schema validator with its explanations
 * (what refuses a bad component or bad function arguments, loaded with the first one), and the
 * function calls with the agent (`functionCallHandlers`): from then on each body answers, each v1.0 message
 * applies, each refusal is reported and each call to the agent is sent, synchronously (a draft
 * v1.0 message waits for `draftUpgrader` the first time).
 */
export function preloadFunctions(): Promise<void> {
  return Promise.all([regexChecker.load(), dateFormatter.load(), numberFunctions.load(), templateFormatter.load(), basicValidators.load(), schemaValidator.load(), schemaExplainer.load(), functionCallHandlers.load()]).then(() => {});
}
export type { ValidationCode } from './validators.ts';
export { resolveLocale } from './locale.ts';

/** Every basic-catalog function body, by name. */
export const basicFunctions: Readonly<Record<string, FunctionImplementation>> = Object.freeze({
  required: needing(basicValidators, (args) => basicValidators.with((m) => m.required(args.value))),
  regex: (args) => regex(args.value, args.pattern),
  length: needing(basicValidators, (args) => basicValidators.with((m) => m.length(args.value, args))),
  numeric: needing(basicValidators, (args) => basicValidators.with((m) => m.numeric(args.value, args))),
  email: needing(basicValidators, (args) => basicValidators.with((m) => m.email(args.value))),
  formatString: needing(templateFormatter, (args, ctx) => templateFormatter.with((m) => m.formatString(args, ctx))),
  formatNumber: (args, ctx) => numberFunctions.with((m) => m.formatNumber(args, ctx)),
  formatCurrency: (args, ctx) => numberFunctions.with((m) => m.formatCurrency(args, ctx)),
  formatDate: (args, ctx) =>
    dateFormatter.with((m) => m.formatDate(args.value, typeof args.format === 'string' ? args.format : 'yyyy-MM-dd', ctx.locale)),
  pluralize: (args, ctx) => numberFunctions.with((m) => m.pluralize(args, ctx)),
  openUrl: (args, ctx) => openUrl(args, ctx),
  and: (args) => and(args.values),
  or: (args) => or(args.values),
  not: (args) => not(args.value),
});
