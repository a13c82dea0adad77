import { useEffect, useId, useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { usePropertyChoice, usePropertyChoices, type BroadcastProperty } from '../api/get-broadcast-properties';

type PropertyPickerProps = {
  /** The first page of the user's properties (GET /api/properties). */
  properties: BroadcastProperty[];
  /** How many the user reads in all: above the page, a search finds the others. */
  total: number;
  limit: number;
  value: number;
  onChange: (propertyId: number) => void;
};

const SEARCH_DELAY_MS = 300;

/** The property whose broadcasts are shown; organizations with many properties search them. */
export function PropertyPicker({ properties, total, limit, value, onChange }: PropertyPickerProps) {
  const { t } = useTranslation('broadcasts');
  const id = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const searchable = total > properties.length;
  const found = usePropertyChoices({ q: q || undefined, limit });
  const options = searchable && q ? (found.data?.items ?? []) : properties;
  // The chosen property stays in the list even when the page or the search leaves it out.
  const listed = options.some((property) => property.id === value) || properties.some((property) => property.id === value);
  const chosen = usePropertyChoice(listed ? null : value).data;
  const shown = options.some((property) => property.id === value)
    ? options
    : [properties.find((property) => property.id === value) ?? chosen, ...options].filter((property): property is BroadcastProperty => Boolean(property));

  return (
    <Row className="g-3 mb-4 align-items-end">
      {searchable && (
        <Col sm={6} lg={4}>
          <Form.Group controlId={`${id}-search`}>
            <Form.Label>{t('property.search')}</Form.Label>
            <Form.Control
              type="search"
              value={search}
              placeholder={t('property.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
              aria-describedby={q && options.length === 0 ? `${id}-none` : undefined}
            />
          </Form.Group>
        </Col>
      )}
      <Col sm={6} lg={5}>
        <Form.Group controlId={`${id}-property`}>
          <Form.Label>{t('property.label')}</Form.Label>
          <Form.Select value={value} onChange={(event) => onChange(Number(event.target.value))}>
            {shown.map((property) => (
              <option key={property.id} value={property.id}>
                {property.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      {searchable && q && options.length === 0 && !found.isPending && (
        <Col xs={12}>
          <p id={`${id}-none`} className="small text-body-secondary mb-0" role="status">
            {t('property.noMatches')}
          </p>
        </Col>
      )}
    </Row>
  );
}
