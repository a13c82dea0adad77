/**
 * Maximum lengths of text inputs (docs/development.md, "Input rules": every text input has one). Schemas name the
 * kind of text instead of a number, so one change here reaches every form and route.
 */
export const TEXT_LIMITS = {
  /** People's names, company names, short labels. */
  name: 100,
  /** RFC 5321's longest address. */
  email: 254,
  phone: 30,
  /** Titles of notices, documents, requests. */
  title: 150,
  /** One-line texts that are not names or titles: addresses, references, locations. */
  line: 200,
  /** Codes and numbers typed by people: unit numbers, access codes, plates, catalogue ids. */
  code: 50,
  /** A file's name as the browser gives it. */
  file: 255,
  /** Addresses of pages and images (logos). */
  url: 2048,
  /** Short descriptions shown in small spaces (the app's description on the sign-in page). */
  summary: 500,
  /** Free text: descriptions, messages, comments, notes. */
  text: 5000,
  /** The `q` of a search. */
  search: 100,
  /** Passwords as typed (scrypt takes any length; this bounds its work). */
  password: 200,
} as const;
export type TextKind = keyof typeof TEXT_LIMITS;
