/**
 * Pure, locale-aware formatters behind `formatNumber`, `formatCurrency`, `formatDate` and
 * `pluralize`. `Intl` objects are cached per option set.
 */
import { ExpressionError } from '../../errors.ts';
import { BoundedCache } from './bounded-cache.ts';
import { resolveLocale } from './locale.ts';

/** Options shared by the number formatters. */
export interface NumberOptions {
  /** Fraction digits, fixed (clamped to 0–20). Absent: the locale's (or currency's) default. */
  decimals?: number;
  /** `false` prints raw digits; absent or `true` uses the locale's grouping. */
  grouping?: boolean;
}

/** The strings `pluralize` chooses from; `other` is the fallback. */
export interface PluralForms {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

const numberFormats = new BoundedCache<string, Intl.NumberFormat>(128);
const pluralRules = new BoundedCache<string, Intl.PluralRules>(32);
const currencyCode = /^[A-Z]{3}$/;
let knownCurrencies: Set<string> | undefined;

/** Formats `value` with locale digits, grouping and precision, e.g. `1,234.57` (en-US). */
export function formatNumber(value: number, options: NumberOptions, locale: string): string {
  return numberFormat(resolveLocale(locale), undefined, options).format(value);
}

/**
 * Formats `value` as an amount of the ISO 4217 `currency`, e.g. `$1,234.50` (en-US) or
 * `1.234,50 €` (de-DE).
 * @throws ExpressionError for a code that is not an ISO 4217 currency `Intl` knows.
 */
export function formatCurrency(value: number, currency: string, options: NumberOptions, locale: string): string {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (!currencyCode.test(code) || !isKnownCurrency(code)) {
    throw new ExpressionError(`formatCurrency: '${String(currency)}' is not an ISO 4217 currency code`);
  }
  return numberFormat(resolveLocale(locale), code, options).format(value);
}

/**
 * Chooses the form for `value` by the locale's CLDR cardinal category, falling back to `other`,
 * as the basic catalog says: "Returns a localized string based on the Common Locale Data
 * Repository (CLDR) plural category of the count … For English, just use 'one' and 'other'." So in
 * English 0 and 2 choose `other` even when `zero` / `two` are given (those categories exist in
 * Arabic or Welsh, not in English). An explicit `""` is kept.
 */
export function pluralize(value: number, forms: PluralForms, locale: string): string {
  const tag = resolveLocale(locale);
  const category = pluralRules.getOrCreate(tag, () => new Intl.PluralRules(tag)).select(value);
  return forms[category] ?? forms.other;
}

function numberFormat(locale: string, currency: string | undefined, { decimals, grouping }: NumberOptions): Intl.NumberFormat {
  const digits = typeof decimals === 'number' && Number.isFinite(decimals) ? Math.min(20, Math.max(0, Math.trunc(decimals))) : undefined;
  const group = grouping === false ? false : undefined;
  const key = `${locale}|${currency ?? ''}|${digits ?? ''}|${group ?? ''}`;
  return numberFormats.getOrCreate(
    key,
    () =>
      new Intl.NumberFormat(locale, {
        ...(currency ? { style: 'currency', currency } : {}),
        ...(digits !== undefined ? { minimumFractionDigits: digits, maximumFractionDigits: digits } : {}),
        ...(group === false ? { useGrouping: false } : {}),
      }),
  );
}

function isKnownCurrency(code: string): boolean {
  // Well-formed but unassigned codes (`XYZ`) are accepted by Intl.NumberFormat; the list is not.
  const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  if (!list) return true;
  knownCurrencies ??= new Set(list('currency'));
  return knownCurrencies.has(code);
}
