import { config } from '../server/config';
import { closeDatabase, connectDatabase } from '../server/db';
import { startInfrastructure } from '../server/infrastructure';

/**
 * `npm run migrate` applies pending migrations; `npm run migrate -- rollback` undoes the last
 * batch, `-- down` undoes all of them, `-- status` lists them. On PostgreSQL itself
 * (DATABASE_DIRECT_URL) when DATABASE_URL goes through a pooler.
 */
const command = process.argv[2] ?? 'latest';
const infrastructure = await startInfrastructure(config, console.log, { redis: false });
const knex = connectDatabase(config.databaseDirectUrl ?? infrastructure.databaseUrl, 1, undefined);
try {
  if (command === 'latest') {
    const [, applied] = await knex.migrate.latest();
    console.log(applied.length ? `Migraciones aplicadas:\n  ${applied.join('\n  ')}` : 'La base de datos está al día.');
  } else if (command === 'rollback' || command === 'down') {
    const [, undone] = await knex.migrate.rollback(undefined, command === 'down');
    console.log(undone.length ? `Migraciones revertidas:\n  ${undone.join('\n  ')}` : 'No hay migraciones que revertir.');
  } else if (command === 'status') {
    const [done, pending] = await knex.migrate.list();
    for (const migration of done) console.log(`  aplicada   ${migration.name}`);
    for (const migration of pending) console.log(`  pendiente  ${migration.file}`);
  } else {
    throw new Error(`Orden desconocida: ${command} (use latest, rollback, down o status)`);
  }
} finally {
  await closeDatabase();
  await infrastructure.stop();
}
