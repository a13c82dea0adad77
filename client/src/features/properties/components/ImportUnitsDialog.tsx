import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@client/components/FormDialog';
import { toast } from '@client/components/toast/toast';
import { ApiError, api, errorMessage } from '@client/lib/api';
import { messageText } from '@shared/messages';
import { MAX_UNIT_IMPORT_ROWS } from '@shared/schemas/units';
import { unitsQueryKey } from '../api/units';
import { parseUnitsCsv, type UnitCsvRow } from '../lib/units-csv';

/**
 * "Importar CSV" of the units tab: a file with unit number, floor, area and share per line;
 * new numbers become units, known ones get the given values (all or nothing). The server's
 * refusals name the line.
 */
export function ImportUnitsDialog({ propertyId, show, onClose }: { propertyId: number; show: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('properties');
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<UnitCsvRow[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: { rows: UnitCsvRow[] }) => api.post<{ created: number; updated: number }>(`/api/properties/${propertyId}/units/import`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitsQueryKey(propertyId) }),
  });
  const close = () => {
    setRows(null);
    setProblems([]);
    save.reset();
    onClose();
  };
  const language = i18n.language === 'en' ? 'en' : 'es';
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!rows?.length) return setProblems([t('import.empty')]);
    save.mutate(
      { rows },
      {
        onSuccess: (done) => {
          toast({ title: t('import.done'), description: t('import.doneDescription', { created: done.created, updated: done.updated }), variant: 'success' });
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length) {
            setProblems(Object.entries(error.fields).map(([field, message]) => {
              const line = /^rows\.(\d+)\./.exec(field)?.[1];
              return line === undefined ? messageText(message, language) : t('import.lineProblem', { line: Number(line) + 1, message: messageText(message, language) });
            }));
          } else toast({ title: t('notices.errorTitle'), description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };
  return (
    <Modal show={show} onHide={close} fullscreen="sm-down" aria-labelledby="import-units-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="import-units-title" as="h2" className="h5">
          {t('import.title')}
        </Modal.Title>
      </Modal.Header>
      <Form noValidate onSubmit={onSubmit} aria-label={t('import.title')}>
        <Modal.Body>
          <p className="small">{t('import.help', { max: MAX_UNIT_IMPORT_ROWS })}</p>
          <Form.Group controlId="import-units-file">
            <Form.Label>{t('import.file')}</Form.Label>
            <Form.Control
              type="file"
              accept=".csv,text/csv"
              onChange={async (event) => {
                const file = (event.target as HTMLInputElement).files?.[0];
                setProblems([]);
                setRows(file ? parseUnitsCsv(await file.text()) : null);
              }}
            />
          </Form.Group>
          {rows && <p className="small mt-2 mb-0" data-testid="import-count">{t('import.count', { count: rows.length })}</p>}
          {problems.length > 0 && (
            <Alert variant="danger" className="mt-3 mb-0 small">
              <ul className="mb-0 ps-3">
                {problems.slice(0, 10).map((problem) => <li key={problem}>{problem}</li>)}
              </ul>
            </Alert>
          )}
        </Modal.Body>
        <FormDialogFooter pending={save.isPending} onCancel={close} submitLabel={t('import.submit')} />
      </Form>
    </Modal>
  );
}
