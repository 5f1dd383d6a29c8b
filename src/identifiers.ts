/** Longest component id accepted. */
export const MAX_ID_LENGTH = 256;

/**
 * UAX #31 identifiers: the naming rule for component names, function names, argument and property
 * names, component ids and extension keys (`^[\p{XID_Start}_][\p{XID_Continue}]*$`).
 */
const IDENTIFIER = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;

/** True when `name` is a UAX #31 identifier. */
export function isIdentifier(name: unknown): name is string {
  return typeof name === 'string' && IDENTIFIER.test(name);
}

/**
 * The component id rule of a surface's protocol version: UAX #31 for v1.0; any non-empty string
 * for v0.9 and draft v1.0 (`1.0-draft`), whose `ComponentId` has no pattern (`booking-title`).
 */
export function isComponentId(id: unknown, surfaceVersion: string): id is string {
  if (surfaceVersion === '1.0') return isIdentifier(id);
  return typeof id === 'string' && (id !== '' || surfaceVersion.startsWith('0'));
}
