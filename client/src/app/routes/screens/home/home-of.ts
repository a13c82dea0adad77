import type { Role } from '@shared/enums';

export type Home = 'dashboard' | 'member' | 'technician' | 'desk';

/**
 * Which home `/` opens for a user: administrators the dashboard; a supplier on a property's
 * security staff the visitors desk; other suppliers their jobs; owners and residents theirs.
 */
export function homeOf(user: { role: Role; administrator: boolean; worksDesk?: boolean }): Home {
  if (user.administrator) return 'dashboard';
  if (user.role === 'Suplidor') return user.worksDesk ? 'desk' : 'technician';
  return 'member';
}
