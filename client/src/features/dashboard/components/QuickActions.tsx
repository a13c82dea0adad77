import { CalendarPlus, FileUp, UserPlus, Wrench, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@client/lib/auth';
import { useBranding } from '@client/lib/branding';
import { can, type Capability } from '@shared/permissions';
import type { FeatureName } from '@shared/schemas/settings';

/**
 * Shortcuts to the start of a task. Each goes to its screen with `?action=...`, which the
 * screen reads to open its form right away.
 */
type QuickAction = { key: string; to: string; icon: LucideIcon; feature: FeatureName; capability: Capability };

const ACTIONS: QuickAction[] = [
  { key: 'uploadDocument', to: '/documents?action=upload', icon: FileUp, feature: 'documents', capability: 'documents.upload' },
  { key: 'maintenanceRequest', to: '/maintenance?action=new', icon: Wrench, feature: 'maintenance', capability: 'maintenance.create' },
  { key: 'reserveAmenity', to: '/amenities?action=reserve', icon: CalendarPlus, feature: 'amenities', capability: 'amenities.book' },
  { key: 'registerVisitor', to: '/visitors?action=register', icon: UserPlus, feature: 'visitors', capability: 'visitors.register' },
];

export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const { features } = useBranding();
  const actions = ACTIONS.filter((action) => features[action.feature] && can(user, action.capability));
  if (!actions.length) return null;

  return (
    <section aria-labelledby="quick-actions-title" className="card h-100">
      <div className="card-body">
        <h2 id="quick-actions-title" className="h5 mb-3">
          {t('quickActions.title')}
        </h2>
        <div className="d-grid gap-2">
          {actions.map((action) => (
            <Link key={action.key} to={action.to} className="btn btn-outline-primary d-flex align-items-center gap-2 text-start">
              <action.icon size={18} aria-hidden />
              {t(`quickActions.${action.key}`)}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
