import type { ReactNode } from 'react';

type DetailFieldsProps = {
  /** Label and value of each fact; a missing value reads "—". */
  fields: Array<{ label: string; value: ReactNode }>;
};

/** The facts of a record in a detail view (a profile, a work order): two columns, one on a phone. */
export function DetailFields({ fields }: DetailFieldsProps) {
  return (
    <dl className="row mb-0">
      {fields.map(({ label, value }) => (
        <div key={label} className="col-12 col-sm-6 mb-3">
          <dt className="small text-body-secondary fw-normal">{label}</dt>
          <dd className="mb-0 text-break">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
