/**
 * The basic components but Text, Row and Column, defined on first use: the first List, Card,
 * Divider, Button, TextField, Image, Icon, CheckBox, Slider, Tabs, Modal, … of a page loads its
 * element (one file of its own in the script-tag build, `a2ui-<tag>.js`; the inputs' shared base
 * `a2ui-field.js` is fetched at the same time), showing the placeholder meanwhile (lazy-elements.ts).
 * {@link preloadComponents} defines them up front. The Icon element arrives with the icon path
 * table, both fetched at once, so a named icon draws on its first render.
 *
 * @module
 */
import { defineOnFirstUse } from '../lazy-elements.ts';
import { defineElement } from '../registry.ts';

/**
 * The Icon class, once its path table is there too (fetched alongside). A table that fails to load
 * leaves named icons drawn empty, as icon.ts does; the next named icon tries it again.
 */
function loadIcon(): Promise<CustomElementConstructor> {
  return import('./icon.ts').then((m) => m.preloadIcons().then(() => m.A2uiIcon, () => m.A2uiIcon));
}

/** The field base, fetched alongside the input that extends it (one file the inputs share). */
const withField = <T,>(load: () => Promise<T>): Promise<T> => Promise.all([import('./field.ts'), load()]).then(([, m]) => m);

/** Component type → its tag and a loader of its class. */
export const ON_DEMAND_COMPONENTS: Readonly<Record<string, readonly [tag: string, load: () => Promise<CustomElementConstructor>]>> = {
  List: ['a2ui-list', () => import('./list.ts').then((m) => m.A2uiList)],
  Card: ['a2ui-card', () => import('./card.ts').then((m) => m.A2uiCard)],
  Divider: ['a2ui-divider', () => import('./divider.ts').then((m) => m.A2uiDivider)],
  Button: ['a2ui-button', () => import('./button.ts').then((m) => m.A2uiButton)],
  TextField: ['a2ui-text-field', () => withField(() => import('./text-field.ts')).then((m) => m.A2uiTextField)],
  Image: ['a2ui-image', () => import('./image.ts').then((m) => m.A2uiImage)],
  Icon: ['a2ui-icon', loadIcon],
  CheckBox: ['a2ui-checkbox', () => withField(() => import('./checkbox.ts')).then((m) => m.A2uiCheckBox)],
  Video: ['a2ui-video', () => import('./video.ts').then((m) => m.A2uiVideo)],
  AudioPlayer: ['a2ui-audio-player', () => import('./audio-player.ts').then((m) => m.A2uiAudioPlayer)],
  Tabs: ['a2ui-tabs', () => import('./tabs.ts').then((m) => m.A2uiTabs)],
  Modal: ['a2ui-modal', () => import('./modal.ts').then((m) => m.A2uiModal)],
  DateTimeInput: ['a2ui-date-time-input', () => withField(() => import('./date-time-input.ts')).then((m) => m.A2uiDateTimeInput)],
  ChoicePicker: ['a2ui-choice-picker', () => withField(() => import('./choice-picker.ts')).then((m) => m.A2uiChoicePicker)],
  Slider: ['a2ui-slider', () => withField(() => import('./slider.ts')).then((m) => m.A2uiSlider)],
};

/** Imports the class of `type` and defines its tag (unless something already did). */
function defineNow(type: string): Promise<void> {
  const [tag, load] = ON_DEMAND_COMPONENTS[type];
  return load().then((cls) => defineElement(tag, cls));
}

/**
 * Defines component elements whose classes an entry bundles (no load on first use for them): the
 * package's bundler entry defines all of them, the script-tag file those a typical surface uses.
 */
export function defineComponents(classes: { readonly [type: string]: CustomElementConstructor }): void {
  for (const [type, cls] of Object.entries(classes)) defineElement(ON_DEMAND_COMPONENTS[type][0], cls);
}

for (const [type, [tag]] of Object.entries(ON_DEMAND_COMPONENTS)) defineOnFirstUse(tag, `the ${type} element`, () => defineNow(type));

/** Defines every component element that is otherwise defined on first use; resolves when they are. */
export async function preloadComponents(): Promise<void> {
  await Promise.all(Object.keys(ON_DEMAND_COMPONENTS).map(defineNow));
}

/** Defines the Icon element and loads the icon path table (each otherwise arrives with the first Icon); rejects when the table fails. */
export function preloadIcons(): Promise<void> {
  return defineNow('Icon')
    .then(() => import('./icon.ts'))
    .then((m) => m.preloadIcons());
}
