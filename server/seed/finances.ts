import { deflateSync } from 'node:zlib';
import type { Knex } from 'knex';
import { itbisOf } from '../../shared/finances';
import { todayThere } from '../../shared/time';

type Person = { id: number };

// CRC-32 of PNG chunks (zlib.crc32 needs Node 22).
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

/**
 * A photo of a paper invoice as the demo shows it: a 120x160 PNG, white paper with a header
 * band in the supplier's colour and grey lines of text (real PNG bytes, so the upload checks
 * and the browser treat it as any phone photo).
 */
export function invoicePhoto([r, g, b]: [number, number, number]) {
  const width = 120;
  const height = 160;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y < 24;
      const line = y > 40 && y % 12 < 3 && x > 10 && x < (y % 36 === 0 ? 70 : 108);
      const [pr, pg, pb] = band ? [r, g, b] : line ? [150, 150, 150] : [250, 250, 246];
      row.set([pr, pg, pb], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** The day `months` months before today's month, on `dayOfMonth` (YYYY-MM-DD). */
function monthDay(months: number, dayOfMonth: number) {
  const [year, month] = todayThere().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 - months, Math.min(dayOfMonth, 28)));
  return date.toISOString().slice(0, 10);
}

const SUPPLIERS = [
  { name: 'EDESUR Dominicana', taxId: '101821205', category: 'electricity', phone: '809-683-9292', email: 'grandes.clientes@edesur.com.do', color: [242, 140, 40] },
  { name: 'CAASD', taxId: '101001038', category: 'water', phone: '809-562-3500', email: 'facturacion@caasd.gob.do', color: [40, 120, 200] },
  { name: 'Ascensores del Caribe SRL', taxId: '130245673', category: 'elevators', phone: '809-555-4410', email: 'servicio@ascensorescaribe.do', bankAccount: 'Banreservas 960-123456-7', color: [90, 90, 160] },
  { name: 'Limpieza Total SRL', taxId: '131557899', category: 'cleaning', phone: '809-555-7720', email: 'cuentas@limpiezatotal.do', bankAccount: 'Popular 812-345678-9', color: [30, 160, 110] },
  { name: 'Seguridad Dominicana', taxId: '101876549', category: 'security', phone: '809-555-0177', email: 'cobros@seguridaddominicana.do', color: [60, 60, 60] },
  { name: 'Jardines del Este', taxId: '130881121', category: 'gardening', phone: '829-555-3311', notes: 'Poda y riego los martes', color: [70, 150, 50] },
] as const;

/** Each month's bills: supplier (by index), description, amount before ITBIS (centavos), whether ITBIS applies. */
const MONTHLY = [
  { supplier: 0, category: 'electricity', description: 'Electricidad áreas comunes', amount: 1_845_000, itbis: false, day: 5 },
  { supplier: 1, category: 'water', description: 'Agua potable', amount: 412_000, itbis: false, day: 8 },
  { supplier: 2, category: 'elevators', description: 'Mantenimiento de ascensores', amount: 2_500_000, itbis: true, day: 10 },
  { supplier: 3, category: 'cleaning', description: 'Servicio de limpieza', amount: 3_800_000, itbis: true, day: 15 },
  { supplier: 4, category: 'security', description: 'Seguridad 24 horas', amount: 9_500_000, itbis: true, day: 1 },
] as const;

/**
 * The demo's finances (docs/modules/finances.md): the organization's suppliers, opening balances
 * of the tower's funds, a fund of its own and a transfer to it, and three months of the tower's
 * expenses with their invoice photos: the two past months paid (one payment in two parts, one
 * expense voided), this month's partly pending.
 */
