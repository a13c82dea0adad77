import type { Knex } from 'knex';
import type { Config } from '../config';
import { migrateLatest } from '../db';
import { COMPILED } from '../paths';
import { verifyPassword } from '../services/passwords';
import { DEMO_ACCOUNTS, DEMO_CLIENT_ADMIN, DEMO_PASSWORD, databaseIsEmpty, seedDemo } from './demo';

/** How this installation creates its first super-administrator (scripts/setup.ts). */
const SETUP_COMMAND = `${COMPILED ? 'node dist/app/scripts/setup.js' : 'npm run setup --'} --email CORREO --org "NOMBRE DE LA EMPRESA"`;

/**
 * What a start does with its database before the server and the worker run: migrates, and
 * into an empty database loads the demo organization only where it belongs (`cfg.seedDemo`:
 * development, or SEED_DEMO=true). In production the database otherwise starts with no
 * account at all, and the log says how to create the first super-administrator. Answers the
 * start banner's lines: the demo accounts still open, never in production.
 */
export async function prepareDatabase(knex: Knex, cfg: Config, log: (line: string) => void): Promise<string[]> {
  await migrateLatest(knex);
  if (cfg.seedDemo && (await databaseIsEmpty(knex))) {
    await knex.transaction((trx) => seedDemo(trx));
    log('Base de datos nueva: datos de demostración cargados.');
  }
  if (!(await knex('users').first('id'))) {
    log(`No hay ninguna cuenta: cree el primer super-administrador con \`${SETUP_COMMAND}\`.`);
  }
  return cfg.isProduction ? [] : openDemoAccounts(knex);
}

/**
 * The banner's demo accounts: those that still have the demo password (an installation whose
 * administrators changed it does not advertise it).
 */
async function openDemoAccounts(knex: Knex): Promise<string[]> {
  const accounts = [...DEMO_ACCOUNTS, DEMO_CLIENT_ADMIN];
  const rows: Array<{ username: string; password: string; isSuperAdmin: boolean; organization: string }> = await knex('users')
    .join('organizations', 'organizations.id', 'users.organizationId')
    .whereIn('username', accounts.map((account) => account.username))
    .select('username', 'password', 'isSuperAdmin', 'organizations.name as organization');
  const open: string[] = [];
  for (const account of accounts) {
    const row = rows.find((candidate) => candidate.username === account.username);
    if (!row || !(await verifyPassword(DEMO_PASSWORD, row.password))) continue;
    const role = row.isSuperAdmin ? `${account.role} (super-admin)` : account.role;
    open.push(`  ${role.padEnd(28)} ${account.username.padEnd(26)} ${row.organization}`);
  }
  return open.length ? [`Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`, ...open] : [];
}
