/** The library's version, as in package.json (a Node test keeps the two in step). */
export const LIBRARY_VERSION = '0.1.0';
