/**
 * A CSV cell that a spreadsheet would read as a formula is prefixed with ' (CSV injection);
 * phone numbers such as +1 809... stay as they are.
 */
export const safeCell = (value: string | null | undefined) =>
  value && /^[=+\-@\t\r]/.test(value) && !/^[+-]?[\d\s().-]+$/.test(value) ? `'${value}` : (value ?? '');
