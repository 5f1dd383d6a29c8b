/**
 * The basic catalog's function bodies, keyed by catalog function name. Arguments arrive resolved,
 * coerced and schema-validated by the store; each body still reads them defensively.
 */
import type { FunctionImplementation } from '../types.ts';
import { toBoolean, toDisplayString } from '../../coerce.ts';
import { numberArgument, parseNumber } from './numbers.ts';
import { formatString } from './format-string.ts';
import { formatCurrency, formatNumber, pluralize, type NumberOptions } from './formatters.ts';
import { lazyModule } from '../../lazy.ts';
import { openUrl } from './open-url.ts';
import { regex } from './regex.ts';
import { and, email, length, not, numeric, or, required } from './validators.ts';

export {
  parseTemplate,
  toConformanceParts,
  type TemplatePart,
  type TemplateArg,
  type PathPart,
  type CallPart,
  type ConformancePart,
} from './template.ts';
export { formatString, evaluatePart } from './format-string.ts';
export { formatNumber, formatCurrency, pluralize } from './formatters.ts';

/** The date pattern formatter (format-date.ts), loaded with the first `formatDate` call. */
export const dateFormatter = lazyModule('the date formatter', () => import('./format-date.ts'));
export { VALIDATION_MESSAGES, type ValidationCode } from './validators.ts';
export { resolveLocale } from './locale.ts';

const numberOptions = (args: Record<string, unknown>): NumberOptions => ({
  decimals: parseNumber(args.decimals),
  grouping: args.grouping === undefined || args.grouping === null ? undefined : toBoolean(args.grouping),
});

// A form bound to missing data counts as not given, so the CLDR choice still applies.
const optionalString = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : toDisplayString(value);

/** Every basic-catalog function body, by name. */
export const basicFunctions: Readonly<Record<string, FunctionImplementation>> = Object.freeze({
  required: (args) => required(args.value),
  regex: (args) => regex(args.value, args.pattern),
  length: (args) => length(args.value, args),
  numeric: (args) => numeric(args.value, args),
  email: (args) => email(args.value),
  formatString: (args, ctx) => formatString(args, ctx),
  formatNumber: (args, ctx) => {
    const value = numberArgument(args.value, 'formatNumber');
    return value === null ? '' : formatNumber(value, numberOptions(args), ctx.locale);
  },
  formatCurrency: (args, ctx) => {
    const value = numberArgument(args.value, 'formatCurrency');
    return value === null ? '' : formatCurrency(value, toDisplayString(args.currency), numberOptions(args), ctx.locale);
  },
  formatDate: (args, ctx) =>
    dateFormatter.with((m) => m.formatDate(args.value, typeof args.format === 'string' ? args.format : 'yyyy-MM-dd', ctx.locale)),
  pluralize: (args, ctx) => {
    const value = numberArgument(args.value, 'pluralize');
    const forms = {
      zero: optionalString(args.zero),
      one: optionalString(args.one),
      two: optionalString(args.two),
      few: optionalString(args.few),
      many: optionalString(args.many),
      other: toDisplayString(args.other),
    };
    return value === null ? forms.other : pluralize(value, forms, ctx.locale);
  },
  openUrl: (args, ctx) => openUrl(args, ctx),
  and: (args) => and(args.values),
  or: (args) => or(args.values),
  not: (args) => not(args.value),
});
