import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@client/lib/api';
import { DEFAULT_OPTIONS, MAJORITIES, WEIGHTINGS, type ItemKind, type Majority, type Weighting } from '@shared/assemblies';
import type { AssemblyItem } from '@shared/schemas/assemblies';
import { useSaveAgenda } from '../api/assemblies';

type Draft = { title: string; description: string; kind: ItemKind; options: string; majority: Majority; weighting: Weighting; secret: boolean };

const toDraft = (item: AssemblyItem): Draft => ({
  title: item.title,
  description: item.description ?? '',
  kind: item.kind,
  options: item.options.join(', '),
  majority: item.majority,
  weighting: item.weighting,
  secret: item.secret,
});
const blank = (): Draft => ({ title: '', description: '', kind: 'vote', options: DEFAULT_OPTIONS.join(', '), majority: 'simple', weighting: 'share', secret: false });

/** The agenda while the assembly is a draft: the whole list is saved at once (PATCH replaces it). */
export function AgendaEditor({ assemblyId, items }: { assemblyId: number; items: AssemblyItem[] }) {
  const { t } = useTranslation('assemblies');
  const [drafts, setDrafts] = useState<Draft[]>(() => items.map(toDraft));
  const save = useSaveAgenda(assemblyId);
  const change = (index: number, patch: Partial<Draft>) => setDrafts((list) => list.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  return (
    <Form
      aria-label={t('agenda.title')}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          drafts.map((draft) => ({
            title: draft.title,
            description: draft.description || null,
            kind: draft.kind,
            options: draft.kind === 'vote' ? draft.options.split(',').map((option) => option.trim()).filter(Boolean) : undefined,
            majority: draft.majority,
            weighting: draft.weighting,
            secret: draft.secret,
          })),
        );
      }}
    >
      {save.error && <Alert variant="danger">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && !save.isPending && <Alert variant="success">{t('agenda.saved')}</Alert>}
      {drafts.length === 0 && <p className="text-body-secondary">{t('agenda.empty')}</p>}
      {drafts.map((draft, index) => (
        <Card key={index} className="mb-3" data-testid="agenda-item">
          <Card.Body className="d-grid gap-2">
            <Form.Group controlId={`item-${index}-title`}>
              <Form.Label>{t('agenda.itemTitle', { n: index + 1 })}</Form.Label>
              <Form.Control required value={draft.title} onChange={(e) => change(index, { title: e.target.value })} />
            </Form.Group>
            <Form.Group controlId={`item-${index}-description`}>
              <Form.Label>{t('agenda.description')}</Form.Label>
              <Form.Control as="textarea" rows={2} value={draft.description} onChange={(e) => change(index, { description: e.target.value })} />
            </Form.Group>
            <Form.Group controlId={`item-${index}-kind`}>
              <Form.Label>{t('agenda.kind')}</Form.Label>
              <Form.Select value={draft.kind} onChange={(e) => change(index, { kind: e.target.value as ItemKind })}>
                <option value="vote">{t('itemKind.vote')}</option>
                <option value="informative">{t('itemKind.informative')}</option>
              </Form.Select>
            </Form.Group>
            {draft.kind === 'vote' && (
              <>
                <Form.Group controlId={`item-${index}-options`}>
                  <Form.Label>{t('agenda.options')}</Form.Label>
                  <Form.Control value={draft.options} onChange={(e) => change(index, { options: e.target.value })} aria-describedby={`item-${index}-options-help`} />
                  <Form.Text id={`item-${index}-options-help`}>{t('agenda.optionsHelp')}</Form.Text>
                </Form.Group>
                <div className="row g-2">
                  <Form.Group className="col-sm-6" controlId={`item-${index}-majority`}>
                    <Form.Label>{t('agenda.majority')}</Form.Label>
                    <Form.Select value={draft.majority} onChange={(e) => change(index, { majority: e.target.value as Majority })}>
                      {MAJORITIES.map((value) => (
                        <option key={value} value={value}>
                          {t(`majority.${value}`)}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                  <Form.Group className="col-sm-6" controlId={`item-${index}-weighting`}>
                    <Form.Label>{t('agenda.weighting')}</Form.Label>
                    <Form.Select value={draft.weighting} onChange={(e) => change(index, { weighting: e.target.value as Weighting })}>
                      {WEIGHTINGS.map((value) => (
                        <option key={value} value={value}>
                          {t(`weighting.${value}`)}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </div>
                <Form.Check id={`item-${index}-secret`} label={t('agenda.secret')} checked={draft.secret} onChange={(e) => change(index, { secret: e.target.checked })} />
              </>
            )}
            <div>
              <Button variant="outline-danger" size="sm" onClick={() => setDrafts((list) => list.filter((_, i) => i !== index))}>
                {t('agenda.remove')}
              </Button>
            </div>
          </Card.Body>
        </Card>
      ))}
      <div className="d-flex gap-2">
        <Button variant="outline-primary" onClick={() => setDrafts((list) => [...list, blank()])}>
          {t('agenda.add')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('agenda.save')}
        </Button>
      </div>
    </Form>
  );
}
