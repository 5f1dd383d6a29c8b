import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ExpressionError } from '../../src/errors.ts';
import { formatCurrency, formatNumber, pluralize } from '../../src/functions/basic/formatters.ts';
import { formatDate } from '../../src/functions/basic/format-date.ts';
import { resolveLocale } from '../../src/functions/basic/locale.ts';

const NBSP = '\u00a0';

describe('formatNumber', () => {
  test('en-US and de-DE grouping and decimal separators', () => {
    assert.equal(formatNumber(1234.567, { decimals: 2, grouping: true }, 'en-US'), '1,234.57');
    assert.equal(formatNumber(1234.567, { decimals: 2 }, 'de-DE'), '1.234,57');
    assert.equal(formatNumber(1234567.5, { decimals: 1 }, 'fr-FR'), `1\u202f234\u202f567,5`);
  });
  test('grouping false prints raw digits; decimals 0 rounds', () => {
    assert.equal(formatNumber(1234.567, { decimals: 0, grouping: false }, 'en-US'), '1235');
    assert.equal(formatNumber(1234567.891, { grouping: false }, 'de-DE'), '1234567,891');
  });
  test('decimals pad with zeros and are clamped to 0–20', () => {
    assert.equal(formatNumber(1, { decimals: 3 }, 'en-US'), '1.000');
    assert.equal(formatNumber(1.26, { decimals: -4 }, 'en-US'), '1');
    assert.equal(formatNumber(1.5, { decimals: 1.9 }, 'en-US'), '1.5');
    assert.equal(formatNumber(0.1, { decimals: 500 }, 'en-US'), '0.' + '1'.padEnd(20, '0'));
  });
  test('without decimals the locale default (up to three digits) applies', () => {
    assert.equal(formatNumber(1234567.891, {}, 'en-US'), '1,234,567.891');
  });
  test('an unusable locale falls back to en-US', () => {
    assert.equal(resolveLocale('en_US'), 'en-US');
    assert.equal(resolveLocale(''), 'en-US');
    assert.equal(resolveLocale('de-AT'), 'de-AT');
    assert.equal(formatNumber(1234.5, { decimals: 1 }, 'not a locale!'), '1,234.5');
  });
});

describe('formatCurrency', () => {
  test('USD in en-US (suite cases)', () => {
    assert.equal(formatCurrency(1234.5, 'USD', { decimals: 2 }, 'en-US'), '$1,234.50');
    assert.equal(formatCurrency(99.99, 'USD', { decimals: 2 }, 'en-US'), '$99.99');
  });
  test('EUR in de-DE puts the symbol after the amount', () => {
    assert.equal(formatCurrency(1234.5, 'EUR', {}, 'de-DE'), `1.234,50${NBSP}€`);
    assert.equal(formatCurrency(1234.5, 'USD', {}, 'de-DE'), `1.234,50${NBSP}$`);
  });
  test('without decimals the currency decides: JPY has none', () => {
    assert.equal(formatCurrency(1234.5, 'JPY', {}, 'en-US'), '¥1,235');
    assert.equal(formatCurrency(-1234.5, 'USD', { grouping: false }, 'en-US'), '-$1234.50');
  });
  test('codes are case-insensitive', () => {
    assert.equal(formatCurrency(1, 'eur', { decimals: 0 }, 'en-US'), '€1');
  });
  test('anything but a known ISO 4217 code is an ExpressionError', () => {
    for (const code of ['', 'US', 'USDX', 'XYZ', '€', '12A']) {
      assert.throws(() => formatCurrency(1, code, {}, 'en-US'), ExpressionError, code);
    }
  });
});

