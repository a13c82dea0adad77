import { useMemo } from 'react';
import { Col, Row } from 'react-bootstrap';
import { useFormContext, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { ColorField } from '@client/components/form/ColorField';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '@shared/enums';
import { NO_PARENT, type OrganizationFormInput } from '@shared/schemas/organizations';
import { DEFAULT_BRANDING } from '@shared/branding';
import type { Organization } from '../api/get-organizations';

/** The organizations below `id` (children, their children, ...): never a valid parent for it. */
function descendantsOf(id: number, organizations: Organization[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const { id: child, parentId } of organizations) {
    if (parentId !== null) children.set(parentId, [...(children.get(parentId) ?? []), child]);
  }
  const found = new Set<number>();
  const pending = [id];
  while (pending.length) {
    for (const child of children.get(pending.pop()!) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      pending.push(child);
    }
  }
  return found;
}

type OrganizationFieldsProps = {
  /** The organization edited; none when creating. */
  organization?: Organization;
  organizations: Organization[];
  /** Type and parent stay as they are (an administrator's own organization). */
  structureLocked?: boolean;
  /** The organization "no parent" stands for when the user is not a super-admin. */
  ownOrganizationName?: string;
};

/**
 * The fields of the create form (name, type, status, parent, domain, three colours, address,
 * subscription plan, max users, max properties) or of the edit form (contact email and phone in
 * place of address and plan). Needs the form's <FormProvider>.
 */
export function OrganizationFields({ organization, organizations, structureLocked = false, ownOrganizationName }: OrganizationFieldsProps) {
  const { t } = useTranslation('organizations');
  const { register, control, formState } = useFormContext<OrganizationFormInput>();
  const errors = formState.errors as Partial<Record<keyof OrganizationFormInput, FieldError>>;
  const editing = Boolean(organization);

  const parentOptions = useMemo(() => {
    const excluded = organization ? descendantsOf(organization.id, organizations).add(organization.id) : new Set<number>();
    const options = organizations
      .filter((candidate) => !excluded.has(candidate.id))
      .map((candidate) => ({ value: String(candidate.id), label: candidate.name }));
    // A parent out of the user's reach (above their own organization) is shown, not named.
    if (organization?.parentId && !organizations.some((candidate) => candidate.id === organization.parentId)) {
      options.unshift({ value: String(organization.parentId), label: t('form.parentOutOfReach') });
    }
    return [{ value: NO_PARENT, label: t('form.noParent') }, ...options];
  }, [organization, organizations, t]);

  const parentHint = structureLocked
    ? t('form.structureLocked')
    : ownOrganizationName
      ? t('form.noParentHint', { name: ownOrganizationName })
      : undefined;

  return (
    <>
      <TextField label={t('fields.name')} registration={register('name')} error={errors.name} autoComplete="organization" />
      <Row className="g-3 mb-3">
        <Col sm={6}>
          <SelectField
            className=""
            label={t('fields.type')}
            options={ORGANIZATION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            registration={register('type', { disabled: structureLocked })}
            error={errors.type}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            className=""
            label={t('fields.status')}
            options={ORGANIZATION_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
            registration={register('status')}
            error={errors.status}
          />
        </Col>
      </Row>
      <SelectField
        label={t('fields.parentId')}
        options={parentOptions}
        registration={register('parentId', { disabled: structureLocked })}
        error={errors.parentId}
      />
      {parentHint && (
        <p className="form-text mt-n2 mb-3">
          {parentHint}
        </p>
      )}
      <TextField
        label={t('fields.domain')}
        registration={register('domain')}
        error={errors.domain}
        hint={t('form.domainHint')}
        autoCapitalize="none"
        spellCheck={false}
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-2">{t('form.colors')}</legend>
        <Row className="g-3">
          {(['primaryColor', 'secondaryColor', 'accentColor'] as const).map((name) => (
            <Col sm={4} key={name}>
              <ColorField
                className=""
                control={control}
                name={name}
                label={t(`fields.${name}`)}
                pickerLabel={t('form.pickColor', { label: t(`fields.${name}`) })}
                fallback={DEFAULT_BRANDING[name]}
              />
            </Col>
          ))}
        </Row>
      </fieldset>
      {editing ? (
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <TextField className="" type="email" label={t('fields.contactEmail')} registration={register('contactEmail')} error={errors.contactEmail} autoComplete="email" />
          </Col>
          <Col sm={6}>
            <TextField className="" type="tel" label={t('fields.contactPhone')} registration={register('contactPhone')} error={errors.contactPhone} autoComplete="tel" />
          </Col>
        </Row>
      ) : (
        <>
          <TextField label={t('fields.address')} registration={register('address')} error={errors.address} autoComplete="street-address" />
          <TextField label={t('fields.subscriptionPlan')} registration={register('subscriptionPlan')} error={errors.subscriptionPlan} />
        </>
      )}
      <Row className="g-3">
        <Col sm={6}>
          <TextField className="" type="number" min={0} step={1} inputMode="numeric" label={t('fields.maxUsers')} registration={register('maxUsers')} error={errors.maxUsers} />
        </Col>
        <Col sm={6}>
          <TextField className="" type="number" min={0} step={1} inputMode="numeric" label={t('fields.maxProperties')} registration={register('maxProperties')} error={errors.maxProperties} />
        </Col>
      </Row>
    </>
  );
}
