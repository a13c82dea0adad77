import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { useSetTransparency, useTransparency } from '../api';

/**
 * The organization's transparency switch (administrators, on the reports screen): on, the owners
 * and residents open the invoice of each expense in the published reports.
 */
export function TransparencySwitch() {
  const { t } = useTranslation('financesClose');
  const transparency = useTransparency();
  const save = useSetTransparency();
  if (transparency.isError) return <p className="text-danger small mb-3">{errorMessage(transparency.error)}</p>;
  const enabled = transparency.data?.enabled ?? false;
  const toggle = (next: boolean) =>
    save.mutate(next, {
      onSuccess: (value) => toast({ title: value.enabled ? t('transparency.turnedOn') : t('transparency.turnedOff') }),
      onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
    });
  return (
    <Form.Group controlId="finances-transparency" className="mb-3">
      <Form.Check
        type="switch"
        label={t('transparency.label')}
        checked={enabled}
        disabled={transparency.isPending || save.isPending}
        onChange={(event) => toggle(event.target.checked)}
        aria-describedby="finances-transparency-hint"
      />
      <Form.Text id="finances-transparency-hint">{t('transparency.hint')}</Form.Text>
    </Form.Group>
  );
}
