/**
 * a2ui-elements: A2UI v1.0 as custom elements. Importing this module defines `<a2ui-surface>` and
 * one element per basic-catalog component (loading it twice is harmless).
 *
 * ```ts
 * import { A2uiStore } from 'a2ui-elements/src/index.ts';
 * import { browserHost } from 'a2ui-elements/elements/index.ts';
 * const store = new A2uiStore({ host: browserHost });
 * surfaceElement.store = store;
 * store.process(messagesFromTheAgent);
 * ```
 *
 * Host components: see {@link registerComponent} (registry.ts). Keys of template children: see
 * render-child.ts. Theme tokens: theme.ts. Part names: parts.ts.
 *
 * @module
 */
import type { HostEnvironment } from '../src/index.ts';
import { A2uiSurfaceElement } from './surface.ts';
import { A2uiUnknown } from './unknown.ts';
import { A2uiPlaceholder } from './placeholder.ts';
import { A2uiText } from './components/text.ts';
import { A2uiRow, A2uiColumn } from './components/layout.ts';
import { BASIC_TAGS, PLACEHOLDER_TAG, SURFACE_TAG, UNKNOWN_TAG, type BasicType } from './basic-tags.ts';
// List, Card, Divider, Button, TextField, Image, Icon, CheckBox, Video, AudioPlayer, Tabs, Modal,
// DateTimeInput, ChoicePicker, Slider: defined on first use.
import './components/on-demand.ts';
import type { A2uiList } from './components/list.ts';
import type { A2uiCard } from './components/card.ts';
import type { A2uiDivider } from './components/divider.ts';
import type { A2uiButton } from './components/button.ts';
import type { A2uiTextField } from './components/text-field.ts';
import type { A2uiImage } from './components/image.ts';
import type { A2uiIcon } from './components/icon.ts';
import type { A2uiCheckBox } from './components/checkbox.ts';
import type { A2uiVideo } from './components/video.ts';
import type { A2uiAudioPlayer } from './components/audio-player.ts';
import type { A2uiTabs } from './components/tabs.ts';
import type { A2uiModal } from './components/modal.ts';
import type { A2uiDateTimeInput } from './components/date-time-input.ts';
import type { A2uiChoicePicker } from './components/choice-picker.ts';
import type { A2uiSlider } from './components/slider.ts';
import { safeUrl } from './urls.ts';

export { A2uiElement, elementStyles, baseStyles, type Accessibility, type InferredAria } from './base.ts';
export { A2uiSurfaceElement, messageSurfaceId, type A2uiMessageEventDetail, type A2uiActionEventDetail } from './surface.ts';
export { registerComponent, tagFor, defineElement } from './registry.ts';
import { defineElement } from './registry.ts';
export { BASIC_TAGS, UNKNOWN_TAG, PLACEHOLDER_TAG, SURFACE_TAG, type BasicType } from './basic-tags.ts';
export {
  surfaceElements,
  type FallbackInfo,
  type FallbackRenderer,
  type FallbackState,
  type SurfaceStatus,
  type A2uiStatusEventDetail,
} from './fallbacks.ts';
export { Children, type Wrap } from './render-child.ts';
export { Reactive, live, type ReactiveHost, type LiveOptions } from './reactive/index.ts';
export { surfaceSheet } from './styles.ts';
export type { FieldElement } from './components/field.ts';
/**
 * The base of the input elements and its helpers (`FieldElement`, `renderMessages`, `invalidAria`,
 * `fieldStyles`), for a host's own input components: loaded on first use with the first input.
 */
export const loadFieldElement = (): Promise<typeof import('./components/field.ts')> => import('./components/field.ts');
export { deepActiveElement } from './focus.ts';
export { attrs, type AttributeMap } from './attrs.ts';
export { PART_NAMES } from './parts.ts';
export { tokens, TOKEN_NAMES } from './theme.ts';
export { configureMarkdown, preloadMarkdown, type MarkdownOptions } from './markdown.ts';
export { preloadIcons } from './components/on-demand.ts';
export { ItemBudget } from './item-budget.ts';
export { preloadComponents, ON_DEMAND_COMPONENTS } from './components/on-demand.ts';
// The classes of the elements defined on first use, as types: at run time they are customElements.get(tag) once defined.
export type { A2uiList, A2uiCard, A2uiDivider, A2uiButton, A2uiTextField, A2uiImage, A2uiIcon, A2uiCheckBox, A2uiVideo, A2uiAudioPlayer, A2uiTabs, A2uiModal, A2uiDateTimeInput, A2uiChoicePicker, A2uiSlider };
export {
  A2uiUnknown,
  A2uiPlaceholder,
  A2uiText,
  A2uiRow,
  A2uiColumn,
};

/** Element class per basic component type (named `A2ui<Type>`: build/cem.mjs relies on it; those defined on first use: ON_DEMAND_COMPONENTS). */
export const BASIC_ELEMENTS = {
  Text: A2uiText,
  Row: A2uiRow,
  Column: A2uiColumn,
} as const;

defineElement(SURFACE_TAG, A2uiSurfaceElement);
defineElement(UNKNOWN_TAG, A2uiUnknown);
defineElement(PLACEHOLDER_TAG, A2uiPlaceholder);
for (const [type, cls] of Object.entries(BASIC_ELEMENTS)) defineElement(BASIC_TAGS[type as BasicType], cls);

/**
 * A `HostEnvironment` for browsers: `openUrl` opens http(s) URLs in a new browsing context with
 * `noopener,noreferrer` (other schemes are refused). Pass it as `new A2uiStore({ host: browserHost })`.
 */
export const browserHost: HostEnvironment = {
  openUrl(url: string): void {
    const safe = safeUrl(url, 'link');
    if (safe) window.open(safe, '_blank', 'noopener,noreferrer');
  },
};

/** Element class per basic component type, those defined on first use included. */
type BasicClasses = typeof BASIC_ELEMENTS & {
  List: typeof A2uiList;
  Card: typeof A2uiCard;
  Divider: typeof A2uiDivider;
  Button: typeof A2uiButton;
  TextField: typeof A2uiTextField;
  Image: typeof A2uiImage;
  Icon: typeof A2uiIcon;
  CheckBox: typeof A2uiCheckBox;
  Video: typeof A2uiVideo;
  AudioPlayer: typeof A2uiAudioPlayer;
  Tabs: typeof A2uiTabs;
  Modal: typeof A2uiModal;
  DateTimeInput: typeof A2uiDateTimeInput;
  ChoicePicker: typeof A2uiChoicePicker;
  Slider: typeof A2uiSlider;
};

/** Tag → element instance for the basic components, from the tables above. */
type BasicElementMap = { [T in BasicType as (typeof BASIC_TAGS)[T]]: InstanceType<BasicClasses[T]> };

declare global {
  interface HTMLElementTagNameMap extends BasicElementMap {
    'a2ui-surface': A2uiSurfaceElement;
    'a2ui-unknown': A2uiUnknown;
    'a2ui-placeholder': A2uiPlaceholder;
  }
}
