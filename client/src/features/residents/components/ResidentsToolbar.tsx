import { Download, Filter, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Col, Collapse, Form, InputGroup, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSyncedSearch } from '@client/hooks/use-synced-search';
import { RESIDENT_STATUSES } from '@shared/enums';
import type { ResidentFilters } from '../api/get-residents';
import type { ResidentStatus } from '../api/types';
import { PropertySelect } from './PropertySelect';

const SEARCH_DELAY_MS = 300;

type ResidentsToolbarProps = {
  filters: ResidentFilters;
  onChange: (changes: Partial<Omit<ResidentFilters, 'page'>>) => void;
  onExport: () => void;
  exporting: boolean;
};

/** Search (sent after a pause in typing), the Filter panel (status, property) and Export CSV. */
export function ResidentsToolbar({ filters, onChange, onExport, exporting }: ResidentsToolbarProps) {
  const { t } = useTranslation('residents');
  const [search, setSearch, sendSearch] = useSyncedSearch(filters.q, (q) => onChange({ q }), SEARCH_DELAY_MS);

  const active = (filters.status ? 1 : 0) + (filters.propertyId ? 1 : 0);
  const [open, setOpen] = useState(active > 0);

  return (
    <div className="mb-3">
      <Row className="g-2 align-items-center">
        <Col xs={12} md>
          <Form
            role="search"
            aria-label={t('toolbar.label')}
            onSubmit={(event) => {
              event.preventDefault();
              sendSearch();
            }}
          >
            <Form.Label htmlFor="residents-search" className="visually-hidden">
              {t('toolbar.search')}
            </Form.Label>
            <InputGroup>
              <InputGroup.Text aria-hidden>
                <Search size={16} />
              </InputGroup.Text>
              <Form.Control
                id="residents-search"
                type="search"
                value={search}
                maxLength={200}
                placeholder={t('toolbar.searchPlaceholder')}
                onChange={(event) => setSearch(event.target.value)}
              />
            </InputGroup>
          </Form>
        </Col>
        <Col xs="auto">
          <Button
            variant="outline-secondary"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls="residents-filters"
            className="d-inline-flex align-items-center gap-2"
          >
            <Filter size={16} aria-hidden />
            {t('toolbar.filter')}
            {active > 0 && (
              <Badge bg="primary" pill>
                {active}
                <span className="visually-hidden"> {t('toolbar.activeFilters')}</span>
              </Badge>
            )}
          </Button>
        </Col>
        <Col xs="auto">
          <Button variant="outline-secondary" onClick={onExport} disabled={exporting} aria-busy={exporting} className="d-inline-flex align-items-center gap-2">
            {exporting ? <Spinner size="sm" aria-hidden /> : <Download size={16} aria-hidden />}
            {t('toolbar.export')}
          </Button>
        </Col>
      </Row>
      <Collapse in={open}>
        <div id="residents-filters">
          <div className="border rounded-3 bg-body p-3 mt-2">
            <Row className="g-3 align-items-end">
              <Col xs={12} sm={6} lg={4}>
                <Form.Group controlId="residents-status">
                  <Form.Label className="small mb-1">{t('toolbar.status')}</Form.Label>
                  <Form.Select
                    size="sm"
                    value={filters.status ?? ''}
                    onChange={(event) => onChange({ status: (event.target.value || null) as ResidentStatus | null })}
                  >
                    <option value="">{t('toolbar.allStatuses')}</option>
                    {RESIDENT_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {t(`statuses.${status}`)}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col xs={12} sm={6} lg={4}>
                <PropertySelect
                  size="sm"
                  className=""
                  label={t('toolbar.property')}
                  emptyLabel={t('toolbar.allProperties')}
                  value={filters.propertyId}
                  onChange={(propertyId) => onChange({ propertyId })}
                />
              </Col>
              <Col xs={12} lg={4}>
                {active > 0 && (
                  <Button variant="link" size="sm" className="px-0" onClick={() => onChange({ status: null, propertyId: null })}>
                    <X size={16} className="me-1" aria-hidden />
                    {t('toolbar.clearFilters')}
                  </Button>
                )}
              </Col>
            </Row>
          </div>
        </div>
      </Collapse>
    </div>
  );
}
