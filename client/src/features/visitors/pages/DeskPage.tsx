import { CheckCircle2, LogIn, LogOut, ScanQrCode, ShieldCheck, ShieldX, UserPlus } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { lazyDialog } from '@client/components/lazy-dialog';
import { UnitSelect } from '@client/components/form/PropertyUnitFields';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { useFormatDate } from '@client/lib/format';
import { VISIT_TYPES } from '@shared/enums';
import { displayCode } from '@shared/access-codes';
import type { VisitorEventPayload } from '@shared/schemas/visitors';
import { useCheck, useDeskProperties, useDeskToday, useHostUnits, useLookup, useWalkIn, type DeskVerdict, type VisitorView } from '../api/visitors';
import { VisitTypeBadge } from '../components/Badges';
import { useVisitorsLive } from '../lib/live';
import { passDays } from '../lib/pass-days';
import '../visitors.css';

// The camera's scanner loads when first opened (components/lazy-dialog.tsx).
const ScanDialog = lazyDialog(() => import('../components/ScanDialog').then((m) => m.ScanDialog), (p) => p.show);

/**
 * /visitors/desk, for a tablet at the guardhouse (administrators and security staff): scan the
 * pass's QR with the camera or type its code, read the verdict in big letters, check in or out in one tap; today's expected
 * visitors, who is inside, and walk-ins whose host is asked live.
 */
