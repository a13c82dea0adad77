/** Visitor passes' access codes (docs/modules/visitors.md), without zod: the desk and the pass page show them. */

/** Access codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const ACCESS_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const ACCESS_CODE_LENGTH = 8;
/** A code as people type it: spaces and dashes dropped, upper case. */
export const normalizeCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
/** A code as shown: two groups of four. */
export const displayCode = (code: string) => (code.length === ACCESS_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code);
