/** `fullName` (shared/format.ts) in SQL: a user row's name and last name, null when both are empty. */
export const fullNameSql = (table: string) => `nullif(concat_ws(' ', ${table}.name, ${table}.last_name), '')`;
