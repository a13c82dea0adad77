/**
 * The product's languages, Spanish (the default) first. A file of its own, re-exported by
 * enums.ts with the other enumerations: the client's first load (its translations, the
 * language menu) needs this list, not every enumeration of the product.
 */
export const LANGUAGES = ['es', 'en'] as const;
