import { useState } from 'react';
import { Alert, Badge, Button, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { errorMessage } from '@client/lib/api';
import type { AttendanceRow } from '@shared/schemas/assemblies';
import { useMarkPresent } from '../api/assemblies';

/** The administrator checks units in (search by owner's name or unit number); proxies shown beside each unit. */
export function AttendancePanel({ assemblyId, rows, error, onRetry, canCheckIn }: { assemblyId: number; rows?: AttendanceRow[]; error: unknown; onRetry: () => void; canCheckIn: boolean }) {
  const { t } = useTranslation('assemblies');
  const [q, setQ] = useState('');
  const mark = useMarkPresent(assemblyId);
  if (error) return <ErrorCard error={error} onRetry={onRetry} />;
  if (!rows) return <Loading label={t('loading')} />;
  const needle = q.trim().toLowerCase();
  const shown = needle ? rows.filter((row) => row.unitNumber.toLowerCase().includes(needle) || (row.ownerName ?? '').toLowerCase().includes(needle)) : rows;
  return (
    <section aria-labelledby="attendance-title">
      <h2 id="attendance-title" className="h5">
        {t('attendance.title')}
      </h2>
      <Form.Control type="search" className="mb-2" placeholder={t('attendance.search')} aria-label={t('attendance.search')} value={q} onChange={(e) => setQ(e.target.value)} />
      {mark.error && <Alert variant="danger">{errorMessage(mark.error)}</Alert>}
      {shown.length === 0 ? (
        <p className="text-body-secondary">{t('attendance.none')}</p>
      ) : (
        <ListGroup style={{ maxHeight: '24rem', overflowY: 'auto' }}>
          {shown.map((row) => (
            <ListGroup.Item key={row.unitId} className="d-flex justify-content-between align-items-center gap-2" data-testid="attendance-row" data-unit={row.unitNumber}>
              <div>
                <div className="fw-semibold">
                  {row.unitNumber} <span className="small text-body-secondary">({Number(row.share).toFixed(2)} %)</span>
                </div>
                <div className="small">{row.ownerName ?? '—'}</div>
                {row.proxyHolder && <div className="small text-body-secondary">{t('attendance.proxy', { name: row.proxyHolder })}</div>}
              </div>
              {row.present ? (
                <Badge bg="success">{t(`attendance.via.${row.via ?? 'room'}`)}</Badge>
              ) : (
                canCheckIn && (
                  <Button size="sm" variant="outline-success" disabled={mark.isPending} onClick={() => mark.mutate({ unitId: row.unitId, via: 'room' })}>
                    {t('attendance.checkIn')}
                    <span className="visually-hidden"> {row.unitNumber}</span>
                  </Button>
                )
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
