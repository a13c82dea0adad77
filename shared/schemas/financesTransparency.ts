import { z } from 'zod';

/**
 * `PUT /api/finances/transparency`: the organization's transparency switch (docs/modules/finances.md,
 * "Transparency"): when on, owners and residents open the invoices of the expenses in their
 * property's published monthly reports.
 */
export const TransparencyUpdateSchema = z.object({ enabled: z.boolean({ error: 'boolean_required' }) });
export type TransparencyUpdateInput = z.infer<typeof TransparencyUpdateSchema>;
export type Transparency = { enabled: boolean };
