/**
 * Onboarding imports (docs/modules/onboarding.md): the kinds of file, the fields of each, and
 * the headers (Spanish or English, any case or accents) a column is recognised by.
 */
export const IMPORT_KINDS = ['units', 'people', 'balances', 'suppliers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATUSES = ['previewed', 'applying', 'applied', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ROW_OUTCOMES = ['create', 'update', 'unchanged', 'error'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

/** At most this many bytes in a file, and this many rows under its header. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
/** Imports with more rows than this are applied by the worker, with live progress. */
export const WORKER_IMPORT_ROWS = 500;

type FieldSpec = { field: string; header: string; headers: string[]; example: string; required?: boolean };

/** The fields of each kind, in template order: the template header (Spanish), the other headers it is known by, an example. */
export const IMPORT_FIELDS: Record<ImportKind, FieldSpec[]> = {
  units: [
    { field: 'unitNumber', header: 'Unidad', headers: ['unidad', 'apto', 'apartamento', 'numero', 'no', 'local', 'unit', 'unit number', 'number', 'apartment'], example: '101', required: true },
    { field: 'floor', header: 'Piso', headers: ['piso', 'nivel', 'floor', 'level'], example: '1' },
    { field: 'squareMeters', header: 'Área m²', headers: ['area', 'area m2', 'metros', 'm2', 'metros cuadrados', 'square meters', 'sqm'], example: '85.5' },
    { field: 'share', header: 'Alícuota', headers: ['alicuota', 'participacion', 'porcentaje', 'share', 'percentage'], example: '2.5' },
    { field: 'ownerEmail', header: 'Correo del propietario', headers: ['correo del propietario', 'correo propietario', 'email propietario', 'owner email', 'owner'], example: 'propietario@ejemplo.com' },
  ],
  people: [
    { field: 'firstName', header: 'Nombre', headers: ['nombre', 'nombres', 'first name', 'name'], example: 'María', required: true },
    { field: 'lastName', header: 'Apellido', headers: ['apellido', 'apellidos', 'last name', 'surname'], example: 'Pérez', required: true },
    { field: 'email', header: 'Correo', headers: ['correo', 'correo electronico', 'email', 'e-mail', 'mail'], example: 'maria@ejemplo.com', required: true },
    { field: 'phone', header: 'Teléfono', headers: ['telefono', 'celular', 'movil', 'phone', 'mobile'], example: '809-555-0100' },
    { field: 'nationalId', header: 'Cédula', headers: ['cedula', 'documento', 'id', 'national id'], example: '001-0000001-1' },
    { field: 'unitNumber', header: 'Unidad', headers: ['unidad', 'apto', 'apartamento', 'unit', 'apartment'], example: '101', required: true },
    { field: 'role', header: 'Rol', headers: ['rol', 'tipo', 'relacion', 'role'], example: 'Residente' },
    { field: 'moveInDate', header: 'Fecha de entrada', headers: ['fecha de entrada', 'entrada', 'fecha de mudanza', 'move in', 'move-in date', 'move in date'], example: '2026-01-15' },
  ],
  balances: [
    { field: 'unitNumber', header: 'Unidad', headers: ['unidad', 'apto', 'apartamento', 'unit', 'apartment'], example: '101', required: true },
    // The template's header says the sign: what the unit owes, or (negative) what it has in its favour.
    { field: 'amount', header: 'Saldo (negativo = a favor)', headers: ['saldo', 'balance', 'monto', 'deuda', 'amount', 'owed'], example: '4500.00', required: true },
    { field: 'date', header: 'Fecha', headers: ['fecha', 'al', 'date', 'as of'], example: '2026-12-31', required: true },
  ],
  suppliers: [
    { field: 'name', header: 'Nombre', headers: ['nombre', 'razon social', 'suplidor', 'proveedor', 'name', 'supplier'], example: 'Ferretería Central', required: true },
    { field: 'taxId', header: 'RNC', headers: ['rnc', 'rnc/cedula', 'cedula', 'tax id'], example: '131246771' },
    { field: 'phone', header: 'Teléfono', headers: ['telefono', 'celular', 'phone'], example: '809-555-0100' },
    { field: 'email', header: 'Correo', headers: ['correo', 'email', 'e-mail'], example: 'ventas@ejemplo.com' },
    { field: 'category', header: 'Categoría', headers: ['categoria', 'rubro', 'category'], example: 'Plomería' },
  ],
};

/** A header folded for comparison: lower case, no accents, single spaces, no punctuation at the ends. */
export const foldHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/²/g, '2')
    .toLowerCase()
    .replace(/[_.:#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The mapping guessed from a file's headers: field -> column index (each column used once). */
export function guessMapping(kind: ImportKind, columns: string[]): Record<string, number> {
  const folded = columns.map(foldHeader);
  const mapping: Record<string, number> = {};
  const used = new Set<number>();
  for (const spec of IMPORT_FIELDS[kind]) {
    const names = [foldHeader(spec.header), ...spec.headers.map(foldHeader)];
    const index = folded.findIndex((header, i) => !used.has(i) && names.includes(header));
    if (index >= 0) {
      mapping[spec.field] = index;
      used.add(index);
    }
  }
  return mapping;
}
