import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Role } from '../shared/enums';
import { config } from '../server/config';
import { closeDatabase, connectDatabase, migrateLatest } from '../server/db';
import { startInfrastructure } from '../server/infrastructure';
import { hashPassword } from '../server/services/passwords';

// What the account scripts (user-create.ts, setup.ts) share.

/** The command line's values as `schema` reads them; else its messages, the usage, and exit 2. */
export function parseOrExit<T extends z.ZodType>(schema: T, values: unknown, usage: string): z.infer<T> {
  const input = schema.safeParse(values);
  if (input.success) return input.data;
  console.error(input.error.issues.map((issue) => issue.message).join('\n'));
  console.error(`Uso: ${usage}`);
  process.exit(2);
}

/**
 * Runs `work` on the installation's database (DATABASE_URL or the embedded one), migrated
 * first. An error is printed as one line and sets the exit code. Answers whether it succeeded.
 */
export async function onDatabase(work: (knex: Knex) => Promise<void>): Promise<boolean> {
  const infrastructure = await startInfrastructure(config, () => {}, { redis: false });
  const knex = connectDatabase(infrastructure.databaseUrl, 1);
  try {
    await migrateLatest(knex);
    await work(knex);
    return true;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
    return false;
  } finally {
    await closeDatabase();
    await infrastructure.stop();
  }
}

export type NewAccount = {
  email: string;
  password: string;
  role: Role;
  /** The organization's name: created when none has it. */
  org: string;
  orgType?: 'master' | 'client';
  name?: string;
  lastName?: string;
  superAdmin: boolean;
  mustChangePassword?: boolean;
};

/** A new user (and its organization when none has that name), in the caller's transaction. */
export async function createAccount(trx: Knex, account: NewAccount) {
  const { email, org, role, superAdmin } = account;
  if (await trx('users').where({ username: email }).first('id')) {
    throw new Error(`Ya existe un usuario ${email}`);
  }
  let organization = await trx('organizations').where({ name: org }).first('id');
  if (!organization) {
    [organization] = await trx('organizations').insert({ name: org, type: account.orgType }).returning('id');
    console.log(`Organización creada: ${org}`);
  }
  const [user] = await trx('users')
    .insert({
      username: email,
      email,
      password: await hashPassword(account.password),
      mustChangePassword: account.mustChangePassword ?? false,
      name: account.name ?? email.split('@')[0],
      lastName: account.lastName ?? null,
      role,
      isSuperAdmin: superAdmin,
      termsAccepted: true,
      organizationId: organization.id,
    })
    .returning(['id']);
  console.log(`Usuario creado: #${user.id} ${email} (${role}${superAdmin ? ', super-admin' : ''}) en ${org}`);
}
