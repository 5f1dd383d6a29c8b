/**
 * The tag names of the built-in elements: one per basic-catalog component type, the fallback for
 * types without an element, the placeholder for refused components, and the surface.
 *
 * The one table the registry (registry.ts), the definitions and the global tag map (index.ts) and
 * the build's custom elements manifest (build/cem.mjs imports this file) read. Pure data, no
 * imports. The element class of a type is `A2ui<Type>` (index.ts `BASIC_ELEMENTS`).
 *
 * @module
 */

const TAGS = {
  Text: 'a2ui-text',
  Image: 'a2ui-image',
  Icon: 'a2ui-icon',
  Video: 'a2ui-video',
  AudioPlayer: 'a2ui-audio-player',
  Row: 'a2ui-row',
  Column: 'a2ui-column',
  List: 'a2ui-list',
  Card: 'a2ui-card',
  Tabs: 'a2ui-tabs',
  Divider: 'a2ui-divider',
  Modal: 'a2ui-modal',
  Button: 'a2ui-button',
  CheckBox: 'a2ui-checkbox',
  TextField: 'a2ui-text-field',
  DateTimeInput: 'a2ui-date-time-input',
  ChoicePicker: 'a2ui-choice-picker',
  Slider: 'a2ui-slider',
} as const;

/** A basic-catalog component type that has a built-in element. */
export type BasicType = keyof typeof TAGS;

/** Tag names of the basic catalog's components, by component type (any string indexes it, as before). */
export const BASIC_TAGS: Readonly<typeof TAGS> & Readonly<Record<string, string>> = Object.freeze(TAGS);

/** The fallback element for component types without a registered element. */
export const UNKNOWN_TAG = 'a2ui-unknown';

/** The element shown for a component the store refused under `partialUpdates`. */
export const PLACEHOLDER_TAG = 'a2ui-placeholder';

/** The element that renders one surface. */
export const SURFACE_TAG = 'a2ui-surface';
