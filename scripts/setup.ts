import { parseArgs } from 'node:util';
import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/limits';
import { temporaryPassword } from '../server/services/passwords';
import { createAccount, onDatabase, parseOrExit } from './accounts';

/**
 * `npm run setup -- --email E --org NAME [--password P] [--name N] [--last-name L] [--force]`:
 * a new installation's first super-administrator (an Administrador of the master organization
 * NAME, created when none has that name). Production never loads the demo, so this is how an
 * installation gets its first account. Without --password a strong one is generated and printed
 * once (never stored in clear), and must be changed at the first sign-in. Refuses when a
 * super-administrator already exists (it names them) unless --force, which adds another (when
 * the only one is locked out, say).
 */
const USAGE = 'npm run setup -- --email E --org NOMBRE [--password P] [--name N] [--last-name L] [--force]';
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    org: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    'last-name': { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});

const input = parseOrExit(
  z.object({
    email: z.string('--email es requerido').trim().toLowerCase().pipe(z.email('--email debe ser un correo electrónico válido')),
    org: z.string('--org es requerido').trim().min(2, '--org debe tener al menos 2 caracteres').max(TEXT_LIMITS.name, `--org admite hasta ${TEXT_LIMITS.name} caracteres`),
    password: z.string().min(8, '--password debe tener al menos 8 caracteres').max(TEXT_LIMITS.password, `--password admite hasta ${TEXT_LIMITS.password} caracteres`).optional(),
  }),
  values,
  USAGE,
);
const password = input.password ?? temporaryPassword(20);

const created = await onDatabase((knex) =>
  knex.transaction(async (trx) => {
    // Two setups at once create one super-administrator, not two.
    await trx.raw('lock table users in share row exclusive mode');
    const existing: string[] = await trx('users').where({ isSuperAdmin: true }).orderBy('id').pluck('username');
    if (existing.length && !values.force) {
      throw new Error(`Ya existe un super-administrador (${existing.join(', ')}); use --force para crear otro.`);
    }
    await createAccount(trx, {
      email: input.email,
      password,
      role: 'Administrador',
      org: input.org,
      orgType: 'master',
      name: values.name,
      lastName: values['last-name'],
      superAdmin: true,
      mustChangePassword: !input.password,
    });
  }),
);
if (created && !input.password) {
  console.log(`Contraseña (se muestra solo esta vez; se cambia al entrar): ${password}`);
}