export async function seedFinances(trx: Knex, { organizationId, admin, tower }: { organizationId: number; admin: Person; tower: number }) {
  const suppliers = await trx('suppliers')
    .insert(SUPPLIERS.map(({ color: _color, ...supplier }) => ({ organizationId, ...supplier })))
    .returning(['id', 'name']);

  const opening = monthDay(3, 1);
  const funds: Array<{ id: number; kind: string }> = await trx('funds').where({ propertyId: tower }).select('id', 'kind');
  const operating = funds.find((fund) => fund.kind === 'operating')!;
  const reserve = funds.find((fund) => fund.kind === 'reserve')!;
  await trx('funds').where({ id: operating.id }).update({ openingBalance: 85_000_000, openingDate: opening });
  await trx('funds').where({ id: reserve.id }).update({ openingBalance: 120_000_000, openingDate: opening });
  const [painting] = await trx('funds')
    .insert({ organizationId, propertyId: tower, name: 'Fondo de pintura 2027', kind: 'other', openingBalance: 0, openingDate: opening })
    .returning('id');
  await trx('fundTransfers').insert({
    organizationId,
    propertyId: tower,
    fromFundId: reserve.id,
    toFundId: painting.id,
    amount: 15_000_000,
    date: monthDay(2, 20),
    description: 'Aporte aprobado en asamblea para la pintura de fachada',
    createdById: admin.id,
  });

  let invoice = 4100;
  for (const months of [2, 1, 0]) {
    for (const bill of MONTHLY) {
      const issueDate = monthDay(months, bill.day);
      if (months === 0 && issueDate > todayThere()) continue;
      const itbis = bill.itbis ? itbisOf(bill.amount) : 0;
      const total = bill.amount + itbis;
      const current = months === 0;
      // This month: security and cleaning still owed, elevators half paid.
      const paid = !current ? total : bill.category === 'elevators' ? Math.round(total / 2) : bill.category === 'electricity' || bill.category === 'water' ? total : 0;
      const [expense] = await trx('expenses')
        .insert({
          organizationId,
          propertyId: tower,
          fundId: operating.id,
          category: bill.category,
          supplierId: suppliers[bill.supplier].id,
          invoiceNumber: `F-${invoice}`,
          ncf: `B01${String(invoice * 7).padStart(8, '0')}`,
          issueDate,
          dueDate: monthDay(months, bill.day + 15),
          amount: bill.amount,
          itbis,
          paidAmount: paid,
          description: `${bill.description} ${issueDate.slice(0, 7)}`,
          status: paid === total ? 'paid' : 'pending',
          createdById: admin.id,
        })
        .returning('id');
      invoice += 1;
      const photo = invoicePhoto([...SUPPLIERS[bill.supplier].color]);
      await trx('expenseAttachments').insert({ organizationId, expenseId: expense.id, uploadedById: admin.id, fileName: `factura-F-${invoice - 1}.png`, fileType: 'image/png', sizeBytes: photo.length, content: photo });
      if (paid) {
        const paidAt = [monthDay(months, Math.min(bill.day + 10, 28)), todayThere()].sort()[0];
        const parts = !current && bill.category === 'cleaning' ? [Math.round(paid / 2), paid - Math.round(paid / 2)] : [paid];
        for (const [index, part] of parts.entries()) {
          await trx('expensePayments').insert({
            organizationId,
            expenseId: expense.id,
            fundId: operating.id,
            amount: part,
            paidAt: index ? [monthDay(months, 28), todayThere()].sort()[0] : paidAt,
            method: 'bank_transfer',
            reference: `TRF-${invoice}${index}`,
            createdById: admin.id,
          });
        }
      }
    }
  }

  // A bill recorded twice by mistake, voided with its reason.
  const [duplicate] = await trx('expenses')
    .insert({
      organizationId,
      propertyId: tower,
      fundId: operating.id,
      category: 'gardening',
      supplierId: suppliers[5].id,
      invoiceNumber: 'JE-220',
      issueDate: monthDay(1, 12),
      amount: 1_200_000,
      itbis: 0,
      description: 'Poda de áreas verdes (duplicado)',
      status: 'voided',
      createdById: admin.id,
      voidedAt: new Date(),
      voidedById: admin.id,
      voidReason: 'Factura registrada dos veces',
    })
    .returning('id');
  await trx('expenses')
    .insert({ organizationId, propertyId: tower, fundId: operating.id, category: 'gardening', supplierId: suppliers[5].id, invoiceNumber: 'JE-220', issueDate: monthDay(1, 12), amount: 1_200_000, itbis: 0, paidAmount: 0, description: 'Poda de áreas verdes', status: 'pending', createdById: admin.id })
    .returning('id');
  return { suppliers, voided: duplicate.id };
}
