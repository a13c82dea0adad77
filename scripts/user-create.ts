import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ROLES } from '../shared/enums';
import { config } from '../server/config';
import { closeDatabase, connectDatabase, migrateLatest } from '../server/db';
import { startInfrastructure } from '../server/infrastructure';
import { hashPassword } from '../server/services/passwords';

/**
 * `npm run user:create -- --email E --password P --role ROLE [--org NAME] [--super-admin]`
 * creates any user (and the organization, when none has that name).
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    org: { type: 'string' },
    name: { type: 'string' },
    'last-name': { type: 'string' },
    'super-admin': { type: 'boolean', default: false },
  },
});

const input = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email('--email debe ser un correo electrónico válido')),
    password: z.string('--password es requerido').min(6, '--password debe tener al menos 6 caracteres'),
    role: z.enum(ROLES, `--role debe ser uno de: ${ROLES.join(', ')}`),
    org: z.string().trim().min(2).default('Vecindad Administración'),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues.map((issue) => issue.message).join('\n'));
  console.error('Uso: npm run user:create -- --email E --password P --role ROLE [--org NAME] [--super-admin]');
  process.exit(2);
}
const { email, password, role, org } = input.data;

const infrastructure = await startInfrastructure(config, () => {}, { redis: false });
const knex = connectDatabase(infrastructure.databaseUrl, 1);
try {
  await migrateLatest(knex);
  await knex.transaction(async (trx) => {
    if (await trx('users').where({ username: email }).first('id')) {
      throw new Error(`Ya existe un usuario ${email}`);
    }
    let organization = await trx('organizations').where({ name: org }).first('id');
    if (!organization) {
      [organization] = await trx('organizations').insert({ name: org }).returning('id');
      console.log(`Organización creada: ${org}`);
    }
    const [user] = await trx('users')
      .insert({
        username: email,
        email,
        password: await hashPassword(password),
        name: values.name ?? email.split('@')[0],
        lastName: values['last-name'] ?? null,
        role,
        isSuperAdmin: values['super-admin'],
        termsAccepted: true,
        organizationId: organization.id,
      })
      .returning(['id']);
    console.log(`Usuario creado: #${user.id} ${email} (${role}${values['super-admin'] ? ', super-admin' : ''}) en ${org}`);
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
  await infrastructure.stop();
}
