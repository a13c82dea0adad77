import type { Knex } from 'knex';
import { isAbstention, type ItemResult, type Quorum } from '../../shared/assemblies';
import type { Language } from '../../shared/messages';
import { TIME_ZONE, zonedParts } from '../../shared/time';
import { listAttendance } from '../commands/assemblies/attendance';
import { itemsOf, type ItemRow } from '../commands/assemblies/results';
import type { AssemblyRow } from '../policies/assemblies';
import { MARGIN, facts, footer, keepTogether, letterhead, letterheadPdf, nowText, table, type Doc } from './pdf';

/** The assembly's files (docs/modules/assemblies.md): the notice with its agenda, the calendar invitation, the minutes. */

const TEXTS = {
  es: {
    notice: 'Convocatoria',
    minutes: 'Acta de asamblea',
    kind: { ordinary: 'Asamblea ordinaria', extraordinary: 'Asamblea extraordinaria' },
    property: 'Propiedad',
    firstCall: 'Primera convocatoria',
    secondCall: 'Segunda convocatoria',
    place: 'Lugar',
    link: 'Enlace',
    quorumRule: 'Quórum en primera convocatoria: más del {n} % de las cuotas; en segunda, los presentes.',
    agenda: 'Orden del día',
    informative: 'Informativo',
    vote: 'Votación',
    majority: { simple: 'mayoría simple', absolute: 'mayoría absoluta', two_thirds: 'dos tercios', unanimous: 'unanimidad' },
    weighting: { share: 'por cuota', unit: 'por unidad' },
    secret: 'voto secreto',
    attendance: 'Asistencia',
    unit: 'Unidad',
    share: 'Cuota %',
    owner: 'Propietario',
    presence: 'Presencia',
    proxy: 'Poder',
    room: 'En sala',
    online: 'En línea',
    absent: 'Ausente',
    quorumAt: 'Quórum',
    call: { first: 'primera convocatoria', second: 'segunda convocatoria' },
    quorumLine: '{call}: {present} % de las cuotas presentes ({units} de {total} unidades); {reached}',
    reached: 'hay quórum',
    notReached: 'sin quórum',
    notTaken: 'no se constituyó',
    results: 'Puntos tratados',
    option: 'Opción',
    units: 'Unidades',
    weight: 'Peso',
    approved: 'APROBADO',
    rejected: 'NO APROBADO',
    tie: 'EMPATE',
    winner: 'Resultado: {winner}',
    notVoted: 'No se votó.',
    secretNote: 'Voto secreto: consta quién votó, no qué votó cada unidad.',
    votesBy: 'Votos por unidad',
    inRoom: '(en sala)',
    president: 'Presidente',
    secretary: 'Secretario',
    generated: 'Generado el',
    cancelled: 'Cancelada',
  },
  en: {
    notice: 'Notice of meeting',
    minutes: 'Minutes of the assembly',
    kind: { ordinary: 'Ordinary assembly', extraordinary: 'Extraordinary assembly' },
    property: 'Property',
    firstCall: 'First call',
    secondCall: 'Second call',
    place: 'Place',
    link: 'Link',
    quorumRule: 'Quorum at first call: more than {n} % of the shares; at second call, those present.',
    agenda: 'Agenda',
    informative: 'Informative',
    vote: 'Vote',
    majority: { simple: 'simple majority', absolute: 'absolute majority', two_thirds: 'two thirds', unanimous: 'unanimity' },
    weighting: { share: 'by share', unit: 'by unit' },
    secret: 'secret ballot',
    attendance: 'Attendance',
    unit: 'Unit',
    share: 'Share %',
    owner: 'Owner',
    presence: 'Presence',
    proxy: 'Proxy',
    room: 'In the room',
    online: 'Online',
    absent: 'Absent',
    quorumAt: 'Quorum',
    call: { first: 'first call', second: 'second call' },
    quorumLine: '{call}: {present} % of the shares present ({units} of {total} units); {reached}',
    reached: 'quorum reached',
    notReached: 'no quorum',
    notTaken: 'not held',
    results: 'Items',
    option: 'Option',
    units: 'Units',
    weight: 'Weight',
    approved: 'PASSED',
    rejected: 'NOT PASSED',
    tie: 'TIE',
    winner: 'Result: {winner}',
    notVoted: 'Not voted.',
    secretNote: 'Secret ballot: who voted is recorded, not what each unit voted.',
    votesBy: 'Votes per unit',
    inRoom: '(in the room)',
    president: 'President',
    secretary: 'Secretary',
    generated: 'Generated on',
    cancelled: 'Cancelled',
  },
} as const;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
const when = (date: Date | string, language: Language) =>
  new Date(date).toLocaleString(language === 'es' ? 'es-DO' : 'en-US', { timeZone: TIME_ZONE, dateStyle: 'full', timeStyle: 'short' });
