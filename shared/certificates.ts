/** No-debt certificates' codes, shared by the server's check and the /verificar page. */

/**
 * A certificate's verification code as printed, `ABCD-EFGH-JKLM-NPQR`, from what a person types:
 * any case, with or without the dashes (spaces and other separators ignored).
 */
export function normalizeCertificateCode(typed: string) {
  const chars = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return chars.length === 16 ? (chars.match(/.{4}/g) ?? []).join('-') : chars;
}
