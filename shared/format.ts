/** File size as the spec shows it: under 1024 bytes "N B", under 1 MB "N.N KB", else "N.N MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Integer centavos as RD$ with two decimals (docs/permissions.md): formatMoney(1250050) -> "RD$12,500.50",
 * -500 -> "-RD$5.00" (what Intl's es-DO currency style writes). Not with Intl: its first number
 * format loads ICU's data, some 20 ms on a desktop and four times that on a phone, in the
 * dashboard's first render.
 */
export function formatMoney(centavos: number): string {
  const [units, cents] = (Math.abs(centavos) / 100).toFixed(2).split('.');
  return `${centavos < 0 ? '-' : ''}RD$${units.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}

type Person = { name?: string | null; lastName?: string | null };

/** A person's name as shown everywhere: first name and last name, whichever are present. */
export function fullName(person: Person): string;
export function fullName(name: string | null | undefined, lastName?: string | null): string;
export function fullName(first: Person | string | null | undefined, lastName?: string | null): string {
  const person = typeof first === 'object' && first !== null ? first : { name: first, lastName };
  return [person.name, person.lastName].filter(Boolean).join(' ');
}
