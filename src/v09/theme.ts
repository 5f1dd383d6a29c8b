/**
 * The v0.9 `createSurface.theme`. v1.0 has no theme, so the upgrade carries it in the surface's
 * metadata, as the extension {@link V09_THEME_EXTENSION}; {@link surfaceTheme} reads it back and
 * {@link themeTokens} maps the basic catalog's theme to the elements' CSS custom properties.
 * A theme is checked against the catalog's theme schema (top-level `theme` or `$defs/theme`).
 */
import type { Catalog } from '../catalog/catalog.ts';
import { ValidationError } from '../errors.ts';
import { isObject } from '../json.ts';
import { validateAgainst } from '../schema-check.ts';
import type { Surface } from '../surface.ts';
import { themeSchema } from './catalog.ts';

/** The surface-metadata extension key holding a v0.9 surface's theme (product-prefixed, per the extension naming rule). */
export const V09_THEME_EXTENSION = 'a2uiElements_theme';

/** A v0.9 theme: `primaryColor`, `iconUrl`, `agentDisplayName` in the basic catalog, anything a custom catalog declares. */
export type V09Theme = Readonly<Record<string, unknown>>;

/** The theme a v0.9 surface was created with (reactive, like all surface metadata), if any. */
export function surfaceTheme(surface: Surface): V09Theme | undefined {
  const theme = surface.extensions?.[V09_THEME_EXTENSION];
  return isObject(theme) ? theme : undefined;
}

/**
 * CSS custom properties for a theme, for an element to set on the surface's host:
 * `primaryColor` (a `#rrggbb` colour) → `--a2ui-color-primary`. Other values are not styling
 * (`iconUrl` and `agentDisplayName` identify the agent) and are left to the host.
 */
export function themeTokens(theme: V09Theme | undefined): Record<string, string> {
  const tokens: Record<string, string> = {};
  const primary = theme?.primaryColor;
  if (typeof primary === 'string' && /^#[0-9a-fA-F]{6}$/.test(primary)) tokens['--a2ui-color-primary'] = primary;
  return tokens;
}

/** Checks `theme` against the catalog's theme schema. Throws ValidationError. */
export function checkTheme(theme: unknown, catalog: Catalog, surfaceId: string): Record<string, unknown> {
  if (!isObject(theme)) throw new ValidationError('theme must be an object', { surfaceId, path: '/theme' });
  const schema = themeSchema(catalog.definition);
  const issue = schema === undefined ? undefined : validateAgainst(theme, schema, catalog)[0];
  if (issue) {
    throw new ValidationError(`Validation failed for theme on surface '${surfaceId}': ${issue.path ? issue.path.slice(1) + ': ' : ''}${issue.message}`, {
      surfaceId,
      path: `/theme${issue.path}`,
    });
  }
  return theme;
}
