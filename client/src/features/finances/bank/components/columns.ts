/**
 * The header row of a bank's CSV as the browser reads it, for the mapping form: the first of
 * its first lines with three or more cells, with the delimiter that splits it so. (The server
 * reads the file itself with a full CSV parser; this only offers the column names.)
 */
export function csvHeaders(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).slice(0, 30);
  for (const line of lines) {
    for (const delimiter of [';', ',', '\t', '|']) {
      const cells = line.split(delimiter).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
      if (cells.filter(Boolean).length >= 3) return cells.filter(Boolean);
    }
  }
  return [];
}

/** Reads a statement file as text the way the server does: UTF-8, else Windows-1252. */
export async function fileText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const hints: Record<string, RegExp> = {
  date: /fecha|date/i,
  description: /descrip|concepto|detalle|description|memo/i,
  reference: /refer|documento|no\.|ref/i,
  amount: /monto|importe|amount|valor/i,
  debit: /d[eé]bito|debit|retiro|cargo/i,
  credit: /cr[eé]dito|credit|dep[oó]sito|abono/i,
  balance: /balance|saldo/i,
};

/** A first guess of which header is which (the administrator confirms or changes it). */
export function guessColumn(headers: string[], column: keyof typeof hints): string {
  return headers.find((header) => hints[column].test(header)) ?? '';
}
