/** The names the draft v1.0 wire uses (adapter.ts). */

/** The wire version of draft envelopes. */
export const DRAFT_WIRE_VERSION = 'v1.0';
/** The version draft surfaces remember (its major version is 1: v1.0 catalogs apply). */
export const DRAFT_SURFACE_VERSION = '1.0-draft';
/** The draft's short name for the basic catalog. */
export const DRAFT_BASIC_ALIAS = 'basic';
