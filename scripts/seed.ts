import { config } from '../server/config';
import { closeDatabase, connectDatabase, migrateLatest } from '../server/db';
import { startInfrastructure } from '../server/infrastructure';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, databaseIsEmpty, seedDemo } from '../server/seed/demo';
import { prepareDatabase } from '../server/seed/first-start';

/**
 * `npm run seed` loads the demo organization. It refuses on a database that already has data
 * unless `-- --force` is given (then it adds a second copy). `-- --if-empty` does what a start
 * does (server/seed/first-start.ts, what docker-compose runs before the server): the demo only
 * into an empty database and only where it belongs (development, or SEED_DEMO=true; never
 * otherwise in production).
 */
const args = new Set(process.argv.slice(2));
const infrastructure = await startInfrastructure(config, console.log, { redis: false });
const knex = connectDatabase(infrastructure.databaseUrl, 2);
try {
  if (args.has('--if-empty')) {
    for (const line of await prepareDatabase(knex, config, console.log)) console.log(line);
  } else {
    await migrateLatest(knex);
    if (!(await databaseIsEmpty(knex)) && !args.has('--force')) {
      console.error('La base de datos ya tiene datos; use `npm run seed -- --force` para añadir otra copia de la demo.');
      process.exitCode = 1;
    } else {
      await knex.transaction((trx) => seedDemo(trx));
      console.log('Datos de demostración cargados. Cuentas (contraseña %s):', DEMO_PASSWORD);
      for (const account of DEMO_ACCOUNTS) console.log(`  ${account.role.padEnd(14)} ${account.username}`);
    }
  }
} finally {
  await closeDatabase();
  await infrastructure.stop();
}
