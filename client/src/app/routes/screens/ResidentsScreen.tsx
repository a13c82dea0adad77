import { lazy } from 'react';
import ResidentsPage from '@client/features/residents/pages/ResidentsPage';
import { i18n } from '@client/lib/i18n';

// Administrators only: its own chunk, with its translations.
const JoinRequestsPanel = lazy(
  async () => (await Promise.all([import('@client/features/join-requests/components/JoinRequestsPanel'), i18n.loadNamespaces('joinRequests')]))[0],
);

/** /residents: the residents' directory, with the queue of access requests of the join-requests feature above it. */
export default function ResidentsScreen() {
  return <ResidentsPage JoinRequestsPanel={JoinRequestsPanel} />;
}
