/** One row of a units CSV as typed: the texts of its cells (the server validates them). */
export type UnitCsvRow = { unitNumber: string; floor: string | null; squareMeters: string | null; share: string | null };

/** The cells of one CSV line (quotes "…" with "" inside; `delimiter` between cells). */
function cells(line: string, delimiter: string) {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      out.push(cell);
      cell = '';
    }
    else cell += char;
  }
  out.push(cell);
  return out.map((value) => value.trim());
}

/**
 * Reads a units CSV (unit number, floor, area, share — in that order), as a spreadsheet saves
 * it: `,` or `;` between cells (with `;`, a decimal comma is read as a point), an optional
 * header row, empty lines skipped. Empty cells are null (the unit keeps its value).
 */
export function parseUnitsCsv(text: string): UnitCsvRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  if (!lines.length) return [];
  const delimiter = (lines[0].match(/;/g)?.length ?? 0) > (lines[0].match(/,/g)?.length ?? 0) ? ';' : ',';
  const number = (value: string | undefined) => (value ? (delimiter === ';' ? value.replace(',', '.') : value) : null);
  const rows = lines.map((line) => cells(line, delimiter));
  const header = /unidad|unit|n[úu]mero|number/i.test(rows[0][0] ?? '');
  return (header ? rows.slice(1) : rows).map(([unitNumber = '', floor, area, share]) => ({ unitNumber, floor: number(floor), squareMeters: number(area), share: number(share) }));
}