/** A share in ten-thousandths as a percentage with 4 decimals, exactly. */
export const sharesText = (weight: number) => `${Math.floor(weight / 10_000)}.${String(weight % 10_000).padStart(4, '0')}`;
const percentText = (part: number, whole: number) => (whole ? (Math.floor((part * 10_000) / whole) / 100).toFixed(2) : '0.00');
const weightText = (item: Pick<ItemRow, 'weighting'>, weight: number) => (item.weighting === 'unit' ? String(weight) : sharesText(weight));

function callFacts(assembly: AssemblyRow, t: (typeof TEXTS)[Language], language: Language): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    [t.property, assembly.propertyName],
    [t.firstCall, when(assembly.firstCallAt, language)],
    [t.secondCall, when(assembly.secondCallAt, language)],
  ];
  if (assembly.place) rows.push([t.place, assembly.place]);
  if (assembly.meetingUrl) rows.push([t.link, assembly.meetingUrl]);
  return rows;
}

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8);
  keepTogether(doc, 60);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#111111').text(text, MARGIN).moveDown(0.3).font('Helvetica').fontSize(10);
}

const itemLine = (item: ItemRow, t: (typeof TEXTS)[Language]) =>
  item.kind === 'informative'
    ? t.informative
    : `${t.vote} (${item.options.join(' / ')}): ${t.majority[item.majority]}, ${t.weighting[item.weighting]}${item.secret ? `, ${t.secret}` : ''}`;

/** The notice: the assembly's data and its agenda. */
export async function noticePdf(trx: Knex, assembly: AssemblyRow, language: Language): Promise<Buffer> {
  const t = TEXTS[language];
  const [organization, items] = await Promise.all([letterhead(assembly.organizationId, trx), itemsOf(trx, assembly.id)]);
  return letterheadPdf(organization, t.notice, t.kind[assembly.kind], (doc) => {
    doc.font('Helvetica-Bold').fontSize(14).text(assembly.title).moveDown(0.5).font('Helvetica').fontSize(10);
    facts(doc, callFacts(assembly, t, language));
    doc.moveDown(0.3).text(fill(t.quorumRule, { n: String(assembly.quorumFirstCall) }), MARGIN);
    heading(doc, t.agenda);
    for (const item of items) {
      keepTogether(doc, 40);
      doc.font('Helvetica-Bold').text(`${item.position}. ${item.title}`, MARGIN).font('Helvetica').fillColor('#555555').text(itemLine(item, t));
      if (item.description) doc.fillColor('#111111').text(item.description);
      doc.fillColor('#111111').moveDown(0.4);
    }
    footer(doc, `${t.generated} ${nowText(language)}`);
  });
}

