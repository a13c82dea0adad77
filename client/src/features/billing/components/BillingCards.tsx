import { AlertTriangle, CalendarCheck, PiggyBank, Wallet, type LucideIcon } from 'lucide-react';
import { Card, Col, Placeholder, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@client/lib/format';
import './billing.css';
import type { BillingSummary } from '../api/types';

type Figure = { key: string; icon: LucideIcon; value: (s: BillingSummary) => string; note?: (s: BillingSummary) => string | null; tone?: (s: BillingSummary) => string };

/**
 * The summary cards. Administrators: outstanding, collected this month, collected this year,
 * overdue (with how many charges). Owners and residents: their balance, overdue, paid this
 * year and their credit.
 */
export function BillingCards({ summary, manager }: { summary: BillingSummary | undefined; manager: boolean }) {
  const { t } = useTranslation('billing');
  const overdue: Figure = {
    key: 'overdue',
    icon: AlertTriangle,
    value: (s) => formatMoney(s.overdue),
    note: (s) => t('cards.overdueCount', { count: s.overdueCount }),
    tone: (s) => (s.overdue > 0 ? 'text-danger' : ''),
  };
  const figures: Figure[] = manager
    ? [
        { key: 'outstanding', icon: Wallet, value: (s) => formatMoney(s.outstanding) },
        { key: 'collectedThisMonth', icon: CalendarCheck, value: (s) => formatMoney(s.collectedThisMonth) },
        { key: 'collectedThisYear', icon: PiggyBank, value: (s) => formatMoney(s.collectedThisYear), note: (s) => (s.reserveThisYear > 0 ? t('cards.reserveNote', { amount: formatMoney(s.reserveThisYear) }) : null) },
        overdue,
      ]
    : [
        { key: 'balance', icon: Wallet, value: (s) => formatMoney(s.outstanding), note: (s) => (s.credit > 0 ? t('cards.creditNote', { amount: formatMoney(s.credit) }) : null) },
        overdue,
        { key: 'paidThisYear', icon: PiggyBank, value: (s) => formatMoney(s.collectedThisYear) },
        { key: 'paidThisMonth', icon: CalendarCheck, value: (s) => formatMoney(s.collectedThisMonth) },
      ];
  return (
    <Row xs={1} sm={2} xl={4} as="ul" className="g-3 mb-4 ps-0 list-unstyled" aria-label={t('cards.label')}>
      {figures.map((figure) => (
        <Col as="li" key={figure.key}>
          <Card className="vec-billing-card h-100" data-testid={`billing-card-${figure.key}`}>
            <Card.Body className="d-flex align-items-center gap-3">
              <span className="vec-summary-icon" aria-hidden>
                <figure.icon size={22} />
              </span>
              <div className="min-w-0">
                <div className="text-body-secondary small">{t(`cards.${figure.key}`)}</div>
                {summary ? (
                  <>
                    <div className={`vec-summary-value fw-semibold ${figure.tone?.(summary) ?? ''}`} data-testid={`billing-card-${figure.key}-value`}>
                      {figure.value(summary)}
                    </div>
                    {figure.note?.(summary) && <div className="small text-body-secondary">{figure.note(summary)}</div>}
                  </>
                ) : (
                  <Placeholder as="div" animation="glow" className="fs-5">
                    <Placeholder xs={6} />
                  </Placeholder>
                )}
              </div>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
