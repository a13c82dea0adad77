import { Download, Filter, Search, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Col, Collapse, Form, InputGroup, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCsvDownload } from '@client/hooks/use-csv-download';
import { useScrollHint } from '@client/hooks/use-scroll-hint';
import { useSyncedSearch } from '@client/hooks/use-synced-search';
import { TEXT_LIMITS } from '@shared/limits';
import './list.css';

const SEARCH_DELAY_MS = 300;

export type ToolbarTab = { value: string; label: string; count?: number };

type ListToolbarProps = {
  /** Names the search landmark ("Buscar residentes"). */
  label: string;
  /** The search box: sent after a pause in typing, or at once with Enter. */
  search?: { value: string; onChange: (q: string) => void; label: string; placeholder?: string };
  /** Filter controls (FilterSelect and the like): in a panel behind the Filter button, or `inlineFilters` beside the search. */
  filters?: ReactNode;
  inlineFilters?: boolean;
  /** How many filters are set (the Filter button's badge). */
  activeFilters?: number;
  /** Clears the search and the filters; offered once either is set. */
  onClear?: () => void;
  /** Views of the list above the search ("Abiertas", "Cerradas"), each with an optional count. */
  tabs?: { label: string; value: string; items: ToolbarTab[]; onChange: (value: string) => void };
  /** Export CSV of the list as filtered (every page): the server's path and the file name if it gives none. */
  csv?: { path: string; fileName: string };
};

/**
 * The bar above a list: search, filters, Clear filters, Export CSV and optional tabs. It is one
 * search landmark; on a phone the search takes the whole width and the buttons wrap below.
 */
export function ListToolbar({ label, search, filters, inlineFilters = false, activeFilters = 0, onClear, tabs, csv }: ListToolbarProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText, sendText] = useSyncedSearch(search?.value ?? '', (q) => search?.onChange(q), SEARCH_DELAY_MS);
  const [open, setOpen] = useState(activeFilters > 0);
  const exporting = useCsvDownload();
  const tabRow = useRef<HTMLUListElement>(null);
  const hint = useScrollHint(tabRow);
  const clearable = Boolean(onClear) && (activeFilters > 0 || Boolean(search?.value));

  const clearButton = clearable && (
    <Button variant="link" className="px-0 text-nowrap" onClick={onClear}>
      <X size={16} className="me-1" aria-hidden />
      {t('list.clearFilters')}
    </Button>
  );

  return (
    <div className="mb-3">
      {tabs && (
        // Plain markup: react-bootstrap's Nav would move a chunk the sign-in page shares.
        <nav aria-label={tabs.label} className="vec-scroll-hint mb-3" data-before={hint.before} data-after={hint.after} data-testid="list-tabs">
          <ul ref={tabRow} className="nav nav-underline vec-list-tabs">
            {tabs.items.map((tab) => {
              const active = tab.value === tabs.value;
              return (
                <li key={tab.value} className="nav-item">
                  <button
                    type="button"
                    className={`nav-link${active ? ' active' : ''}`}
                    aria-current={active ? 'true' : undefined}
                    onClick={() => tabs.onChange(tab.value)}
                  >
                    {tab.label}
                    {tab.count !== undefined && (
                      <Badge pill bg="secondary-subtle" text="dark" className="ms-2">
                        {tab.count}
                      </Badge>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <Form
        role="search"
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          sendText();
        }}
      >
        <Row className="g-2 align-items-end">
          {search && (
            <Col xs={12} lg={inlineFilters ? 4 : undefined} md={inlineFilters ? undefined : true}>
              <Form.Label htmlFor={`${id}-search`} visuallyHidden>
                {search.label}
              </Form.Label>
              <InputGroup>
                <InputGroup.Text aria-hidden>
                  <Search size={16} />
                </InputGroup.Text>
                <Form.Control
                  id={`${id}-search`}
                  type="search"
                  value={text}
                  maxLength={TEXT_LIMITS.search}
                  placeholder={search.placeholder}
                  onChange={(event) => setText(event.target.value)}
                />
              </InputGroup>
            </Col>
          )}
          {filters && inlineFilters && (
            <>
              <Col xs={12} lg>
                <div className="vec-list-filters vec-list-filters-inline">{filters}</div>
              </Col>
              <Col xs={12} lg="auto">
                {clearButton}
              </Col>
            </>
          )}
          {filters && !inlineFilters && (
            <Col xs="auto">
              <Button
                variant="outline-secondary"
                onClick={() => setOpen(!open)}
                aria-expanded={open}
                aria-controls={`${id}-filters`}
                className="d-inline-flex align-items-center gap-2"
              >
                <Filter size={16} aria-hidden />
                {t('list.filter')}
                {activeFilters > 0 && (
                  <Badge bg="primary" pill>
                    {activeFilters}
                    <span className="visually-hidden"> {t('list.activeFilters')}</span>
                  </Badge>
                )}
              </Button>
            </Col>
          )}
          {csv && (
            <Col xs="auto">
              <Button
                variant="outline-secondary"
                onClick={() => exporting.download(csv)}
                disabled={exporting.pending}
                aria-busy={exporting.pending}
                className="d-inline-flex align-items-center gap-2"
              >
                {exporting.pending ? <Spinner size="sm" aria-hidden /> : <Download size={16} aria-hidden />}
                {t('list.export')}
              </Button>
            </Col>
          )}
        </Row>
        {filters && !inlineFilters && (
          <Collapse in={open}>
            <div id={`${id}-filters`}>
              <div className="border rounded-3 bg-body p-3 mt-2">
                <div className="vec-list-filters">
                  {filters}
                  <div>{clearButton}</div>
                </div>
              </div>
            </div>
          </Collapse>
        )}
      </Form>
    </div>
  );
}

type FilterSelectProps<T extends string> = {
  label: string;
  value: T | null;
  options: ReadonlyArray<{ value: T; label: string }>;
  /** The choice that means "no filter" ("Todos los estados"); without it an option is always chosen. */
  emptyLabel?: string;
  onChange: (value: T | null) => void;
};

/** A labelled select for a ListToolbar's filters. */
export function FilterSelect<T extends string>({ label, value, options, emptyLabel, onChange }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value ?? ''} onChange={(event) => onChange((event.target.value || null) as T | null)}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
