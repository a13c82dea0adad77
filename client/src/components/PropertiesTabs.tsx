import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { screenAccess } from '@client/lib/screens';
import { useCurrentUser } from '@client/lib/auth';
import { useBranding } from '@client/lib/branding';

/** The tab bar of /properties: the properties list and their broadcasts (none without the second). */
export function PropertiesTabs() {
  const { t } = useTranslation('common');
  const broadcasts = screenAccess('/properties/broadcasts', useCurrentUser(), useBranding().features) === 'open';
  if (!broadcasts) return null;
  return (
    <Nav variant="tabs" className="mb-4" as="nav" aria-label={t('propertiesTabs.label')}>
      <Nav.Item>
        <Nav.Link as={NavLink} to="/properties" end>
          {t('propertiesTabs.list')}
        </Nav.Link>
      </Nav.Item>
      <Nav.Item>
        <Nav.Link as={NavLink} to="/properties/broadcasts">
          {t('propertiesTabs.broadcasts')}
        </Nav.Link>
      </Nav.Item>
    </Nav>
  );
}
