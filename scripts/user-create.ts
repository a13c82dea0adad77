import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ROLES } from '../shared/enums';
import { createAccount, onDatabase, parseOrExit } from './accounts';

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

const input = parseOrExit(
  z.object({
    email: z.string().trim().toLowerCase().pipe(z.email('--email debe ser un correo electrónico válido')),
    password: z.string('--password es requerido').min(6, '--password debe tener al menos 6 caracteres'),
    role: z.enum(ROLES, `--role debe ser uno de: ${ROLES.join(', ')}`),
    org: z.string().trim().min(2).default('Vecindad Administración'),
  }),
  values,
  'npm run user:create -- --email E --password P --role ROLE [--org NAME] [--super-admin]',
);

await onDatabase((knex) =>
  knex.transaction((trx) =>
    createAccount(trx, { ...input, name: values.name, lastName: values['last-name'], superAdmin: values['super-admin'] }),
  ),
);
