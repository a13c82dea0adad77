import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../../server/services/passwords';
import type { BenchSuite } from '../lib';
import { postEmergency, sendBaselinePushes, startPushService, subscribeResidents } from '../deliveries';
import { seedLargeOrganization, type PropertySeedSizes } from '../seed-properties';

/**
 * 200 towers of 25 units and 50 active residents each (the seed makes one resident in ten
 * inactive: 11,111 residents, 10,000 active), one subscribed phone each. BENCH_PUSH_TOWERS
 * runs a smaller copy (a loaded machine): the figures say how many devices they are for.
 */
const TOWERS = Number(process.env.BENCH_PUSH_TOWERS ?? 200);
const SIZES: PropertySeedSizes = { properties: TOWERS, unitsPerProperty: 25, residents: Math.floor((TOWERS * 50 * 10) / 9) };
/** The worker's default concurrency (worker/index.ts, WORKER_CONCURRENCY); the baseline sends as many at once. */
const CONCURRENCY = 5;
const TIMEOUT_MS = 15 * 60_000;
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Web Push for an emergency (issue 32): an Administrador posts an emergency broadcast to 200
 * towers (two POSTs of 100, the most one takes) whose 10,000 residents each have a subscribed
 * device. Measured: from the first POST until the last push is handed to the push service (a
 * local node:http server answering 201), through the whole path (outbox, relay, the worker's
 * inbox rows, one `push.send` job per notification and device, aes128gcm encryption and a VAPID
 * JWT per push); and the worker's pushes per second between the first push and the last. The
 * worker is the production process (worker/index.ts, concurrency 5) beside the bench server.
 * Baseline, same run: the same number of requests encrypted and signed beforehand with
 * web-push, sent straight to the same push service 5 at a time: the transport's own cost.
 */
const suite: BenchSuite = {
  name: 'push',
  description: `Aviso de emergencia a ${(TOWERS * 50).toLocaleString('es-DO')} dispositivos de ${TOWERS} torres por Web Push`,
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const started = Date.now();
    await seedLargeOrganization(ctx.db, admin.organizationId, await hashPassword('bench-resident'), SIZES);

    const service = await startPushService();
    const { keys, devices } = await subscribeResidents(ctx, admin.organizationId, service.url);
    const propertyIds = (await ctx.db('properties').where({ organizationId: admin.organizationId }).orderBy('id').pluck('id')) as number[];
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;

    const worker = fork(path.join(here, '../../worker/index.ts'), {
      execArgv: ['--import', 'tsx'],
      env: { ...ctx.serverEnv, WORKER_CONCURRENCY: String(CONCURRENCY) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      // The worker is up once its heartbeat is in Redis; a short pause covers its start.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const done = service.waitFor(devices, TIMEOUT_MS);
      const postedAt = performance.now();
      await postEmergency(ctx, admin.cookie, propertyIds);
      const answeredAt = performance.now();
      await done;
      // Read before the baseline, which counts on the same service.
      const { firstAt, lastAt } = service.counts();
      const total = lastAt - postedAt;
      const firstPushMs = firstAt - postedAt;
      const workerSeconds = (lastAt - firstAt) / 1000;

      // Baseline: the same number of pushes, encrypted and signed beforehand, sent straight.
      const baselineSeconds = await sendBaselinePushes(service.url, keys, devices, CONCURRENCY);

      const notifications = Number((await ctx.db('notifications').where({ organizationId: admin.organizationId, type: 'broadcast.created' }).count({ n: '*' }))[0].n);
      const round = (value: number) => Math.round(value * 10) / 10;
      return [
        { title: `Datos sembrados en ${seedSeconds} s`, rows: [{ torres: propertyIds.length, dispositivos: devices, 'notificaciones en la bandeja': notifications }] },
        {
          title: `Aviso de emergencia a ${devices} dispositivos (worker de producción, concurrencia ${CONCURRENCY})`,
          rows: [
            {
              medida: 'Vecindad: POST -> último push entregado al servicio',
              's total': round(total / 1000),
              'ms hasta el primer push': Math.round(firstPushMs),
              'ms de los POST': Math.round(answeredAt - postedAt),
              'pushes/s del worker': Math.round(devices / workerSeconds),
            },
            {
              medida: 'Línea base: pushes ya cifrados enviados directamente (5 a la vez)',
              's total': round(baselineSeconds),
              'ms hasta el primer push': '-',
              'ms de los POST': '-',
              'pushes/s del worker': Math.round(devices / baselineSeconds),
            },
          ],
        },
      ];
    } finally {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
      await service.close();
    }
  },
};
export default suite;
