/**
 * Every `part` name the elements put on their meaningful inner nodes. Component elements render
 * into light DOM inside the surface's one shadow root, so a host reaches any of them from outside
 * the surface in one step, with no `exportparts`: `a2ui-surface::part(button) { border-radius: 0 }`.
 * (A custom component with a shadow root of its own exports its parts itself.)
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
 * | `button` (+ `button-primary`, `button-borderless`), `reason` | Button (`reason`: why it is disabled) |
 * | `field`, `label`, `input`, `messages`, `message` | TextField, DateTimeInput, Slider, CheckBox, ChoicePicker |
 * | `checkbox`, `group`, `option`, `option-selected`, `filter`, `slider`, `value`, `description` | inputs |
 *
 * @module
 */
export const PART_NAMES = [
  'surface', 'error', 'text', 'image', 'icon', 'video', 'audio', 'description',
  'row', 'column', 'list', 'item', 'card', 'tablist', 'tab', 'tab-selected', 'tabpanel', 'divider',
  'trigger', 'dialog', 'dialog-content', 'close', 'button', 'button-primary', 'button-borderless', 'reason',
  'field', 'label', 'input', 'messages', 'message', 'checkbox', 'group', 'option', 'option-selected',
  'filter', 'slider', 'value',
] as const;
