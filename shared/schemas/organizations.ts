import { z } from 'zod';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '../enums';
import { emailField, optionalPhone, optionalText, text, versionField } from './common';

/** What the "no parent" choice of the organization forms sends (spec: maps to null). */
export const NO_PARENT = 'no-parent';

/** Form inputs send '' for a field left empty: it becomes null (spec section 5). */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A number typed in a form may arrive as a string of digits. */
const digitsToNumber = (value: unknown) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);

/** A colour as #RRGGBB, stored lowercase. */
export const hexColor = () =>
  z
    .string({ error: 'color_invalid' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'color_invalid' })
    .transform((value) => value.toLowerCase());

/** A lowercase host name without scheme, port or path (matched against the request host). */
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A limit such as maxUsers: a whole number from 0, or empty (null: no limit). */
const optionalCount = () =>
  z.preprocess(
    (value) => digitsToNumber(emptyToNull(value)),
    z
      .number({ error: 'integer_required' })
      .int({ error: 'integer_required' })
      .min(0, { error: 'min_zero' })
      .max(1_000_000, { error: 'count_max' })
      .nullable(),
  );

const organizationFields = {
  name: text('name', 'organization_name_min').min(2, { error: 'organization_name_min' }),
  type: z.enum(ORGANIZATION_TYPES, { error: 'organization_type_invalid' }),
  status: z.enum(ORGANIZATION_STATUSES, { error: 'organization_status_invalid' }),
  parentId: z.preprocess(
    (value) => (value === NO_PARENT ? null : digitsToNumber(emptyToNull(value))),
    z
      .number({ error: 'organization_parent_invalid' })
      .int({ error: 'organization_parent_invalid' })
      .positive({ error: 'organization_parent_invalid' })
      .nullable(),
  ),
  domain: z.preprocess(
    emptyToNull,
    z
      .string({ error: 'domain_invalid' })
      .trim()
      .toLowerCase()
      .regex(HOSTNAME, { error: 'domain_invalid' })
      .nullable(),
  ),
  logo: z.preprocess(
    emptyToNull,
    text('url', 'logo_invalid')
      .regex(/^(https?:\/\/\S+|\/(?!\/)\S*)$/, { error: 'logo_invalid' })
      .nullable(),
  ),
  primaryColor: z.preprocess(emptyToNull, hexColor().nullable()),
  secondaryColor: z.preprocess(emptyToNull, hexColor().nullable()),
  accentColor: z.preprocess(emptyToNull, hexColor().nullable()),
  address: optionalText('line'),
  subscriptionPlan: optionalText('name'),
  maxUsers: optionalCount(),
  maxProperties: optionalCount(),
  contactEmail: z.preprocess(emptyToNull, emailField().nullable()),
  contactPhone: optionalPhone(),
};

type Fields = typeof organizationFields;
const optionalFields = Object.fromEntries(
  Object.entries(organizationFields).map(([key, schema]) => [key, schema.optional()]),
) as { [K in keyof Fields]: z.ZodOptional<Fields[K]> };

/**
 * `POST /api/organizations`: the create form (spec: name, type, status, parent, domain, three
 * colours, address, subscription plan, max users, max properties; contact fields accepted too).
 * Type defaults to client and status to active; empty text and number fields become null.
 */
export const OrganizationCreateSchema = z.object({
  ...optionalFields,
  name: organizationFields.name,
  type: organizationFields.type.default('client'),
  status: organizationFields.status.default('active'),
});
export type OrganizationCreateInput = z.infer<typeof OrganizationCreateSchema>;

/**
 * `PUT /api/organizations/:id`: the fields sent are changed, the others kept (the edit form
 * does not send address, subscription plan or logo); `version` is the one the editor loaded.
 */
export const OrganizationUpdateSchema = z.object({ ...optionalFields, version: versionField() });
export type OrganizationUpdateInput = z.infer<typeof OrganizationUpdateSchema>;

/** What the organization forms edit (the client's form values). */
export type OrganizationFormInput = z.input<typeof OrganizationCreateSchema>;
