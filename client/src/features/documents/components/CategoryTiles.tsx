import { Card, Col, Placeholder, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@client/components/ErrorCard';
import { DOCUMENT_CATEGORIES } from '@shared/enums';
import type { DocumentCategory } from '../api/get-documents';
import { useDocumentCategories } from '../api/get-document-categories';
import { CATEGORY_ICONS } from '../lib/categories';

type CategoryTilesProps = { active: DocumentCategory | null; onSelect: (category: DocumentCategory | null) => void };

/** One tile per category with the number of documents the user may read; a tile filters the table (again: clears). */
export function CategoryTiles({ active, onSelect }: CategoryTilesProps) {
  const { t } = useTranslation('documents');
  const { data, isPending, error, refetch } = useDocumentCategories();
  if (error) return <div className="mb-4"><ErrorCard title={t('errors.categories')} error={error} onRetry={() => void refetch()} /></div>;
  const counts = new Map(data?.map((category) => [category.name, category.count]));

  return (
    <section aria-labelledby="document-categories-title" className="mb-4">
      <h2 id="document-categories-title" className="visually-hidden">
        {t('categories.label')}
      </h2>
      <Row xs={2} md={3} xxl={6} className="g-3 list-unstyled mb-0" as="ul" role="list" aria-busy={isPending}>
        {DOCUMENT_CATEGORIES.map((name) => {
          const Icon = CATEGORY_ICONS[name];
          const pressed = active === name;
          return (
            <Col as="li" key={name}>
              <Card
                as="button"
                type="button"
                className={`vec-summary-card h-100 w-100 text-start ${pressed ? 'border-primary bg-primary-subtle' : ''}`}
                aria-pressed={pressed}
                data-testid={`category-${name}`}
                onClick={() => onSelect(pressed ? null : name)}
              >
                <Card.Body className="d-flex flex-column flex-md-row flex-xxl-column align-items-start align-items-md-center align-items-xxl-start gap-2 gap-md-3 gap-xxl-2 p-3">
                  <span className="vec-summary-icon" aria-hidden>
                    <Icon size={20} />
                  </span>
                  <span className="d-flex flex-column gap-1 min-w-0">
                    <span className="fw-semibold lh-sm">{t(`categories.${name}`)}</span>
                    {isPending ? (
                      <Placeholder as="span" animation="glow" className="small">
                        <Placeholder xs={6} />
                      </Placeholder>
                    ) : (
                      <span className="small text-body-secondary" data-testid={`category-${name}-count`}>
                        {t('categories.files', { count: counts.get(name) ?? 0 })}
                      </span>
                    )}
                  </span>
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
