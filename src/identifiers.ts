/**
 * UAX #31 identifiers: the naming rule for component names, function names, argument and property
 * names, component ids and extension keys (`^[\p{XID_Start}_][\p{XID_Continue}]*$`).
 */
const IDENTIFIER = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;

/** True when `name` is a UAX #31 identifier. */
export function isIdentifier(name: unknown): name is string {
  return typeof name === 'string' && IDENTIFIER.test(name);
}
