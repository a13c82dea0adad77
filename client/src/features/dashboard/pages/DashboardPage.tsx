import { DashboardActivity, DashboardFigures } from '../components/DashboardSections';
import { HomeGreeting } from '../components/HomeGreeting';

/** The administrators' home: the figures, the latest activity and the shortcuts (Bootstrap's own markup, no react-bootstrap: it is on the path of every first visit). */
export default function DashboardPage() {
  return (
    <>
      <HomeGreeting subtitle="admin" />
      <DashboardFigures />
      <DashboardActivity />
    </>
  );
}
