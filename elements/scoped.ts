/**
 * `<a2ui-surface>` in a custom element registry of its own, for a page that also runs another A2UI
 * renderer. The official `@a2ui/lit` defines `a2ui-surface` (and, in its 0.8 UI, `a2ui-text`,
 * `a2ui-row`, …) in the page's registry, and a second definition of a name throws
 * `NotSupportedError`. Import this module instead of `a2ui-elements/elements` (which defines our
 * tags in the page's registry) and make surfaces with {@link createA2uiSurface}:
 *
 * ```ts
 * import { createA2uiSurface } from 'a2ui-elements/elements/scoped';
 * const surface = createA2uiSurface();
 * surface.store = store;
 * surface.surfaceId = 'main';
 * container.append(surface);
 * ```
 *
 * Where the browser has scoped registries (`new CustomElementRegistry()`: Chromium 146+, Safari
 * 26), every element of ours is defined in one private registry, the surface is made in it, and so
 * is every element it renders (element-registry.ts); nothing is added to the page's registry, in
 * whatever order the two renderers load. A host's own component elements (`registerComponent`)
 * stay in the page's registry and render as usual. Every component element is defined up front
 * here (no loading on first use). Elsewhere our tags go in the page's registry if no one has
 * taken them, else {@link createA2uiSurface} throws.
 *
 * @module
 */
import { A2uiSurfaceElement } from './surface.ts';
import { A2uiUnknown } from './unknown.ts';
import { A2uiPlaceholder } from './placeholder.ts';
import { BASIC_TAGS, PLACEHOLDER_TAG, SURFACE_TAG, UNKNOWN_TAG } from './basic-tags.ts';
import { A2uiText } from './components/text.ts';
import { A2uiColumn, A2uiRow } from './components/layout.ts';
import { A2uiList } from './components/list.ts';
import { A2uiCard } from './components/card.ts';
import { A2uiDivider } from './components/divider.ts';
import { A2uiButton } from './components/button.ts';
import { A2uiTextField } from './components/text-field.ts';
import { A2uiImage } from './components/image.ts';
import { A2uiIcon, preloadIcons } from './components/icon.ts';
import { A2uiCheckBox } from './components/checkbox.ts';
import { A2uiVideo } from './components/video.ts';
import { A2uiAudioPlayer } from './components/audio-player.ts';
import { A2uiTabs } from './components/tabs.ts';
import { A2uiModal } from './components/modal.ts';
import { A2uiDateTimeInput } from './components/date-time-input.ts';
import { A2uiChoicePicker } from './components/choice-picker.ts';
import { A2uiSlider } from './components/slider.ts';

/** Our element class per tag. */
const ELEMENTS: ReadonlyArray<readonly [string, CustomElementConstructor]> = [
  [SURFACE_TAG, A2uiSurfaceElement],
  [UNKNOWN_TAG, A2uiUnknown],
  [PLACEHOLDER_TAG, A2uiPlaceholder],
  [BASIC_TAGS.Text, A2uiText],
  [BASIC_TAGS.Row, A2uiRow],
  [BASIC_TAGS.Column, A2uiColumn],
  [BASIC_TAGS.List, A2uiList],
  [BASIC_TAGS.Card, A2uiCard],
  [BASIC_TAGS.Divider, A2uiDivider],
  [BASIC_TAGS.Button, A2uiButton],
  [BASIC_TAGS.TextField, A2uiTextField],
  [BASIC_TAGS.Image, A2uiImage],
  [BASIC_TAGS.Icon, A2uiIcon],
  [BASIC_TAGS.CheckBox, A2uiCheckBox],
  [BASIC_TAGS.Video, A2uiVideo],
  [BASIC_TAGS.AudioPlayer, A2uiAudioPlayer],
  [BASIC_TAGS.Tabs, A2uiTabs],
  [BASIC_TAGS.Modal, A2uiModal],
  [BASIC_TAGS.DateTimeInput, A2uiDateTimeInput],
  [BASIC_TAGS.ChoicePicker, A2uiChoicePicker],
  [BASIC_TAGS.Slider, A2uiSlider],
];

/** `document.createElement` with the scoped-registry option (not yet in every DOM typing). */
type CreateElement = (tag: string, options: { customElementRegistry: CustomElementRegistry }) => HTMLElement;

let registry: CustomElementRegistry | undefined;

/** True where the browser can make custom element registries of their own (`new CustomElementRegistry()`). */
export function scopedRegistriesSupported(): boolean {
  try {
    new (CustomElementRegistry as unknown as new () => CustomElementRegistry)();
    return true;
  } catch {
    return false;
  }
}

/**
 * The private registry our elements are defined in (made on first call). Throws a `TypeError`
 * where the browser has no scoped registries.
 */
export function a2uiElementRegistry(): CustomElementRegistry {
  if (!registry) {
    if (!scopedRegistriesSupported()) throw new TypeError('This browser has no scoped custom element registries');
    const made = new (CustomElementRegistry as unknown as new () => CustomElementRegistry)();
    for (const [tag, cls] of ELEMENTS) made.define(tag, cls);
    // Named icons draw once the path table is here; a failed load leaves them empty, as on first use.
    void preloadIcons().catch(() => undefined);
    registry = made;
  }
  return registry;
}

/**
 * A new `<a2ui-surface>` that renders with our elements whatever else the page defines: made in
 * {@link a2uiElementRegistry}, or, without scoped registries, in the page's registry when our tags
 * are free there. Set its `store` and `surfaceId`, then put it anywhere in the page.
 * @throws TypeError without scoped registries when another definition holds `a2ui-surface`.
 */
export function createA2uiSurface(): A2uiSurfaceElement {
  if (scopedRegistriesSupported()) {
    return (document.createElement as unknown as CreateElement)(SURFACE_TAG, { customElementRegistry: a2uiElementRegistry() }) as A2uiSurfaceElement;
  }
  const taken = customElements.get(SURFACE_TAG);
  if (taken && taken !== A2uiSurfaceElement) throw new TypeError(`'${SURFACE_TAG}' is defined by another renderer and this browser has no scoped registries`);
  for (const [tag, cls] of ELEMENTS) if (!customElements.get(tag)) customElements.define(tag, cls);
  return document.createElement(SURFACE_TAG) as A2uiSurfaceElement;
}
