import { zodResolver } from '@client/components/form/zod-resolver';
import { Form, Modal } from 'react-bootstrap';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialogFooter } from '@client/components/FormDialog';
import { formFailed } from '@client/components/form/server-errors';
import { useEditVersion } from '@client/components/form/use-edit-version';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { NO_PARENT, OrganizationCreateSchema, OrganizationUpdateSchema } from '@shared/schemas/organizations';
import { useCreateOrganization } from '../api/create-organization';
import { getOrganization, type Organization } from '../api/get-organizations';
import { useUpdateOrganization } from '../api/update-organization';
import '../organizations.css';
import { OrganizationFields } from './OrganizationFields';

const CREATE_FIELDS = ['name', 'type', 'status', 'parentId', 'domain', 'primaryColor', 'secondaryColor', 'accentColor', 'address', 'subscriptionPlan', 'maxUsers', 'maxProperties'] as const;
const EDIT_FIELDS = ['name', 'type', 'status', 'parentId', 'domain', 'primaryColor', 'secondaryColor', 'accentColor', 'contactEmail', 'contactPhone', 'maxUsers', 'maxProperties'] as const;

const text = (value: string | number | null) => (value === null ? '' : String(value));

type FormProps = { organizations: Organization[]; onDone: () => void };

/** The dialog of the organizations screen: create when `organization` is null, else edit it. */
export function OrganizationFormDialog({
  show,
  organization,
  organizations,
  onHide,
  onExited,
}: {
  show: boolean;
  organization: Organization | null;
  organizations: Organization[];
  onHide: () => void;
  onExited?: () => void;
}) {
  const { t } = useTranslation('organizations');
  return (
    <Modal show={show} onHide={onHide} onExited={onExited} className="vec-organization-modal" aria-labelledby="organization-dialog-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="organization-dialog-title" as="h2" className="h5">
          {organization ? t('form.editTitle') : t('form.createTitle')}
        </Modal.Title>
      </Modal.Header>
      {organization ? (
        <EditOrganizationForm key={organization.id} organization={organization} organizations={organizations} onDone={onHide} />
      ) : (
        <CreateOrganizationForm organizations={organizations} onDone={onHide} />
      )}
    </Modal>
  );
}

/** The name of the organization "no parent" stands for (a master administrator's own). */
function useOwnOrganizationName(organizations: Organization[]) {
  const user = useCurrentUser();
  if (user.isSuperAdmin) return undefined;
  return organizations.find((organization) => organization.id === user.organizationId)?.name;
}

function CreateOrganizationForm({ organizations, onDone }: FormProps) {
  const { t } = useTranslation('organizations');
  const create = useCreateOrganization();
  const ownOrganizationName = useOwnOrganizationName(organizations);
  const form = useForm({
    resolver: zodResolver(OrganizationCreateSchema),
    defaultValues: {
      name: '',
      type: 'client',
      status: 'active',
      parentId: NO_PARENT,
      domain: '',
      primaryColor: '#2563eb',
      secondaryColor: '#db2777',
      accentColor: '',
      address: '',
      subscriptionPlan: '',
      maxUsers: '',
      maxProperties: '',
    },
  });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (organization) => {
        toast({ title: t('organizationCreated'), description: t('organizationCreatedDescription', { name: organization.name }), variant: 'success' });
        onDone();
      },
      onError: (error) => formFailed(error, form.setError, CREATE_FIELDS, t('errorCreatingOrganization')),
    }),
  );

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={onSubmit} aria-label={t('form.createTitle')}>
        <Modal.Body>
          <OrganizationFields organizations={organizations} ownOrganizationName={ownOrganizationName} />
        </Modal.Body>
        <FormDialogFooter pending={create.isPending} onCancel={onDone} submitLabel={t('form.save')} />
      </Form>
    </FormProvider>
  );
}

const editValues = (organization: Organization): z.input<typeof OrganizationUpdateSchema> => ({
  name: organization.name,
  type: organization.type,
  status: organization.status,
  parentId: organization.parentId === null ? NO_PARENT : String(organization.parentId),
  domain: text(organization.domain),
  primaryColor: text(organization.primaryColor),
  secondaryColor: text(organization.secondaryColor),
  accentColor: text(organization.accentColor),
  contactEmail: text(organization.contactEmail),
  contactPhone: text(organization.contactPhone),
  maxUsers: text(organization.maxUsers),
  maxProperties: text(organization.maxProperties),
});

function EditOrganizationForm({ organization, organizations, onDone }: FormProps & { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const user = useCurrentUser();
  const update = useUpdateOrganization();
  const ownOrganizationName = useOwnOrganizationName(organizations);
  // An administrator keeps the type and parent of their own organization (the server refuses).
  const structureLocked = organization.id === user.organizationId && !user.isSuperAdmin;
  const form = useForm({ resolver: zodResolver(OrganizationUpdateSchema), defaultValues: editValues(organization) });
  const edit = useEditVersion({ row: organization, form, toValues: editValues, fetchRow: () => getOrganization(organization.id) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { ...values, id: organization.id, version: edit.version },
      {
        onSuccess: (updated) => {
          toast({ title: t('organizationUpdated'), description: t('organizationUpdatedDescription', { name: updated.name }), variant: 'success' });
          onDone();
        },
        onError: (error) => {
          if (edit.isConflict(error)) return;
          formFailed(error, form.setError, EDIT_FIELDS, t('errorUpdatingOrganization'));
        },
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={onSubmit} aria-label={t('form.editTitle')}>
        <Modal.Body>
          {edit.notice}
          <OrganizationFields
            organization={organization}
            organizations={organizations}
            structureLocked={structureLocked}
            ownOrganizationName={structureLocked ? undefined : ownOrganizationName}
          />
        </Modal.Body>
        <FormDialogFooter pending={update.isPending} onCancel={onDone} submitLabel={t('form.save')} />
      </Form>
    </FormProvider>
  );
}
