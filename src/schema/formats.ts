/**
 * Simple checks for the string formats the catalogs use. Dates and times follow ISO 8601 as the
 * basic catalog describes them: seconds and the zone are optional (stricter RFC 3339 validators
 * such as ajv-formats require them). Unknown formats pass.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[zZ]|[+-](\d{2}):?(\d{2}))?$/;
const URI = /^[A-Za-z][A-Za-z\d+.-]*:[^\s\u0000-\u001f\u007f]*$/;

function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return days !== undefined && d >= 1 && d <= days;
}

function isTime(s: string): boolean {
  const m = TIME.exec(s);
  // Second 60 is a leap second; zone offsets stay within ±23:59.
  return !!m && +m[1]! < 24 && +m[2]! < 60 && +(m[3] ?? 0) <= 60 && +(m[4] ?? 0) < 24 && +(m[5] ?? 0) < 60;
}

const checks: Record<string, (s: string) => boolean> = {
  date: isDate,
  time: isTime,
  'date-time': (s) => {
    const t = s.search(/[Tt ]/);
    return t === 10 && isDate(s.slice(0, 10)) && isTime(s.slice(11));
  },
  uri: (s) => URI.test(s),
};

/** True if `s` satisfies `format` (or the format is unknown). */
export function checkFormat(format: string, s: string): boolean {
  const check = Object.prototype.hasOwnProperty.call(checks, format) ? checks[format] : undefined;
  return !check || check(s);
}
