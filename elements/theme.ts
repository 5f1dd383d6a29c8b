/**
 * Design tokens: the CSS custom properties a host sets to theme the elements.
 *
 * **For hosts.** Set any of the properties below on `a2ui-surface` or on one of its ancestors
 * (`:root` works); they are resolved once, on the surface, for every component inside. A value may itself be
 * `light-dark(<light>, <dark>)` to differ per scheme. The scheme follows the user's
 * `prefers-color-scheme`; `<a2ui-surface theme="light">` or `theme="dark"` forces one. (The scheme
 * is applied as CSS `color-scheme`, so native controls such as date pickers and scrollbars match.)
 *
 * | Property                      | Light default         | Dark default  | Use                              |
 * | ----------------------------- | --------------------- | ------------- | -------------------------------- |
 * | `--a2ui-color-primary`        | `#0b57d0`             | `#a8c7fa`     | buttons, links, selected state   |
 * | `--a2ui-color-on-primary`     | `#ffffff`             | `#062e6f`     | text/icons on primary            |
 * | `--a2ui-color-surface`        | `#ffffff`             | `#1f1f1f`     | background                       |
 * | `--a2ui-color-on-surface`     | `#1f1f1f`             | `#e3e3e3`     | text on surface                  |
 * | `--a2ui-color-surface-variant`| `#f0f4f9`             | `#2d2f31`     | cards, code, tracks              |
 * | `--a2ui-color-muted`          | `#5e5e5e`             | `#b4b4b4`     | captions, placeholders, hints    |
 * | `--a2ui-color-border`         | `#757575`             | `#8e918f`     | input outlines, dividers (≥ 3:1) |
 * | `--a2ui-color-error`          | `#b3261e`             | `#f2b8b5`     | check messages, invalid outlines |
 * | `--a2ui-color-on-error`       | `#ffffff`             | `#601410`     | text on error                    |
 * | `--a2ui-color-focus`          | `#0b57d0`             | `#a8c7fa`     | focus ring                       |
 * | `--a2ui-color-scrim`          | `rgb(0 0 0 / 0.5)`    | `rgb(0 0 0 / 0.7)` | modal backdrop              |
 * | `--a2ui-font-family`          | `system-ui, …`        |               | all text                         |
 * | `--a2ui-font-family-mono`     | `ui-monospace, …`     |               | code                             |
 * | `--a2ui-font-size-h1` … `-h5` | `2`, `1.5`, `1.25`, `1.125`, `1rem` |  | Text variants h1–h5         |
 * | `--a2ui-font-size-body`       | `1rem`                |               | body text, inputs                |
 * | `--a2ui-font-size-caption`    | `0.8125rem`           |               | caption, helper text             |
 * | `--a2ui-line-height`          | `1.5`                 |               | body line height                 |
 * | `--a2ui-space-xs` … `-xl`     | `0.25`, `0.5`, `1`, `1.5`, `2rem` |   | gaps and padding (xs sm md lg xl) |
 * | `--a2ui-radius-sm`/`-md`/`-lg`/`-full` | `4px`, `8px`, `16px`, `9999px` | | corners              |
 * | `--a2ui-elevation-1` … `-3`   | box-shadows           |               | cards, menus, modals             |
 *
 * Every default meets WCAG AA: text colours ≥ 4.5:1 on surface and surface-variant, border ≥ 3:1.
 *
 * **For element authors.** Read the *resolved* names, which carry a leading underscore:
 * `color: var(--_a2ui-color-on-surface)`. The surface's sheet declares them once, on the surface
 * (styles.ts); an element with a shadow root of its own inherits them. Why two names: the
 * defaults must be declared somewhere, and declaring the public name there would shadow a value
 * the host set on an ancestor; so the public name is only ever read, as the first choice.
 *
 * @module
 */
import { css, unsafeCSS, type CSSResult } from 'lit';

/** Colour tokens: name → [light default, dark default]. */
const COLORS: Record<string, [string, string]> = {
  primary: ['#0b57d0', '#a8c7fa'],
  'on-primary': ['#ffffff', '#062e6f'],
  surface: ['#ffffff', '#1f1f1f'],
  'on-surface': ['#1f1f1f', '#e3e3e3'],
  'surface-variant': ['#f0f4f9', '#2d2f31'],
  muted: ['#5e5e5e', '#b4b4b4'],
  border: ['#757575', '#8e918f'],
  error: ['#b3261e', '#f2b8b5'],
  'on-error': ['#ffffff', '#601410'],
  focus: ['#0b57d0', '#a8c7fa'],
  scrim: ['rgb(0 0 0 / 0.5)', 'rgb(0 0 0 / 0.7)'],
};

/** Scheme-independent tokens: name (after `--a2ui-`) → default. */
const OTHERS: Record<string, string> = {
  'font-family':
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  'font-family-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  'font-size-h1': '2rem',
  'font-size-h2': '1.5rem',
  'font-size-h3': '1.25rem',
  'font-size-h4': '1.125rem',
  'font-size-h5': '1rem',
  'font-size-body': '1rem',
  'font-size-caption': '0.8125rem',
  'line-height': '1.5',
  'space-xs': '0.25rem',
  'space-sm': '0.5rem',
  'space-md': '1rem',
  'space-lg': '1.5rem',
  'space-xl': '2rem',
  'radius-sm': '4px',
  'radius-md': '8px',
  'radius-lg': '16px',
  'radius-full': '9999px',
  'elevation-1': '0 1px 2px 0 rgb(0 0 0 / 0.3), 0 1px 3px 1px rgb(0 0 0 / 0.15)',
  'elevation-2': '0 1px 2px 0 rgb(0 0 0 / 0.3), 0 2px 6px 2px rgb(0 0 0 / 0.15)',
  'elevation-3': '0 1px 3px 0 rgb(0 0 0 / 0.3), 0 4px 8px 3px rgb(0 0 0 / 0.15)',
};

/** Every public token name, e.g. `--a2ui-color-primary` (useful for docs and tests). */
export const TOKEN_NAMES: readonly string[] = [
  ...Object.keys(COLORS).map((k) => `--a2ui-color-${k}`),
  ...Object.keys(OTHERS).map((k) => `--a2ui-${k}`),
];

const declarations = [
  ...Object.entries(COLORS).map(
    ([k, [light, dark]]) => `--_a2ui-color-${k}: var(--a2ui-color-${k}, light-dark(${light}, ${dark}));`,
  ),
  ...Object.entries(OTHERS).map(([k, value]) => `--_a2ui-${k}: var(--a2ui-${k}, ${value});`),
].join('\n');

/**
 * The token sheet (in the surface sheet; the inspector adopts it too). It declares the resolved
 * `--_a2ui-*` properties on `:host`, and sets `color-scheme` on `<a2ui-surface>` (following
 * `prefers-color-scheme`, or its `theme="light|dark"` attribute) for all elements inside to inherit.
 */
export const tokens: CSSResult = css`
  :host {
    ${unsafeCSS(declarations)}
  }
  :host(a2ui-surface) {
    color-scheme: light dark;
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
`;
