import { Building, DoorOpen, FileUp, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert, Badge, Button, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { Pager } from '@client/components/Pager';
import { toast } from '@client/components/toast/toast';
import { formatMoney } from '@client/lib/format';
import { UNITS_PAGE_SIZE, useDeleteUnit, useSharesTotal, useUnits, type Unit } from '../api/units';
import { useSearchPaging } from '../lib/use-search-paging';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';
import { ListSearch } from './ListSearch';
import { CreateUnitsDialog } from './CreateUnitsDialog';
import { UnitFormDialog } from './UnitFormDialog';

type UnitsTabProps = { propertyId: number; canManage: boolean };

/**
 * Units: the property's units (searched and paged on the server), add, edit and delete; many at
 * once with "Crear unidades", or from a file with the import wizard (/import).
 */
export function UnitsTab({ propertyId, canManage }: UnitsTabProps) {
  const { t } = useTranslation('properties');
  const { search, setSearch, q, page, setPage } = useSearchPaging();
  const units = useUnits(propertyId, { q, page });
  const [editing, setEditing] = useState<Unit | 'new' | null>(null);
  const [creating, setCreating] = useState(false);
  const deleting = useConfirmedDelete<Unit>(useDeleteUnit(), (unit) =>
    toast({ title: t('units.deleted'), description: t('units.savedDescription', { number: unit.unitNumber }), variant: 'success' }),
  );

  const addButton = canManage && (
    <Button onClick={() => setEditing('new')} className="d-inline-flex align-items-center gap-1">
      <Plus size={16} aria-hidden />
      {t('units.add')}
    </Button>
  );
  const total = units.data?.total ?? 0;
  const searchable = Boolean(search || q || total > UNITS_PAGE_SIZE);

  let content;
  if (units.isPending) content = <Loading />;
  else if (units.isError) content = <ErrorCard title={t('units.loadError')} error={units.error} onRetry={() => void units.refetch()} />;
  else if (!units.data.items.length) {
    content = q ? (
      <EmptyState icon={SearchX} title={t('units.noMatches')} />
    ) : (
      <EmptyState icon={DoorOpen} title={t('units.emptyTitle')} description={t('units.emptyDescription')} action={addButton} />
    );
  } else {
    content = (
      <>
        <ListGroup as="ul" aria-label={t('units.listLabel')} aria-busy={units.isPlaceholderData} data-testid="units-list">
          {units.data.items.map((unit) => (
            <UnitItem key={unit.id} unit={unit} canManage={canManage} onEdit={setEditing} onDelete={deleting.ask} />
          ))}
        </ListGroup>
        <Pager
          page={page}
          pageSize={UNITS_PAGE_SIZE}
          total={units.data.total}
          onChange={setPage}
          label={t('units.pagerLabel')}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="units-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h3 id="units-heading" className="h6 mb-0">
          {t('units.title')}
        </h3>
        <div className="d-flex flex-wrap gap-2">
          {canManage && (
            <>
              <Link to={`/import?kind=units&property=${propertyId}`} className="btn btn-outline-secondary d-inline-flex align-items-center gap-1">
                <FileUp size={16} aria-hidden />
                {t('import.open')}
              </Link>
              <Button variant="outline-secondary" onClick={() => setCreating(true)} className="d-inline-flex align-items-center gap-1">
                <Building size={16} aria-hidden />
                {t('createUnits.open')}
              </Button>
            </>
          )}
          {total > 0 && addButton}
        </div>
      </div>
      {total > 0 && <SharesTotal propertyId={propertyId} />}
      {searchable && <ListSearch label={t('units.search')} placeholder={t('units.searchPlaceholder')} value={search} onChange={setSearch} />}
      {content}
      {canManage && <CreateUnitsDialog propertyId={propertyId} show={creating} onClose={() => setCreating(false)} />}
      {canManage && <UnitFormDialog propertyId={propertyId} show={editing !== null} unit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        show={deleting.target !== null}
        title={t('units.deleteTitle')}
        confirmLabel={t('units.deleteConfirm')}
        variant="danger"
        pending={deleting.pending}
        refusal={deleting.refusal}
        onConfirm={deleting.confirm}
        onCancel={deleting.cancel}
      >
        {deleting.shown && <p className="mb-0">{t('units.deleteBody', { number: deleting.shown.unitNumber })}</p>}
      </ConfirmDialog>
    </section>
  );
}

/**
 * The sum of the units' shares (alícuotas, Ley 5038): a split by share uses them as weights,
 * so they may add up to 100; a warning says when they do not, or when units have none.
 */
function SharesTotal({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('properties');
  const shares = useSharesTotal(propertyId);
  if (!shares.data || shares.data.missing === shares.data.count) return null;
  const { total, missing } = shares.data;
  const off = Math.abs(total - 100) > 0.00005;
  return (
    <Alert variant={off || missing ? 'warning' : 'light'} className="py-2 small" data-testid="shares-total">
      {t('units.sharesTotal', { total: total.toLocaleString(undefined, { maximumFractionDigits: 4 }) })}
      {off && ` ${t('units.sharesNot100')}`}
      {missing > 0 && ` ${t('units.sharesMissing', { count: missing })}`}
    </Alert>
  );
}

/** Occupied while someone lives there, whatever its availability flag says; else available or not. */
function UnitStatusBadge({ unit }: { unit: Unit }) {
  const { t } = useTranslation('properties');
  if (unit.residentCount > 0) return <Badge bg="primary" data-testid="unit-status">{t('units.occupied')}</Badge>;
  return (
    <Badge bg={unit.isAvailable ? 'success' : 'secondary'} data-testid="unit-status">
      {unit.isAvailable ? t('units.available') : t('units.notAvailable')}
    </Badge>
  );
}

type UnitItemProps = { unit: Unit; canManage: boolean; onEdit: (unit: Unit) => void; onDelete: (unit: Unit) => void };

function UnitItem({ unit, canManage, onEdit, onDelete }: UnitItemProps) {
  const { t } = useTranslation('properties');
  const facts = [
    unit.floor !== null && t('units.floorValue', { floor: unit.floor }),
    unit.squareMeters !== null && t('units.areaValue', { area: unit.squareMeters }),
    unit.bedrooms !== null && t('units.bedroomsValue', { count: unit.bedrooms }),
    unit.bathrooms !== null && t('units.bathroomsValue', { count: unit.bathrooms }),
    unit.monthlyRent !== null && t('units.rentValue', { rent: formatMoney(unit.monthlyRent) }),
    unit.share !== null && t('units.shareValue', { share: unit.share }),
    t('units.residentsValue', { count: unit.residentCount }),
    unit.ownerName && t('units.ownerValue', { name: unit.ownerName }),
  ].filter(Boolean);
  const named = { number: unit.unitNumber };
  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap align-items-center gap-2 py-3" data-testid="unit-item">
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="fw-semibold">{t('units.unitLabel', named)}</span>
          <UnitStatusBadge unit={unit} />
        </div>
        <div className="small text-body-secondary">{facts.join(' · ')}</div>
      </div>
      {canManage && (
        <div className="d-flex gap-1">
          <Button variant="outline-secondary" size="sm" onClick={() => onEdit(unit)} aria-label={t('units.editNamed', named)} title={t('units.edit')}>
            <Pencil size={16} aria-hidden />
          </Button>
          <Button variant="outline-danger" size="sm" onClick={() => onDelete(unit)} aria-label={t('units.deleteNamed', named)} title={t('units.delete')}>
            <Trash2 size={16} aria-hidden />
          </Button>
        </div>
      )}
    </ListGroup.Item>
  );
}
