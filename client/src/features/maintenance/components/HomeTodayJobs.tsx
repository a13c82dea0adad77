import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HomeCard } from '@client/components/HomeCard';
import { useFormatDate } from '@client/lib/format';
import { dayOf, todayThere } from '@shared/time';
import { useAssignedOpenJobs, type MaintenanceRequestView } from '../api/maintenance';
import { PriorityBadge, StatusBadge } from './Badges';

function JobRow({ job }: { job: MaintenanceRequestView }) {
  const formatDate = useFormatDate();
  return (
    <li className="list-group-item px-0" data-testid="home-job">
      <div className="d-flex justify-content-between gap-2 flex-wrap">
        <Link to={`/maintenance/${job.id}`} className="fw-semibold text-break">
          {job.title}
        </Link>
        <span className="d-flex gap-1">
          <PriorityBadge priority={job.priority} />
          <StatusBadge status={job.status} />
        </span>
      </div>
      <div className="small text-body-secondary">
        {job.propertyName}
        {job.unitNumber && ` · ${job.unitNumber}`}
        {job.location && ` · ${job.location}`}
        {job.scheduledDate && ` · ${formatDate(job.scheduledDate, 'dateTime')}`}
      </div>
    </li>
  );
}

/**
 * A technician's day on their home screen: the jobs scheduled for today or already under way,
 * then the rest still open (unscheduled or later), each leading to its request.
 */
export function HomeTodayJobs({ userId }: { userId: number }) {
  const { t } = useTranslation('maintenance');
  const jobs = useAssignedOpenJobs(userId);
  const today = todayThere();
  const all = jobs.data ?? [];
  // Scheduled for today or a day gone by (still open), in the organization's zone; or under way.
  const isToday = (job: MaintenanceRequestView) => job.status === 'in-progress' || (job.scheduledDate !== null && dayOf(new Date(job.scheduledDate)) <= today);
  const now = all.filter(isToday);
  const later = all.filter((job) => !isToday(job));
  return (
    <div className="d-grid gap-3">
      <HomeCard id="jobs-today" title={t('home.today')} icon={ClipboardList} link={{ to: '/maintenance', label: t('home.all') }} query={jobs}>
        {now.length ? (
          <ul className="list-group list-group-flush">
            {now.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary mb-0">{t('home.noneToday')}</p>
        )}
      </HomeCard>
      {later.length > 0 && (
        <HomeCard id="jobs-open" title={t('home.open', { count: later.length })} icon={ClipboardList} query={jobs}>
          <ul className="list-group list-group-flush">
            {later.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        </HomeCard>
      )}
    </div>
  );
}
