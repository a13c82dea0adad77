import type { ReactNode } from 'react';
import { usePageTitle } from '@client/hooks/use-page-title';

type PageHeaderProps = {
  title: string;
  /** The document title when it differs from the heading. */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
};

/** The heading of a screen (also its document title), with optional actions on the right. */
export function PageHeader({ title, documentTitle, description, actions, children }: PageHeaderProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <header className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
      <div className="min-w-0">
        {children}
        <h1 className="h3 mb-1">{title}</h1>
        {description && <p className="text-body-secondary mb-0">{description}</p>}
      </div>
      {actions && <div className="d-flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
