import type { Knex } from 'knex';

/**
 * `months` of monthly charges (a year by default) for every unit of the organization and a payment with its
 * allocation for each one paid, written set-based with the ledger's triggers off (the sums
 * they keep are written here directly), then the monthly totals they would have kept.
 */
export async function seedMonthlyLedger(db: Knex, organizationId: number, adminId: number, months = 12) {
  await db.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx.raw(
      `insert into charges (organization_id, property_id, unit_id, fund_id, amount, paid_amount, type, status, due_date, paid_at,
                            description, invoice_number, created_by_id, created_at, updated_at)
       select :org, u.property_id, u.id, f.id, 450000, case when paid then 450000 else 0 end, 'maintenance',
              case when paid then 'completed' else 'pending' end, due, case when paid then due - 3 end,
              'Cuota de mantenimiento', 'FAC-B-' || u.id || '-' || m, :admin, due - 9, due - 9
       from units u join properties p on p.id = u.property_id
       join funds f on f.property_id = p.id and f.kind = 'operating'
       cross join generate_series(0, :months - 1) m
       cross join lateral (select (date_trunc('month', current_date) - make_interval(months => m))::date + 9 as due,
                                  not ((m = 0 and u.id % 2 = 0) or (u.id % 10 = 3 and m < 3) or u.id % 100 = 7) as paid) x
       where p.organization_id = :org`,
      { org: organizationId, admin: adminId, months },
    );
    await trx.raw(
      `insert into payments (organization_id, property_id, unit_id, amount, allocated_amount, method, reference, received_at,
                             receipt_number, status, recorded_by_id, created_at, updated_at)
       select organization_id, property_id, unit_id, amount, amount, 'bank_transfer', 'charge:' || id, due_date - 3,
              'REC-B-' || id, 'confirmed', :admin, paid_at, paid_at
       from charges where organization_id = :org and status = 'completed'`,
      { org: organizationId, admin: adminId },
    );
    await trx.raw(
      `insert into payment_allocations (payment_id, charge_id, amount)
       select p.id, substring(p.reference from 8)::int, p.amount from payments p where p.organization_id = :org and p.reference like 'charge:%'`,
      { org: organizationId },
    );
    await trx.raw(
      `insert into payment_totals (organization_id, property_id, month, amount)
       select organization_id, property_id, date_trunc('month', received_at)::date, sum(amount)
       from payments where organization_id = :org and status = 'confirmed' group by 1, 2, 3`,
      { org: organizationId },
    );
  });
  const count = async (table: string) => Number((await db(table).where({ organizationId }).count({ n: '*' }))[0].n);
  return { cargos: await count('charges'), pagos: await count('payments') };
}
