import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCard } from './ErrorCard';
import { Loading } from './Loading';

type HomeCardProps = {
  /** The card's heading id stem and test id (`home-<id>`). */
  id: string;
  title: string;
  icon: LucideIcon;
  /** Where "see all" leads, and its words. */
  link?: { to: string; label: string };
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
};

/**
 * One block of a role's home screen (client/src/app/routes/screens/HomeScreen.tsx): a heading,
 * what the block shows once its request answers (a placeholder meanwhile, the error with a
 * retry when it fails) and a link to the screen that has the rest.
 */
export function HomeCard({ id, title, icon: Icon, link, query, children }: HomeCardProps) {
  const headingId = `home-${id}-title`;
  return (
    <section aria-labelledby={headingId} className="card h-100" data-testid={`home-${id}`}>
      <div className="card-body d-flex flex-column">
        <h2 id={headingId} className="h6 d-flex align-items-center gap-2 mb-3">
          <Icon size={18} aria-hidden className="text-primary" />
          {title}
        </h2>
        <div className="flex-grow-1">
          {query.isPending ? <Loading /> : query.error ? <ErrorCard error={query.error} onRetry={() => void query.refetch()} /> : children}
        </div>
        {link && (
          <Link to={link.to} className="small mt-2 align-self-start">
            {link.label}
          </Link>
        )}
      </div>
    </section>
  );
}
