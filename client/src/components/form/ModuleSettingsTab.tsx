import { zodResolver } from '@client/components/form/zod-resolver';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, Form } from 'react-bootstrap';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';

type ModuleSettingsTabProps<T extends FieldValues> = {
  /** The module's namespace, with its settings.title, description, save, saved, saveError and loadError. */
  ns: string;
  /** The id of the form's heading. */
  titleId: string;
  settings: UseQueryResult<T>;
  update: UseMutationResult<T, Error, T>;
  schema: z.ZodType<T, T>;
  /** The form's field names, for the server's field errors. */
  fields: readonly string[];
  children: (form: UseFormReturn<T>) => ReactNode;
};

/**
 * A tab of a module's own settings (saved through the module's API, not the organization's
 * settings): loaded on opening, one form with its heading and description, saved on its own.
 */
export function ModuleSettingsTab<T extends FieldValues>({ settings, ...form }: ModuleSettingsTabProps<T>) {
  const { t } = useTranslation(form.ns);
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <ErrorCard title={t('settings.loadError')} error={settings.error} onRetry={() => void settings.refetch()} />;
  return <SettingsForm values={settings.data} {...form} />;
}

function SettingsForm<T extends FieldValues>({ ns, titleId, values, update, schema, fields, children }: Omit<ModuleSettingsTabProps<T>, 'settings'> & { values: T }) {
  const { t } = useTranslation(ns);
  const form = useForm<T>({ resolver: zodResolver(schema), values, resetOptions: { keepDirtyValues: true } });
  const save = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => toast({ title: t('settings.saved'), variant: 'success' }),
      onError: (error) => formFailed(error, form.setError, fields, t('settings.saveError')),
    }),
  );
  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={save} aria-labelledby={titleId}>
          <h2 id={titleId} className="h5">
            {t('settings.title')}
          </h2>
          <p className="text-body-secondary">{t('settings.description')}</p>
          {children(form)}
          <div className="d-flex justify-content-end border-top pt-3 mt-3">
            <SubmitButton pending={update.isPending} pendingLabel={t('common:status.saving')}>
              {t('settings.save')}
            </SubmitButton>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
