/**
 * Every `part` name the elements put on their meaningful inner nodes. Each child element is
 * rendered with `exportparts` listing them all, so a host can restyle any of them from outside the
 * surface: `a2ui-surface::part(button) { border-radius: 0 }`.
 *
 * | part | on |
 * | --- | --- |
 * | `surface` | the surface's wrapper |
 * | `error` | the inline fallback of a component that failed |
 * | `text` | Text (`text caption` / `text body`) |
 * | `image`, `icon`, `video`, `audio` | media elements |
 * | `row`, `column`, `list`, `item`, `card` | layout containers; `item` wraps each List child |
 * | `tablist`, `tab`, `tab-selected`, `tabpanel` | Tabs |
 * | `divider` | Divider |
 * | `trigger`, `dialog`, `dialog-content`, `close` | Modal |
 * | `button` (+ `button-primary`, `button-borderless`) | Button |
 * | `field`, `label`, `input`, `messages`, `message` | TextField, DateTimeInput, Slider, CheckBox, ChoicePicker |
 * | `checkbox`, `group`, `option`, `option-selected`, `filter`, `slider`, `value`, `description` | inputs |
 *
 * @module
 */
export const PART_NAMES = [
  'surface', 'error', 'text', 'image', 'icon', 'video', 'audio', 'description',
  'row', 'column', 'list', 'item', 'card', 'tablist', 'tab', 'tab-selected', 'tabpanel', 'divider',
  'trigger', 'dialog', 'dialog-content', 'close', 'button', 'button-primary', 'button-borderless',
  'field', 'label', 'input', 'messages', 'message', 'checkbox', 'group', 'option', 'option-selected',
  'filter', 'slider', 'value',
] as const;

/** The `exportparts` value every child element carries. */
export const EXPORT_PARTS = PART_NAMES.join(', ');
