import { AlertTriangle, CalendarClock, CheckCircle2, Clock, Wrench, type LucideIcon } from 'lucide-react';
import { Col, Placeholder, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { MaintenanceStatus } from '@shared/enums';
import type { MaintenanceSummary } from '@shared/schemas/maintenance';

type CardSpec = { key: keyof MaintenanceSummary; icon: LucideIcon; status?: MaintenanceStatus };
const CARDS: CardSpec[] = [
  { key: 'pending', icon: Clock, status: 'pending' },
  { key: 'inProgress', icon: Wrench, status: 'in-progress' },
  { key: 'scheduled', icon: CalendarClock, status: 'scheduled' },
  { key: 'completed', icon: CheckCircle2, status: 'completed' },
  { key: 'overdue', icon: AlertTriangle },
];

type StatusCardsProps = {
  summary: MaintenanceSummary | undefined;
  active: { status: MaintenanceStatus | null; overdue: boolean };
  onPick: (pick: { status: MaintenanceStatus | null; overdue: boolean }) => void;
};

/** Counts per status (spec: Pending, In Progress, Scheduled, Completed) and overdue; each filters the list. */
export function StatusCards({ summary, active, onPick }: StatusCardsProps) {
  const { t } = useTranslation('maintenance');
  return (
    <Row xs={2} md={3} xl={5} className="g-3 mb-4 ps-0" as="ul" aria-label={t('cards.label')}>
      {CARDS.map(({ key, icon: Icon, status }) => {
        const pressed = status ? active.status === status && !active.overdue : active.overdue;
        return (
          <Col as="li" key={key} className="list-unstyled">
            {/* A button (it filters the list) dressed as a card; only phrasing content inside. */}
            <button
              type="button"
              className="card vec-summary-card vec-status-card w-100 h-100 text-start"
              aria-pressed={pressed}
              onClick={() => onPick(pressed ? { status: null, overdue: false } : { status: status ?? null, overdue: !status })}
              data-testid={`maintenance-card-${key}`}
            >
              <span className="card-body d-flex align-items-center gap-3 w-100">
                <span className="vec-summary-icon" aria-hidden>
                  <Icon size={20} />
                </span>
                <span className="min-w-0">
                  <span className="d-block text-body-secondary small">{t(`cards.${key}`)}</span>
                  {summary ? (
                    <span className={`d-block fs-4 fw-semibold${key === 'overdue' && summary.overdue ? ' text-danger' : ''}`} data-testid={`maintenance-count-${key}`}>
                      {summary[key]}
                    </span>
                  ) : (
                    <Placeholder as="span" animation="glow" className="d-block fs-4">
                      <Placeholder xs={6} />
                    </Placeholder>
                  )}
                </span>
              </span>
            </button>
          </Col>
        );
      })}
    </Row>
  );
}
