/** Whether a database error is the violation of this unique constraint. */
export const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string })?.code === '23505' && (error as { constraint?: string }).constraint === constraint;
