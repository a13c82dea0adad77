import { Search, X } from 'lucide-react';
import { Button, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSyncedSearch } from '@client/hooks/use-synced-search';
import { DOCUMENT_CATEGORIES } from '@shared/enums';
import { DOCUMENT_SHOW } from '@shared/schemas/documents';
import type { DocumentCategory, DocumentFilters, DocumentShow } from '../api/get-documents';
import { isDocumentCategory } from '../lib/categories';

const SEARCH_DELAY_MS = 300;

type DocumentsToolbarProps = {
  filters: DocumentFilters;
  onChange: (changes: Partial<Pick<DocumentFilters, 'q' | 'category' | 'show'>>) => void;
};

/** Title search (sent after a short pause in typing), category filter and the Show select. */
export function DocumentsToolbar({ filters, onChange }: DocumentsToolbarProps) {
  const { t } = useTranslation('documents');
  const [search, setSearch, sendSearch] = useSyncedSearch(filters.q, (q) => onChange({ q }), SEARCH_DELAY_MS);

  const filtered = Boolean(filters.q || filters.category || filters.show !== 'all');

  return (
    <Form
      role="search"
      aria-label={t('toolbar.label')}
      onSubmit={(event) => {
        event.preventDefault();
        sendSearch();
      }}
      className="mb-3"
    >
      <Row className="g-2 align-items-end">
        <Col xs={12} lg={4}>
          <Form.Label htmlFor="documents-search" className="visually-hidden">
            {t('toolbar.search')}
          </Form.Label>
          <InputGroup>
            <InputGroup.Text aria-hidden>
              <Search size={16} />
            </InputGroup.Text>
            <Form.Control
              id="documents-search"
              type="search"
              value={search}
              maxLength={200}
              placeholder={t('toolbar.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </InputGroup>
        </Col>
        <Col xs={6} lg={3}>
          <Form.Label htmlFor="documents-category" className="small mb-1">
            {t('toolbar.category')}
          </Form.Label>
          <Form.Select
            id="documents-category"
            value={filters.category ?? ''}
            onChange={(event) => onChange({ category: isDocumentCategory(event.target.value) ? (event.target.value as DocumentCategory) : null })}
          >
            <option value="">{t('categories.all')}</option>
            {DOCUMENT_CATEGORIES.map((name) => (
              <option key={name} value={name}>
                {t(`categories.${name}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} lg={3}>
          <Form.Label htmlFor="documents-show" className="small mb-1">
            {t('toolbar.show')}
          </Form.Label>
          <Form.Select id="documents-show" value={filters.show} onChange={(event) => onChange({ show: event.target.value as DocumentShow })}>
            {DOCUMENT_SHOW.map((show) => (
              <option key={show} value={show}>
                {t(`show.${show}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} lg={2} className="d-flex justify-content-lg-end">
          {filtered && (
            <Button variant="link" className="px-0 text-nowrap" onClick={() => onChange({ q: '', category: null, show: 'all' })}>
              <X size={16} className="me-1" aria-hidden />
              {t('toolbar.clear')}
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}
