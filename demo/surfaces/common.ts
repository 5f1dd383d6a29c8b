/** Builders for the demo's A2UI v1.0 messages (pure data: the Node tests check every surface). */
export const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

export type Message = Record<string, unknown>;
export type Component = Record<string, unknown> & { id: string; component: string };

export const createSurface = (surfaceId: string, extra: Record<string, unknown> = {}): Message => ({
  version: '1.0',
  createSurface: { surfaceId, catalogId: BASIC, ...extra },
});
export const updateComponents = (surfaceId: string, components: Component[]): Message => ({
  version: '1.0',
  updateComponents: { surfaceId, components },
});
export const updateDataModel = (surfaceId: string, path: string, value: unknown): Message => ({
  version: '1.0',
  updateDataModel: { surfaceId, path, value },
});

/** `{"@path": p}` */
export const path = (p: string) => ({ '@path': p });
/** A Text component. */
export const text = (id: string, value: unknown, extra: Record<string, unknown> = {}): Component => ({ id, component: 'Text', text: value, ...extra });
/** A Button with a Text label `<id>_label`, sending event `name` with `context`. */
export const button = (id: string, label: string, name: string, context: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Component[] => [
  { id, component: 'Button', child: `${id}_label`, action: { event: { name, context } }, ...extra },
  text(`${id}_label`, label),
];

/** A ChoicePicker bound to `valuePath`, with `options` as `[label, value]` pairs. */
export const choicePicker = (id: string, label: string, variant: string, options: [string, string][], valuePath: string, extra: Record<string, unknown> = {}): Component => ({
  id,
  component: 'ChoicePicker',
  label,
  variant,
  ...extra,
  options: options.map(([label, value]) => ({ label, value })),
  value: path(valuePath),
});

/** The messages as JSONL text (what an agent would stream). */
export const jsonl = (messages: Message[]): string => messages.map((m) => JSON.stringify(m)).join('\n') + '\n';

/** An absolute URL of a demo asset (components only load http(s) URLs; in Node, a placeholder origin). */
export const asset = (name: string): string => new URL(`/demo/assets/${name}`, globalThis.location?.href ?? 'http://localhost/').href;
