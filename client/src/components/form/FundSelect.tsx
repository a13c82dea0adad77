import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { api } from '@client/lib/api';
import { SelectField } from './SelectField';

type FundOption = { id: number; name: string };

/**
 * A property's funds (GET /api/properties/:id/funds) to pick the one money goes to; the empty
 * choice is the property's operating fund. Shared by billing (extraordinary charges) and finances;
 * the same query key as finances' fund list, so the answer is shared.
 */
export function FundSelect({ propertyId, label, emptyLabel, hint, registration, error, className }: {
  propertyId: number | null;
  label: string;
  emptyLabel: string;
  hint?: string;
  registration: UseFormRegisterReturn;
  error?: { message?: string };
  className?: string;
}) {
  const funds = useQuery({
    queryKey: ['finances', 'funds', propertyId, null],
    queryFn: () => api.get<FundOption[]>(`/api/properties/${propertyId}/funds`),
    enabled: propertyId !== null,
  });
  const options = [{ value: '', label: emptyLabel }, ...(funds.data ?? []).map((fund) => ({ value: String(fund.id), label: fund.name }))];
  return <SelectField label={label} hint={hint} options={options} registration={registration} error={error} className={className} />;
}
