/**
 * The bodies of `formatNumber`, `formatCurrency` and `pluralize`, loaded with the first call of
 * one of them (index.ts `numberFunctions`): most surfaces format no number, and the `Intl`
 * wrappers behind them (formatters.ts) are not needed before.
 */
import { toBoolean, toDisplayString } from '../../coerce.ts';
import type { FunctionImplementation } from '../types.ts';
import { formatCurrency as currency, formatNumber as number, pluralize as plural, type NumberOptions } from './formatters.ts';
import { numberArgument, parseNumber } from './numbers.ts';

const numberOptions = (args: Record<string, unknown>): NumberOptions => ({
  decimals: parseNumber(args.decimals),
  grouping: args.grouping === undefined || args.grouping === null ? undefined : toBoolean(args.grouping),
});

// A form bound to missing data counts as not given, so the CLDR choice still applies.
const optionalString = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : toDisplayString(value);

export const formatNumber: FunctionImplementation = (args, ctx) => {
  const value = numberArgument(args.value, 'formatNumber');
  return value === null ? '' : number(value, numberOptions(args), ctx.locale);
};

export const formatCurrency: FunctionImplementation = (args, ctx) => {
  const value = numberArgument(args.value, 'formatCurrency');
  return value === null ? '' : currency(value, toDisplayString(args.currency), numberOptions(args), ctx.locale);
};

export const pluralize: FunctionImplementation = (args, ctx) => {
  const value = numberArgument(args.value, 'pluralize');
  const forms = {
    zero: optionalString(args.zero),
    one: optionalString(args.one),
    two: optionalString(args.two),
    few: optionalString(args.few),
    many: optionalString(args.many),
    other: toDisplayString(args.other),
  };
  return value === null ? forms.other : plural(value, forms, ctx.locale);
};