describe('formatDate', () => {
  const t = '2026-01-16T14:30:05Z';
  test('the catalog description examples (en-US)', () => {
    assert.equal(formatDate(t, 'MMM dd, yyyy', 'en-US'), 'Jan 16, 2026');
    assert.equal(formatDate(t, 'HH:mm', 'en-US'), '14:30');
    assert.equal(formatDate(t, 'h:mm a', 'en-US'), '2:30 PM');
    assert.equal(formatDate(t, 'EEEE, d MMMM', 'en-US'), 'Friday, 16 January');
  });
  test('names follow the locale: de-DE, and ru-RU in formatting (genitive) case', () => {
    assert.equal(formatDate(t, 'EEEE, d. MMMM yyyy', 'de-DE'), 'Freitag, 16. Januar 2026');
    assert.equal(formatDate(t, 'd MMMM', 'ru-RU'), '16 января');
  });
  test('numeric fields: padding, two-digit year, 12-hour clock, fractions', () => {
    assert.equal(formatDate('2026-03-04T00:05:09.25Z', 'y yy yyyy M MM d dd H HH h hh m mm s ss SSS', 'en-US'),
      '2026 26 2026 3 03 4 04 0 00 12 12 5 05 9 09 250');
    assert.equal(formatDate('2026-03-04T12:00:00Z', 'h a', 'en-US'), '12 PM');
    assert.equal(formatDate('0050-02-28', 'y-MM-dd', 'en-US'), '50-02-28');
  });
  test("quoted literals, '' for a quote, unknown letters printed as is", () => {
    assert.equal(formatDate(t, "HH 'o''clock' ''yy'' Q", 'en-US'), "14 o'clock '26' Q");
    assert.equal(formatDate(t, "'unterminated yyyy", 'en-US'), 'unterminated yyyy');
  });
  test('ISO normalises to UTC with milliseconds', () => {
    assert.equal(formatDate('2026-08-26T12:00:00.000Z', 'ISO', 'en-US'), '2026-08-26T12:00:00.000Z');
    assert.equal(formatDate('2026-08-26T14:00:00+02:00', 'ISO', 'en-US'), '2026-08-26T12:00:00.000Z');
    assert.equal(formatDate(0, 'ISO', 'en-US'), '1970-01-01T00:00:00.000Z');
  });
  test('strings keep the wall-clock time they were written with; epoch numbers are UTC', () => {
    assert.equal(formatDate('2026-01-16T23:30:00-05:00', 'yyyy-MM-dd HH:mm', 'en-US'), '2026-01-16 23:30');
    assert.equal(formatDate('2026-01-16', 'yyyy-MM-dd HH:mm', 'en-US'), '2026-01-16 00:00');
    assert.equal(formatDate(Date.UTC(2026, 0, 16, 14, 30), 'yyyy-MM-dd HH:mm E', 'en-US'), '2026-01-16 14:30 Fri');
    assert.equal(formatDate(new Date(Date.UTC(2026, 0, 16, 14, 30)), 'yyyy-MM-dd HH:mm', 'en-US'), '2026-01-16 14:30');
    assert.equal(formatDate(new Date(NaN), 'yyyy', 'en-US'), '');
  });
  test('an explicit time zone converts zoned values but not floating ones', () => {
    assert.equal(formatDate('2026-01-16T14:30:05+05:30', 'yyyy-MM-dd HH:mm E', 'en-US', 'America/New_York'), '2026-01-16 04:00 Fri');
    assert.equal(formatDate('2026-01-16T02:00:00Z', 'yyyy-MM-dd HH:mm E', 'en-US', 'America/Los_Angeles'), '2026-01-15 18:00 Thu');
    assert.equal(formatDate('2026-01-16T02:00:00', 'HH:mm', 'en-US', 'America/Los_Angeles'), '02:00');
    assert.throws(() => formatDate(t, 'HH', 'en-US', 'Mars/Olympus'), ExpressionError);
  });
  test('impossible or unreadable dates give ""', () => {
    for (const v of ['2026-02-30', '2026-13-01', '2025-02-29', '2026-01-01T24:00:00Z', '2026-01-01T10:60Z', 'yesterday', '', '1700000000000', null, undefined, {}, NaN, 9e15]) {
      assert.equal(formatDate(v, 'yyyy-MM-dd', 'en-US'), '', String(v));
    }
    assert.equal(formatDate('2024-02-29', 'yyyy-MM-dd', 'en-US'), '2024-02-29');
  });
});

describe('pluralize', () => {
  const forms = { zero: 'No items', one: '1 item', two: 'A couple items', other: 'Many items' };
  test("English uses only 'one' and 'other' (the catalog text): 0 and 2 choose other even when zero / two are given", () => {
    assert.equal(pluralize(0, forms, 'en-US'), 'Many items');
    assert.equal(pluralize(1, forms, 'en-US'), '1 item');
    assert.equal(pluralize(2, forms, 'en-US'), 'Many items');
  });
  test('zero and two are chosen where CLDR has those categories', () => {
    const all = { zero: 'zero', one: 'one', two: 'two', few: 'few', many: 'many', other: 'other' };
    assert.deepEqual([0, 1, 2, 3, 11, 100].map((n) => pluralize(n, all, 'ar')), ['zero', 'one', 'two', 'few', 'many', 'other']);
    assert.equal(pluralize(2, all, 'cy'), 'two');
  });
  test('otherwise the CLDR category picks, falling back to other', () => {
    assert.equal(pluralize(5, forms, 'en-US'), 'Many items');
    assert.equal(pluralize(2, { one: '1', other: 'n' }, 'en-US'), 'n');
    assert.equal(pluralize(0, { one: 'one', other: 'other' }, 'fr-FR'), 'one');
    assert.equal(pluralize(1.5, { one: 'one', other: 'other' }, 'fr-FR'), 'one');
    assert.equal(pluralize(1.5, { one: 'one', other: 'other' }, 'en-US'), 'other');
    const ru = { one: 'one', few: 'few', many: 'many', other: 'other' };
    assert.deepEqual([21, 3, 5, 11].map((n) => pluralize(n, ru, 'ru-RU')), ['one', 'few', 'many', 'many']);
    assert.equal(pluralize(1, { other: 'x' }, 'de-DE'), 'x');
  });
  test('an explicit empty string is kept', () => {
    assert.equal(pluralize(1, { one: '', other: 'default' }, 'en-US'), '');
    assert.equal(pluralize(0, { zero: '', other: 'default' }, 'ar'), '');
  });
});
