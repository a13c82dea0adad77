import { CalendarClock, CalendarDays, DoorOpen, UserCheck, type LucideIcon } from 'lucide-react';
import { Card, Col, Placeholder, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { VisitorSummary } from '@shared/schemas/visitors';

const CARDS: Array<{ key: keyof VisitorSummary; icon: LucideIcon }> = [
  { key: 'today', icon: UserCheck },
  { key: 'upcoming', icon: CalendarClock },
  { key: 'thisWeek', icon: CalendarDays },
  { key: 'insideNow', icon: DoorOpen },
];

/** Spec cards: today's visitors, upcoming, this week; and who is inside now. */
export function SummaryCards({ summary }: { summary: VisitorSummary | undefined }) {
  const { t } = useTranslation('visitors');
  return (
    <Row xs={2} md={4} className="g-3 mb-4 ps-0" as="ul" aria-label={t('cards.label')}>
      {CARDS.map(({ key, icon: Icon }) => (
        <Col as="li" key={key} className="list-unstyled">
          <Card className="vec-summary-card h-100">
            <Card.Body className="d-flex align-items-center gap-3">
              <span className="vec-summary-icon" aria-hidden>
                <Icon size={20} />
              </span>
              <span className="min-w-0">
                <span className="d-block text-body-secondary small">{t(`cards.${key}`)}</span>
                {summary ? (
                  <span className="d-block fs-4 fw-semibold" data-testid={`visitors-count-${key}`}>
                    {summary[key]}
                  </span>
                ) : (
                  <Placeholder as="span" animation="glow" className="d-block fs-4">
                    <Placeholder xs={6} />
                  </Placeholder>
                )}
              </span>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
