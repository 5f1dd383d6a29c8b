/**
 * `formatDate`: Unicode TR35 date patterns over ISO 8601 strings, epoch milliseconds and `Date`s.
 * Numbers are computed here; month, weekday and AM/PM names come from `Intl.DateTimeFormat`.
 */
import { ExpressionError } from '../../errors.ts';
import { BoundedCache } from './bounded-cache.ts';
import { resolveLocale } from './locale.ts';

/** Calendar fields of the moment being formatted (Gregorian, month 1–12, weekday 0 = Sunday). */
interface DateFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

interface LocaleNames {
  months: Record<'long' | 'short' | 'narrow', string[]>;
  weekdays: Record<'long' | 'short' | 'narrow', string[]>;
  dayPeriods: [am: string, pm: string];
}

// Date, optional time, optional zone: 2026-09-04, 2026-09-04T12:00, 2026-09-04T12:00:00.5+02:00.
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?)?$/;
const MAX_EPOCH_MS = 8.64e15;
const names = new BoundedCache<string, LocaleNames>(32);
const zoneFormats = new BoundedCache<string, Intl.DateTimeFormat>(32);

/**
 * Formats `value` with the TR35 `pattern`, or as `YYYY-MM-DDTHH:mm:ss.sssZ` when the pattern is
 * `ISO`. Supported letters: y yy yyyy, M–MMMMM, d dd, E–EEEEE, H HH, h hh, m mm, s ss, S… (fraction),
 * a; `'...'` quotes literal text and `''` is a quote; every other character is printed as is.
 *
 * Without `timeZone`, a string is formatted in the wall-clock time it was written with (its own
 * offset; `Z` means UTC) and an epoch number in UTC, so the output does not depend on the host's
 * zone. With `timeZone` (IANA name), values that carry an offset, and epoch numbers, are converted
 * to that zone; strings without an offset are floating times and are not converted.
 *
 * Returns `""` for a value that is not a real date (`2026-02-30`, `2026-13-01`, garbage, `null`).
 * @throws ExpressionError for an unknown `timeZone`.
 */
export function formatDate(value: unknown, pattern: string, locale: string, timeZone?: string): string {
  const moment = readMoment(value);
  if (!moment) return '';
  if (pattern === 'ISO') return new Date(moment.instant).toISOString();
  const fields = timeZone && moment.zoned ? fieldsInZone(moment.instant, timeZone) : moment.fields;
  return render(String(pattern ?? ''), fields, localeNames(resolveLocale(locale)));
}

/** The instant (epoch ms) and the wall-clock fields a value denotes, or `undefined`. */
function readMoment(value: unknown): { instant: number; fields: DateFields; zoned: boolean } | undefined {
  // A Date can only come from a host function (`${formatDate(value: now(), ...)}`), never from JSON.
  if (value instanceof Date) value = value.getTime();
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > MAX_EPOCH_MS) return undefined;
    return { instant: value, fields: utcFields(value), zoned: true };
  }
  if (typeof value !== 'string') return undefined;
  const m = ISO_8601.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((s) => (s === undefined ? undefined : Number(s)));
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth(year!, month!)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offset = 0;
  if (m[9]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offset = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  const wall = new Date(0);
  wall.setUTCFullYear(year!, month! - 1, day!);
  wall.setUTCHours(hour, minute, second, ms);
  const fields = utcFields(wall.getTime());
  return { instant: wall.getTime() - offset * 60_000, fields, zoned: Boolean(m[8] || m[9]) };
}

function daysInMonth(year: number, month: number): number {
  return [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

function utcFields(epoch: number): DateFields {
  const d = new Date(epoch);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
  };
}

function fieldsInZone(epoch: number, timeZone: string): DateFields {
  let format: Intl.DateTimeFormat;
  try {
    format = zoneFormats.getOrCreate(
      timeZone,
      () =>
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          calendar: 'gregory',
          numberingSystem: 'latn',
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        }),
    );
  } catch {
    throw new ExpressionError(`formatDate: unknown time zone '${timeZone}'`);
  }
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(epoch)) part[p.type] = Number(p.value);
  // Re-derive the weekday from the zone's calendar date.
  const local = new Date(0);
  local.setUTCFullYear(part.year!, part.month! - 1, part.day!);
  return { ...utcFields(local.getTime()), hour: part.hour!, minute: part.minute!, second: part.second!, millisecond: new Date(epoch).getUTCMilliseconds() };
}

function localeNames(locale: string): LocaleNames {
  return names.getOrCreate(locale, () => {
    const base = { timeZone: 'UTC', calendar: 'gregory' } as const;
    // Month names in formatting context (with a day), as TR35 `M` means, not stand-alone `L`.
    const pick = (options: Intl.DateTimeFormatOptions, type: string, dates: number[]) => {
      const f = new Intl.DateTimeFormat(locale, { ...base, ...options });
      return dates.map((d) => f.formatToParts(d).find((p) => p.type === type)?.value ?? '');
    };
    const months = Array.from({ length: 12 }, (_, i) => Date.UTC(2021, i, 15));
    const weekdays = Array.from({ length: 7 }, (_, i) => Date.UTC(2021, 7, 1 + i)); // 2021-08-01 is a Sunday
    const widths = ['long', 'short', 'narrow'] as const;
    const [am, pm] = pick({ hour: 'numeric', hour12: true }, 'dayPeriod', [Date.UTC(2021, 0, 1, 9), Date.UTC(2021, 0, 1, 21)]);
    return {
      months: Object.fromEntries(widths.map((w) => [w, pick({ month: w, day: 'numeric' }, 'month', months)])) as LocaleNames['months'],
      weekdays: Object.fromEntries(widths.map((w) => [w, pick({ weekday: w }, 'weekday', weekdays)])) as LocaleNames['weekdays'],
      dayPeriods: [am || 'AM', pm || 'PM'],
    };
  });
}

function render(pattern: string, f: DateFields, n: LocaleNames): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === "'") {
      // '' is a quote; '...' is literal text up to the next unpaired quote (or the end).
      if (pattern[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      i++;
      while (i < pattern.length) {
        if (pattern[i] === "'") {
          if (pattern[i + 1] !== "'") break;
          i++;
        }
        out += pattern[i++];
      }
      i++;
      continue;
    }
    let j = i;
    while (pattern[j] === c) j++;
    out += field(c, j - i, f, n) ?? c.repeat(j - i);
    i = j;
  }
  return out;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const width = (count: number) => (count === 4 ? 'long' : count === 5 ? 'narrow' : 'short');

/** The text for a run of `count` pattern letters `c`, or `undefined` when `c` is not supported. */
function field(c: string, count: number, f: DateFields, n: LocaleNames): string | undefined {
  switch (c) {
    case 'y':
      return count === 2 ? pad(f.year % 100, 2) : pad(f.year, count);
    case 'M':
      return count <= 2 ? pad(f.month, count) : n.months[width(count)][f.month - 1];
    case 'd':
      return pad(f.day, count);
    case 'E':
      return n.weekdays[width(count)][f.weekday];
    case 'H':
      return pad(f.hour, count);
    case 'h':
      return pad(f.hour % 12 || 12, count);
    case 'm':
      return pad(f.minute, count);
    case 's':
      return pad(f.second, count);
    case 'S':
      return pad(f.millisecond, 3).padEnd(count, '0').slice(0, count);
    case 'a':
      return n.dayPeriods[f.hour < 12 ? 0 : 1];
    default:
      return undefined;
  }
}
