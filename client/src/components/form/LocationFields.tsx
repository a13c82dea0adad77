import { useMemo } from 'react';
import { Col, Row } from 'react-bootstrap';
import { useFormContext, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, findCountry } from '@shared/catalog/countries';
import { SelectField } from './SelectField';

type LocationFieldsProps = { countryName?: string; cityName?: string; disabled?: boolean };

/**
 * Country then city, from the shared catalogue with labels in the current language. The city
 * is disabled until a country is chosen and is reset whenever the country changes.
 * Needs a surrounding react-hook-form <FormProvider>.
 */
export function LocationFields({ countryName = 'country', cityName = 'city', disabled }: LocationFieldsProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const { register, setValue, watch, formState } = useFormContext();
  const country = watch(countryName) as string | null | undefined;

  const countryOptions = useMemo(
    () => COUNTRIES.map((c) => ({ value: c.id, label: c.name[lang] })),
    [lang],
  );
  const cityOptions = useMemo(
    () => (findCountry(country)?.cities ?? []).map((c) => ({ value: c.id, label: c.name[lang] })),
    [country, lang],
  );

  return (
    <Row className="g-3 mb-3">
      <Col sm={6}>
        <SelectField
          className=""
          label={t('location.country')}
          placeholder={t('location.chooseCountry')}
          options={countryOptions}
          disabled={disabled}
          error={formState.errors[countryName] as FieldError | undefined}
          registration={register(countryName, {
            onChange: () => setValue(cityName, '', { shouldValidate: formState.isSubmitted }),
          })}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          className=""
          label={t('location.city')}
          placeholder={t('location.chooseCity')}
          options={cityOptions}
          disabled={disabled || !country}
          error={formState.errors[cityName] as FieldError | undefined}
          registration={register(cityName)}
        />
      </Col>
    </Row>
  );
}
