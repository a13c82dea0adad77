import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TextField } from '@client/components/form/TextField';
import { useMaintenanceSettings, useUpdateMaintenanceSettings } from '../api/maintenance';
import { MAINTENANCE_PRIORITIES } from '@shared/enums';
import { MaintenanceSettingsSchema } from '@shared/schemas/maintenance';
import { ModuleSettingsTab } from '@client/components/form/ModuleSettingsTab';

const FIELDS = MAINTENANCE_PRIORITIES.map((priority) => `deadlineHours.${priority}`);

/** Maintenance: the response deadline of each priority, in hours (docs/modules/maintenance.md). */
export function MaintenanceTab() {
  const { t } = useTranslation('maintenance');
  const settings = useMaintenanceSettings();
  const update = useUpdateMaintenanceSettings();
  return (
    <ModuleSettingsTab ns="maintenance" titleId="deadlines-title" settings={settings} update={update} schema={MaintenanceSettingsSchema} fields={FIELDS}>
      {({ register, formState: { errors } }) => (
        <Row xs={1} sm={2} lg={4} className="g-3">
          {MAINTENANCE_PRIORITIES.map((priority) => (
            <Col key={priority}>
              <TextField
                className=""
                type="number"
                inputMode="numeric"
                min={1}
                max={2160}
                label={`${t(`priorities.${priority}`)} (${t('settings.hours')})`}
                registration={register(`deadlineHours.${priority}`, { valueAsNumber: true })}
                error={errors.deadlineHours?.[priority]}
              />
            </Col>
          ))}
        </Row>
      )}
    </ModuleSettingsTab>
  );
}
