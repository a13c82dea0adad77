import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export type RowAction = {
  label: string;
  icon?: LucideIcon;
  onClick: () => void;
  /** Destructive (Deactivate, Delete): red, after a divider. */
  danger?: boolean;
};

type RowActionsMenuProps = {
  /** What the row is ("Ana Alba"): the button reads "Acciones de Ana Alba". */
  name: string;
  /** The actions this user may take on this row, in order (leave out what they may not do). */
  actions: RowAction[];
  testId?: string;
};

/** The "…" menu of a list row (a DataList's `actions`), the same in the table and on cards. */
export function RowActionsMenu({ name, actions, testId }: RowActionsMenuProps) {
  const { t } = useTranslation();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="outline-secondary" size="sm" aria-label={t('list.actionsOf', { name })} data-testid={testId}>
        <MoreHorizontal size={16} aria-hidden />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {actions.map(({ label, icon: Icon, onClick, danger }, index) => (
          <Fragment key={label}>
            {danger && index > 0 && !actions[index - 1].danger && <Dropdown.Divider />}
            <Dropdown.Item as="button" className={danger ? 'text-danger' : undefined} onClick={onClick}>
              {Icon && <Icon size={16} className="me-2" aria-hidden />}
              {label}
            </Dropdown.Item>
          </Fragment>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
