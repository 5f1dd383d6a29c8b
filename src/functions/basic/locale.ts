/** Locale resolution shared by the formatters. */
import { BoundedCache } from './bounded-cache.ts';

/** Used when the context's locale is missing, malformed or has no locale data. */
export const FALLBACK_LOCALE = 'en-US';

const resolved = new BoundedCache<string, string>(64);

/**
 * A BCP 47 tag `Intl` accepts and has data for: `locale` itself, else {@link FALLBACK_LOCALE}
 * (a malformed tag would make every `Intl` constructor throw; an unknown one would silently
 * format in the host's locale).
 */
export function resolveLocale(locale: unknown): string {
  if (typeof locale !== 'string' || locale === '') return FALLBACK_LOCALE;
  return resolved.getOrCreate(locale, () => {
    try {
      return Intl.NumberFormat.supportedLocalesOf(locale).length > 0 ? locale : FALLBACK_LOCALE;
    } catch {
      return FALLBACK_LOCALE;
    }
  });
}
