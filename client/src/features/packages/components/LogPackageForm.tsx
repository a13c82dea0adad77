import { Camera, PackagePlus } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCarrierLabel } from '../lib/labels';
import { SearchCombobox } from '@client/components/form/SearchCombobox';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { readAsBase64 } from '@client/lib/files';
import { PACKAGE_CARRIERS, PACKAGE_SIZES } from '@shared/enums';
import { useDeskUnits, useLogPackage } from '../api/packages';

const EMPTY = { unitId: '', carrier: 'amazon', tracking: '', size: 'medium', perishable: false, shelf: '', notes: '' };

/** Logs a package in seconds: the unit found by its number or a resident's name, carrier, tracking, a photo from the tablet's camera, size, perishable, shelf, notes. */
export function LogPackageForm({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('packages');
  const carrierLabel = useCarrierLabel();
  const units = useDeskUnits(propertyId);
  const unitOptions = useMemo(() => units.data?.map((unit) => ({ id: unit.id, label: unit.unitNumber, detail: unit.residents.join(', ') || undefined })), [units.data]);
  const log = useLogPackage();
  const [form, setForm] = useState(EMPTY);
  const [photo, setPhoto] = useState<File | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const photoInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = photo ? await readAsBase64(photo) : null;
    log.mutate(
      {
        propertyId,
        unitId: Number(form.unitId),
        carrier: form.carrier,
        tracking: form.tracking || undefined,
        size: form.size,
        perishable: form.perishable,
        shelf: form.shelf || undefined,
        notes: form.notes || undefined,
        photo: photo && content ? { fileType: photo.type, fileName: photo.name, content } : null,
      },
      {
        onSuccess: (created) => {
          toast({ title: t('log.done'), description: t('unitLabel', { unit: created.unitNumber }), variant: 'success' });
          setForm({ ...EMPTY, carrier: form.carrier });
          setPhoto(null);
          if (photoInput.current) photoInput.current.value = '';
          setFields({});
        },
        onError: (error) => {
          setFields(isApiError(error) ? (error.body?.fields ?? {}) : {});
          toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 d-flex align-items-center gap-2">
        <PackagePlus size={18} aria-hidden />
        {t('log.title')}
      </Card.Header>
      <Card.Body>
        <Form onSubmit={(event) => void submit(event)} noValidate data-testid="log-package">
          <Row className="g-2">
            <Col sm={6}>
              <SearchCombobox
                id="package-unit"
                className=""
                label={t('fields.unit')}
                placeholder={t('fields.searchUnit')}
                noMatches={t('fields.noUnitMatches')}
                value={form.unitId ? Number(form.unitId) : null}
                onChange={(id) => setForm((current) => ({ ...current, unitId: id === null ? '' : String(id) }))}
                options={unitOptions}
                busy={units.isFetching}
                error={fields.unitId ? { message: fields.unitId } : undefined}
              />
            </Col>
            <Col sm={6}>
              <Form.Group controlId="package-carrier">
                <Form.Label>{t('fields.carrier')}</Form.Label>
                <Form.Select value={form.carrier} onChange={(event) => setForm({ ...form, carrier: event.target.value })} isInvalid={Boolean(fields.carrier)}>
                  {PACKAGE_CARRIERS.map((carrier) => (
                    <option key={carrier} value={carrier}>
                      {carrierLabel(carrier)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group controlId="package-tracking">
                <Form.Label>{t('fields.tracking')}</Form.Label>
                <Form.Control value={form.tracking} maxLength={50} onChange={(event) => setForm({ ...form, tracking: event.target.value })} isInvalid={Boolean(fields.tracking)} autoComplete="off" />
              </Form.Group>
            </Col>
            <Col sm={3}>
              <Form.Group controlId="package-size">
                <Form.Label>{t('fields.size')}</Form.Label>
                <Form.Select value={form.size} onChange={(event) => setForm({ ...form, size: event.target.value })}>
                  {PACKAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {t(`sizes.${size}`)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col sm={3}>
              <Form.Group controlId="package-shelf">
                <Form.Label>{t('fields.shelf')}</Form.Label>
                <Form.Control value={form.shelf} maxLength={50} onChange={(event) => setForm({ ...form, shelf: event.target.value })} autoComplete="off" />
              </Form.Group>
            </Col>
            <Col sm={12}>
              <Form.Group controlId="package-notes">
                <Form.Label>{t('fields.notes')}</Form.Label>
                <Form.Control value={form.notes} maxLength={5000} onChange={(event) => setForm({ ...form, notes: event.target.value })} />
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group controlId="package-photo">
                <Form.Label className="d-flex align-items-center gap-2">
                  <Camera size={16} aria-hidden />
                  {t('fields.photo')}
                </Form.Label>
                <Form.Control
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  capture="environment"
                  ref={photoInput}
                  onChange={(event) => setPhoto((event.target as HTMLInputElement).files?.[0] ?? null)}
                  isInvalid={Boolean(fields['photo.fileType'] || fields['photo.content'])}
                />
                <Form.Control.Feedback type="invalid">{fields['photo.fileType'] ?? fields['photo.content']}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col sm={6} className="d-flex align-items-end">
              <Form.Check type="switch" id="package-perishable" label={t('fields.perishable')} checked={form.perishable} onChange={(event) => setForm({ ...form, perishable: event.target.checked })} />
            </Col>
          </Row>
          {fields._ && (
            <Alert variant="danger" className="mt-3 mb-0">
              {fields._}
            </Alert>
          )}
          <SubmitButton pending={log.isPending} pendingLabel={t('log.submit')} className="mt-3" size="lg">
            {t('log.submit')}
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