const icsText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsTime = (date: Date | string) => new Date(date).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** An instant as the organization's wall clock (DATE-TIME with TZID): 20261205T190000. */
const icsLocal = (instant: Date) => {
  const { day, time, seconds } = zonedParts(instant, TIME_ZONE);
  return `${day.replace(/-/g, '')}T${time.replace(':', '')}${String(seconds).padStart(2, '0')}`;
};
/** The zone's UTC offset at an instant as ±HHMM (America/Santo_Domingo: -0400 all year). */
function icsOffset(instant: Date) {
  const { day, minutes, seconds } = zonedParts(instant, TIME_ZONE);
  const [y, m, d] = day.split('-').map(Number);
  const offset = Math.round((Date.UTC(y, m - 1, d, 0, minutes, seconds) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The calendar invitation (RFC 5545): the first call, two hours long, at its place or link, in
 * the organization's zone (TZID with its VTIMEZONE, so calendars elsewhere show it at the right
 * hour). The zone's offset is the one at the meeting (the default zone has no daylight saving).
 */
export function inviteIcs(assembly: AssemblyRow): string {
  const start = new Date(assembly.firstCallAt);
  const end = new Date(start.getTime() + 2 * 3600_000);
  const offset = icsOffset(start);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vecindad//Asambleas//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${TIME_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:assembly-${assembly.id}@vecindad`,
    `DTSTAMP:${icsTime(new Date())}`,
    `DTSTART;TZID=${TIME_ZONE}:${icsLocal(start)}`,
    `DTEND;TZID=${TIME_ZONE}:${icsLocal(end)}`,
    `SUMMARY:${icsText(assembly.title)}`,
    `LOCATION:${icsText(assembly.place ?? assembly.meetingUrl ?? assembly.propertyName)}`,
    `DESCRIPTION:${icsText(`${assembly.propertyName}${assembly.meetingUrl ? `\n${assembly.meetingUrl}` : ''}`)}`,
    assembly.status === 'cancelled' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcs).join('\r\n')}\r\n`;
}

/** RFC 5545 lines are at most 75 octets: longer ones continue on lines that start with a space. */
function foldIcs(line: string) {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    if (size + length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function quorumLine(quorum: Quorum | null, call: 'first' | 'second', t: (typeof TEXTS)[Language]) {
  if (!quorum) return `${t.call[call]}: ${t.notTaken}`;
  return fill(t.quorumLine, {
    call: t.call[call],
    present: percentText(quorum.presentWeight, quorum.totalWeight),
    units: String(quorum.presentUnits),
    total: String(quorum.totalUnits),
    reached: quorum.reached ? t.reached : t.notReached,
  });
}

function resultLine(result: ItemResult, t: (typeof TEXTS)[Language]) {
  if (result.tie) return `${t.tie} · ${t.rejected}`;
  return `${fill(t.winner, { winner: result.winner ?? '-' })} · ${result.passed ? t.approved : t.rejected}`;
}

/** The minutes: data, attendance with shares and proxies, the quorum at each call, every item's result and (not secret) each unit's vote. */
export async function minutesPdf(trx: Knex, assembly: AssemblyRow, language: Language): Promise<Buffer> {
  const t = TEXTS[language];
  const [organization, items, attendance] = await Promise.all([letterhead(assembly.organizationId, trx), itemsOf(trx, assembly.id), listAttendance(trx, assembly)]);
  const ballots: Array<{ itemId: number; unitNumber: string; option: string; inRoom: boolean }> = items.length
    ? await trx('assembly_votes')
        .join('units', 'units.id', 'assembly_votes.unit_id')
        .whereIn('assembly_votes.item_id', items.filter((item) => !item.secret).map((item) => item.id))
        .orderByRaw('length(units.unit_number), units.unit_number')
        .select('assembly_votes.itemId', 'units.unitNumber', 'assembly_votes.option', 'assembly_votes.inRoom')
    : [];
  const { primaryColor } = organization.branding;
  return letterheadPdf(organization, t.minutes, t.kind[assembly.kind], (doc) => {
    doc.font('Helvetica-Bold').fontSize(14).text(assembly.title).moveDown(0.5).font('Helvetica').fontSize(10);
    facts(doc, callFacts(assembly, t, language));
    if (assembly.status === 'cancelled') facts(doc, [[t.cancelled, assembly.cancelReason ?? '']]);
    heading(doc, t.quorumAt);
    doc.text(quorumLine(assembly.quorumFirst as Quorum | null, 'first', t), MARGIN);
    doc.text(quorumLine(assembly.quorumSecond as Quorum | null, 'second', t), MARGIN);
    heading(doc, t.attendance);
    table(
      doc,
      [
        { header: t.unit, width: 60 },
        { header: t.share, width: 60, align: 'right' },
        { header: t.owner, width: 150 },
        { header: t.presence, width: 80 },
        { header: t.proxy, width: 160 },
      ],
      attendance.map((row) => [
        row.unitNumber,
        sharesText(Math.round(row.share * 10_000)),
        row.ownerName ?? '',
        row.present ? (row.via === 'room' ? t.room : t.online) : t.absent,
        row.proxyHolder ?? '',
      ]),
      primaryColor,
    );
    heading(doc, t.results);
    for (const item of items) {
      keepTogether(doc, 60);
      doc.font('Helvetica-Bold').fontSize(11).text(`${item.position}. ${item.title}`, MARGIN).font('Helvetica').fontSize(10);
      doc.fillColor('#555555').text(itemLine(item, t)).fillColor('#111111');
      if (item.description) doc.text(item.description);
      if (item.kind === 'vote') {
        if (!item.result) doc.text(t.notVoted);
        else {
          const result = item.result;
          table(
            doc,
            [
              { header: t.option, width: 200 },
              { header: t.units, width: 80, align: 'right' },
              { header: t.weight, width: 100, align: 'right' },
              { header: '%', width: 80, align: 'right' },
            ],
            result.options.map((row) => [
              row.option + (isAbstention(row.option) ? ' *' : ''),
              String(row.units),
              weightText(item, row.weight),
              percentText(row.weight, result.eligibleWeight),
            ]),
            primaryColor,
          );
          doc.font('Helvetica-Bold').text(resultLine(result, t), MARGIN).font('Helvetica');
          if (item.secret) doc.text(t.secretNote);
          else {
            const votes = ballots.filter((ballot) => ballot.itemId === item.id);
            if (votes.length) doc.text(`${t.votesBy}: ${votes.map((vote) => `${vote.unitNumber} ${vote.option}${vote.inRoom ? ` ${t.inRoom}` : ''}`).join('; ')}`);
          }
        }
      }
      doc.moveDown(0.6);
    }
    doc.moveDown(3);
    keepTogether(doc, 30);
    const y = doc.y;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + 200, y).strokeColor('#333333').stroke();
    doc.moveTo(doc.page.width - MARGIN - 200, y).lineTo(doc.page.width - MARGIN, y).stroke();
    doc.text(t.president, MARGIN, y + 4, { width: 200, align: 'center' });
    doc.text(t.secretary, doc.page.width - MARGIN - 200, y + 4, { width: 200, align: 'center' });
    footer(doc, `${t.generated} ${nowText(language)}`);
  });
}
