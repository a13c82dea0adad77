import { io } from 'socket.io-client';
import { connectDatabase, closeDatabase } from '../../server/db';
import type { LiveEvent } from '../../shared/events';
import { startWorker } from '../../worker/worker';
import type { BenchSuite } from '../lib';

const ROWS = 20_000;

/**
 * Onboarding (issue 30): a CSV of 20,000 units imported through the API (preview, then apply)
 * by a real BullMQ worker in this process, the administrator's socket counting the live
 * `import.progress` events, timed from the apply's 202 to `import.finished`. Beside it, in the
 * same run, the same 20,000 rows written as one bare multi-row INSERT (no validation, no
 * events, no natural-key matching): the floor of what writing them can cost.
 */
const suite: BenchSuite = {
  name: 'onboarding',
  description: 'Importación de 20.000 unidades por el worker (vista previa y aplicación, con progreso en vivo) frente a un INSERT directo de las mismas filas',
  async run(ctx) {
    const { organizationId, cookie } = await ctx.createAdministrator();
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${ctx.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    };
    const newProperty = async (name: string) =>
      ((await ctx.db('properties').insert({ organizationId, name, address: 'Av. Winston Churchill 1000', country: 'DO', city: 'DO-santo-domingo' }).returning('id'))[0].id as number);
    const propertyId = await newProperty('Torre de carga');
    const lines = Array.from({ length: ROWS }, (_, i) => `${1000 + i};${Math.floor(i / 40) + 1};${(60 + (i % 50)).toString()},5;0,005`);
    const csv = Buffer.from(['Unidad;Piso;Área m²;Alícuota', ...lines].join('\r\n'));

    connectDatabase(ctx.databaseUrl, 4);
    const worker = await startWorker({ redisUrl: ctx.redisUrl, prefix: ctx.redisPrefix, concurrency: 1, sweepEveryMs: 60 * 60 * 1000 });
    const socket = io(ctx.baseUrl, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    const events: Array<{ event: LiveEvent; at: number }> = [];
    socket.on('event', (event: LiveEvent) => events.push({ event, at: Date.now() }));
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    try {
      const previewStarted = Date.now();
      const preview = await api('POST', '/api/imports', { kind: 'units', propertyId, file: { fileName: 'unidades-20000.csv', content: csv.toString('base64') } });
      const previewMs = Date.now() - previewStarted;
      if (preview.status !== 201 || preview.body.totals.create !== ROWS) throw new Error(`vista previa: ${preview.status} ${JSON.stringify(preview.body.totals ?? preview.body)}`);
      const id = preview.body.id as number;
      const applyStarted = Date.now();
      const applied = await api('POST', `/api/imports/${id}/apply`, {});
      const acceptedMs = Date.now() - applyStarted;
      if (applied.status !== 202) throw new Error(`aplicar: ${applied.status}`);
      const finished = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('la importación no terminó en 15 minutos')), 15 * 60_000);
        const check = setInterval(() => {
          const done = events.find(({ event }) => event.type === 'import.finished' && event.subjectId === id);
          if (done) {
            clearTimeout(timer);
            clearInterval(check);
            resolve(done.at);
          }
        }, 20);
      });
      const applyMs = finished - applyStarted;
      const progress = events.filter(({ event }) => event.type === 'import.progress' && event.subjectId === id);
      const firstProgressMs = progress.length ? progress[0].at - applyStarted : NaN;
      const stored = await ctx.db('units').where({ propertyId }).count({ count: '*' }).first();
      if (Number(stored?.count) !== ROWS) throw new Error(`unidades escritas: ${stored?.count}`);

      // Baseline: the same rows as one multi-row INSERT into a property of their own.
      const bare = { id: await newProperty('Torre base') };
      const rows = lines.map((line) => {
        const [unitNumber, floor, area, share] = line.split(';');
        return { propertyId: bare.id, unitNumber, floor: Number(floor), squareMeters: Number(area.replace(',', '.')), share: Number(share.replace(',', '.')) };
      });
      const bareStarted = Date.now();
      await ctx.db.transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += 4000) await trx('units').insert(rows.slice(i, i + 4000));
      });
      const bareMs = Date.now() - bareStarted;
      const perSecond = (ms: number) => Math.round(ROWS / (ms / 1000));
      return [
        {
          title: `Importar ${ROWS.toLocaleString('en-US')} unidades (CSV de ${(csv.length / 1024 / 1024).toFixed(1)} MB, punto y coma, coma decimal) por el worker`,
          rows: [
            { paso: 'POST /api/imports (leer, asignar, vista previa de cada fila)', ms: previewMs, 'filas/s': perSecond(previewMs), eventos: '' },
            { paso: 'POST /api/imports/{id}/apply -> 202', ms: acceptedMs, 'filas/s': '', eventos: '' },
            { paso: 'primer import.progress en el socket', ms: firstProgressMs, 'filas/s': '', eventos: '' },
            { paso: 'aplicar en el worker (202 -> import.finished en el socket)', ms: applyMs, 'filas/s': perSecond(applyMs), eventos: `${progress.length} import.progress` },
            { paso: 'línea base: las mismas filas en un INSERT directo (5 de 4.000)', ms: bareMs, 'filas/s': perSecond(bareMs), eventos: 'ninguno' },
            { paso: 'proporción aplicar / línea base', ms: Math.round((applyMs / bareMs) * 10) / 10, 'filas/s': '', eventos: '' },
          ],
        },
      ];
    } finally {
      socket.close();
      await worker.close();
      await closeDatabase();
    }
  },
};
export default suite;
