import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type EmptyStateProps = { icon?: LucideIcon; title: string; description?: ReactNode; action?: ReactNode; className?: string };

/** What a list or module shows when it has nothing yet. */
export function EmptyState({ icon: Icon, title, description, action, className = '' }: EmptyStateProps) {
  return (
    <div className={`text-center py-5 px-3 border rounded-3 bg-body ${className}`}>
      {Icon && (
        <div className="vec-empty-icon mx-auto mb-3" aria-hidden>
          <Icon size={28} />
        </div>
      )}
      <h2 className="h5">{title}</h2>
      {description && <p className="text-body-secondary mb-0 mx-auto vec-measure">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