export default function DeskPage() {
  const { t } = useTranslation('visitors');
  const properties = useDeskProperties();
  const [chosen, setPropertyId] = useState<number | null>(null);
  const propertyId = chosen ?? properties.data?.[0]?.id ?? null;
  useVisitorsLive((event) => {
    const p = event.payload as unknown as VisitorEventPayload;
    if (p.propertyId !== propertyId || !p.walkIn) return;
    if (event.type === 'visitor.walk_in_decided') toast({ title: t(p.allow ? 'desk.walkInAllowed' : 'desk.walkInDenied', { name: p.name }), variant: p.allow ? 'success' : 'destructive' });
    if (event.type === 'visitor.walk_in_timed_out') toast({ title: t('desk.walkInTimedOut', { name: p.name }), variant: 'destructive' });
  });

  if (properties.isPending) return <Loading />;
  if (properties.isError) return <ErrorCard title={t('errors.list')} error={properties.error} onRetry={() => void properties.refetch()} />;
  return (
    <>
      <PageHeader title={t('desk.title')} description={t('desk.description')} />
      {!properties.data.length ? (
        <EmptyState icon={ShieldCheck} title={t('desk.noDesk')} description={t('desk.noDeskDescription')} />
      ) : (
        <>
          {properties.data.length > 1 && (
            <Form.Group controlId="desk-property" className="mb-3 vec-desk-property">
              <Form.Label>{t('desk.property')}</Form.Label>
              <Form.Select value={propertyId ?? ''} onChange={(event) => setPropertyId(Number(event.target.value))}>
                {properties.data.map((property) => (
                  <option key={property.id} value={property.id}>
                    {property.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          {propertyId !== null && <Desk propertyId={propertyId} key={propertyId} />}
        </>
      )}
    </>
  );
}

function Desk({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('visitors');
  const lookup = useLookup();
  const check = useCheck();
  const today = useDeskToday(propertyId);
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<DeskVerdict | null>(null);
  const [scanning, setScanning] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);

  const find = (value: string) =>
    lookup.mutate({ propertyId, code: value }, { onSuccess: setVerdict, onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    find(code);
  };
  /** A scanned pass: the same lookup as a typed code (a pass link is looked up by its token). */
  const scanned = (key: string) => {
    setScanning(false);
    setCode(key.startsWith('/pass/') ? '' : displayCode(key));
    find(key);
  };
  const move = (visitor: VisitorView, direction: 'in' | 'out') =>
    check.mutate(
      { id: visitor.id, direction },
      {
        onSuccess: (updated) => {
          toast({ title: t(direction === 'in' ? 'desk.checkedIn' : 'desk.checkedOut'), description: updated.name, variant: 'success' });
          setVerdict((current) => (current?.visitor?.id === updated.id ? { valid: true, visitor: updated } : current));
          setCode('');
        },
        onError: (error) => {
          const reason = isApiError(error) ? error.body?.error : undefined;
          toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' });
          if (reason && reason in (t('desk.reasons', { returnObjects: true }) as object)) setVerdict({ valid: false, reason: reason as DeskVerdict['reason'], visitor });
        },
      },
    );

  return (
    <Row className="g-4">
      <Col lg={7}>
        <Card className="mb-4">
          <Card.Body>
            <Form onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-end">
              <Form.Group controlId="desk-code" className="flex-grow-1">
                <Form.Label className="fw-semibold">{t('desk.code')}</Form.Label>
                <Form.Control
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  placeholder={t('desk.codePlaceholder')}
                  maxLength={2048}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="vec-desk-code font-monospace"
                  data-testid="desk-code"
                  ref={codeField}
                />
              </Form.Group>
              <SubmitButton pending={lookup.isPending} pendingLabel={t('desk.lookup')} size="lg">
                {t('desk.lookup')}
              </SubmitButton>
              <Button type="button" variant="outline-primary" size="lg" onClick={() => setScanning(true)} className="d-inline-flex align-items-center gap-2" aria-haspopup="dialog" data-testid="desk-scan-open">
                <ScanQrCode size={22} aria-hidden />
                {t('desk.scan.open')}
              </Button>
            </Form>
            <ScanDialog show={scanning} onClose={() => setScanning(false)} onExited={() => codeField.current?.focus()} onScan={scanned} />
          </Card.Body>
        </Card>
        {verdict && <Verdict verdict={verdict} onMove={move} pending={check.isPending} />}
        <WalkInForm propertyId={propertyId} />
      </Col>
      <Col lg={5}>
        {today.isError ? (
          <ErrorCard title={t('errors.list')} error={today.error} onRetry={() => void today.refetch()} />
        ) : (
          <>
            {Boolean(today.data?.pending.length) && <PeopleList title={t('desk.pending')} people={today.data!.pending} empty="" testId="desk-pending" />}
            <PeopleList title={t('desk.inside')} people={today.data?.inside} empty={t('desk.noneInside')} testId="desk-inside" onMove={(v) => move(v, 'out')} direction="out" />
            <PeopleList title={t('desk.expected')} people={today.data?.expected} empty={t('desk.noneExpected')} testId="desk-expected" onMove={(v) => move(v, 'in')} direction="in" />
          </>
        )}
      </Col>
    </Row>
  );
}

/** The verdict in big letters: green with who, for whom and the plate; red with why. */
function Verdict({ verdict, onMove, pending }: { verdict: DeskVerdict; onMove: (visitor: VisitorView, direction: 'in' | 'out') => void; pending: boolean }) {
  const { t, i18n } = useTranslation('visitors');
  const visitor = verdict.visitor;
  const days = verdict.reason === 'not_today' && visitor ? passDays(visitor, t, i18n.language === 'en' ? 'en' : 'es') : null;
  return (
    <div className={`vec-verdict mb-4 ${verdict.valid ? 'vec-verdict-valid' : 'vec-verdict-refused'}`} role="status" aria-live="polite" data-testid="desk-verdict" data-valid={verdict.valid}>
      <div className="d-flex align-items-center gap-3 mb-2">
        {verdict.valid ? <CheckCircle2 size={40} aria-hidden /> : <ShieldX size={40} aria-hidden />}
        <span className="vec-verdict-title">{verdict.valid ? (visitor?.inside ? t('desk.insideAlready') : t('desk.valid')) : t(`desk.reasons.${verdict.reason}`)}</span>
      </div>
      {days && (
        <p className="fs-4 fw-semibold mb-3" data-testid="verdict-days">
          {days}
        </p>
      )}
      {visitor && (
        <dl className="row mb-0 fs-5">
          <dt className="col-sm-4">{t('table.visitor')}</dt>
          <dd className="col-sm-8 fw-bold" data-testid="verdict-name">
            {visitor.name} <VisitTypeBadge type={visitor.visitType} />
          </dd>
          <dt className="col-sm-4">{t('desk.host')}</dt>
          <dd className="col-sm-8">{visitor.host?.name ?? '—'}</dd>
          <dt className="col-sm-4">{t('desk.unit')}</dt>
          <dd className="col-sm-8">{visitor.unitNumber ?? '—'}</dd>
          {visitor.vehiclePlate && (
            <>
              <dt className="col-sm-4">{t('desk.plate')}</dt>
              <dd className="col-sm-8 font-monospace">{visitor.vehiclePlate}</dd>
            </>
          )}
          {visitor.notes && (
            <>
              <dt className="col-sm-4">{t('desk.notes')}</dt>
              <dd className="col-sm-8">{visitor.notes}</dd>
            </>
          )}
        </dl>
      )}
      {verdict.valid && visitor && (
        <div className="mt-3">
          {visitor.inside ? (
            <Button size="lg" variant="light" onClick={() => onMove(visitor, 'out')} disabled={pending} className="d-inline-flex align-items-center gap-2" data-testid="verdict-check-out">
              <LogOut size={20} aria-hidden />
              {t('actions.checkOut')}
            </Button>
          ) : (
            <Button size="lg" variant="light" onClick={() => onMove(visitor, 'in')} disabled={pending} className="d-inline-flex align-items-center gap-2" data-testid="verdict-check-in">
              <LogIn size={20} aria-hidden />
              {t('actions.checkIn')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function PeopleList({ title, people, empty, testId, onMove, direction }: { title: string; people: VisitorView[] | undefined; empty: string; testId: string; onMove?: (visitor: VisitorView) => void; direction?: 'in' | 'out' }) {
  const { t } = useTranslation('visitors');
  const formatDate = useFormatDate();
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 d-flex justify-content-between">
        {title}
        {people && <Badge bg="secondary">{people.length}</Badge>}
      </Card.Header>
      {!people ? (
        <Card.Body>
          <Loading />
        </Card.Body>
      ) : !people.length ? (
        <Card.Body className="text-body-secondary">{empty}</Card.Body>
      ) : (
        <ListGroup variant="flush" data-testid={testId}>
          {people.map((visitor) => (
            <ListGroup.Item key={visitor.id} className="d-flex align-items-center gap-2 flex-wrap">
              <div className="flex-grow-1 min-w-0">
                <div className="fw-semibold text-break">{visitor.name}</div>
                <div className="small text-body-secondary">
                  {[visitor.unitNumber, visitor.host?.name, visitor.vehiclePlate, direction === 'out' && visitor.checkInTime ? formatDate(visitor.checkInTime, 'time') : null].filter(Boolean).join(' · ')}
                </div>
              </div>
              {onMove && (direction === 'out' ? visitor.actions.includes('checkOut') : visitor.actions.includes('checkIn')) && (
                <Button variant={direction === 'in' ? 'primary' : 'outline-secondary'} onClick={() => onMove(visitor)} aria-label={`${t(direction === 'in' ? 'actions.checkIn' : 'actions.checkOut')}: ${visitor.name}`}>
                  {direction === 'in' ? <LogIn size={18} aria-hidden /> : <LogOut size={18} aria-hidden />}
                </Button>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}

/** A visitor without a pass: registered here, their host asked live (3 minutes, then call). */
function WalkInForm({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('visitors');
  const units = useHostUnits(propertyId);
  const walkIn = useWalkIn();
  const [form, setForm] = useState({ unitId: '', name: '', visitType: 'guest', vehiclePlate: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    walkIn.mutate(
      { propertyId, unitId: Number(form.unitId), name: form.name, visitType: form.visitType, vehiclePlate: form.vehiclePlate || undefined },
      {
        onSuccess: () => {
          toast({ title: t('desk.walkInSent'), description: form.name });
          setForm({ unitId: '', name: '', visitType: 'guest', vehiclePlate: '' });
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
    <Card>
      <Card.Header as="h2" className="h6 mb-0 d-flex align-items-center gap-2">
        <UserPlus size={18} aria-hidden />
        {t('desk.walkIn')}
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary small">{t('desk.walkInIntro')}</p>
        <Form onSubmit={submit} noValidate>
          <Row className="g-2">
            <Col sm={6}>
              <Form.Group controlId="walk-in-name">
                <Form.Label>{t('form.name')}</Form.Label>
                <Form.Control value={form.name} maxLength={100} onChange={(event) => setForm({ ...form, name: event.target.value })} isInvalid={Boolean(fields.name)} />
                <Form.Control.Feedback type="invalid">{fields.name}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col sm={6}>
              <UnitSelect
                id="walk-in-unit"
                className=""
                label={t('form.unit')}
                emptyLabel={t('form.chooseUnit')}
                value={form.unitId ? Number(form.unitId) : null}
                onChange={(id) => setForm({ ...form, unitId: id === null ? '' : String(id) })}
                units={units.data}
                busy={units.isFetching}
                error={fields.unitId ? { message: fields.unitId } : undefined}
              />
            </Col>
            <Col sm={6}>
              <Form.Group controlId="walk-in-type">
                <Form.Label>{t('form.type')}</Form.Label>
                <Form.Select value={form.visitType} onChange={(event) => setForm({ ...form, visitType: event.target.value })}>
                  {VISIT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`types.${type}`)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group controlId="walk-in-plate">
                <Form.Label>{t('form.plate')}</Form.Label>
                <Form.Control value={form.vehiclePlate} maxLength={50} onChange={(event) => setForm({ ...form, vehiclePlate: event.target.value })} />
              </Form.Group>
            </Col>
          </Row>
          {fields._ && (
            <Alert variant="danger" className="mt-3 mb-0">
              {fields._}
            </Alert>
          )}
          <SubmitButton pending={walkIn.isPending} pendingLabel={t('desk.walkInSubmit')} className="mt-3">
            {t('desk.walkInSubmit')}
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
