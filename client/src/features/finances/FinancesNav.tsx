import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import './finances.css';

/** The sections of /finances, each its own route (docs/modules/finances.md, "Screens"). */
export const FINANCES_SECTIONS = [
  { to: '/finances', key: 'summary', end: true },
  { to: '/finances/gastos', key: 'expenses' },
  { to: '/finances/recurrentes', key: 'recurring' },
  { to: '/finances/suplidores', key: 'suppliers' },
  { to: '/finances/fondos', key: 'funds' },
  { to: '/finances/conciliacion', key: 'reconciliation' },
  { to: '/finances/presupuesto', key: 'budget' },
  { to: '/finances/cierre', key: 'close' },
  { to: '/finances/estados', key: 'statements' },
  { to: '/finances/reportes', key: 'reports' },
] as const;

/**
 * The tab bar above every finances page: links (each section has its URL, so Back and shared
 * links work), the current one marked for screen readers; on a phone it scrolls sideways.
 */
export function FinancesNav() {
  const { t } = useTranslation('finances');
  return (
    <nav aria-label={t('nav.label')} className="vec-finances-nav mb-4">
      <Nav variant="tabs" as="ul" className="flex-nowrap">
        {FINANCES_SECTIONS.map((section) => (
          <Nav.Item as="li" key={section.to}>
            <Nav.Link as={NavLink} to={section.to} end={'end' in section ? section.end : false} className="text-nowrap">
              {t(`nav.${section.key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
    </nav>
  );
}
