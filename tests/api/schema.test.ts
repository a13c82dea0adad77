import knex from 'knex';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { knexConfig } from '../../knexfile';
import { db } from '../../server/db';
import { createCharge, createOrganization, createProperty, createUnit, createUser } from '../support/factories';
import { testApp } from '../support/services';

await testApp(); // connects this worker's database

type Row = Record<string, unknown>;

/** A valid row for each table (with its parents created), to be spoiled one column at a time. */
const validRow: Record<string, () => Promise<Row>> = {
  organizations: async () => ({ name: 'Org válida' }),
  organization_logos: async () => ({
    organizationId: (await createOrganization()).id,
    key: Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32),
    fileType: 'image/png',
    sizeBytes: 1,
    content: Buffer.from('x'),
  }),
  users: async () => {
    const { organizationId } = await createProperty();
    return { username: `u${Math.random().toString(36).slice(2)}@x.do`, password: 'x', name: 'A', organizationId };
  },
  session: async () => ({ sid: `s${Math.random()}`, sess: {}, expire: new Date(), userId: (await createUser()).id }),
  properties: async () => ({ name: 'P', address: 'A', organizationId: (await createProperty()).organizationId }),
  units: async () => ({ propertyId: (await createProperty()).id, unitNumber: `U${Math.random()}` }),
  residents: async () => {
    const unit = await createUnit();
    return { userId: (await createUser()).id, propertyId: unit.propertyId, unitId: unit.id };
  },
  documents: async () => {
    const property = await createProperty();
    return {
      organizationId: property.organizationId,
      propertyId: property.id,
      uploadedById: (await createUser({ organizationId: property.organizationId })).id,
      title: 'Doc',
      category: 'other',
      fileSize: '1 B',
      sizeBytes: 1,
      fileType: 'application/pdf',
      content: Buffer.from('x'),
    };
  },
  document_shares: async () => {
    const [document] = await db()('documents').insert(await validRow.documents()).returning('id');
    return { documentId: document.id, userId: (await createUser()).id };
  },
  maintenance_requests: async () => {
    const unit = await createUnit();
    const user = await createUser();
    return { propertyId: unit.propertyId, unitId: unit.id, requestedById: user.id, assignedToId: user.id, title: 'Fuga' };
  },
  maintenance_updates: async () => {
    const [request] = await db()('maintenance_requests').insert(await validRow.maintenance_requests()).returning('id');
    return { requestId: request.id, updatedById: (await createUser()).id, content: 'Revisado' };
  },
  data_versions: async () => ({ organizationId: (await createOrganization()).id, version: 1 }),
  billing_sequences: async () => ({ organizationId: (await createProperty()).organizationId, series: 'invoice', year: 2030, lastNumber: 1 }),
  charges: async () => {
    const unit = await createUnit();
    const { organizationId } = (await db()('properties').where({ id: unit.propertyId }).first('organizationId'))!;
    return {
      organizationId,
      propertyId: unit.propertyId,
      unitId: unit.id,
      userId: (await createUser({ organizationId })).id,
      createdById: (await createUser({ organizationId })).id,
      amount: 100,
      type: 'rent',
      method: 'cash',
      dueDate: '2030-01-01',
      invoiceNumber: `FAC-${Math.random()}`,
    };
  },
  payments: async () => {
    const charge = await validRow.charges();
    return {
      organizationId: charge.organizationId,
      propertyId: charge.propertyId,
      unitId: charge.unitId,
      userId: charge.userId,
      recordedById: charge.userId,
      reviewedById: charge.createdById,
      amount: 100,
      method: 'cash',
      receivedAt: '2030-01-01',
      status: 'reported',
    };
  },
  payment_proofs: async () => {
    const [payment] = await db()('payments').insert(await validRow.payments()).returning('id');
    return { paymentId: payment.id, fileType: 'application/pdf', sizeBytes: 1, content: Buffer.from('x') };
  },
  payment_allocations: async () => {
    const [charge] = await db()('charges').insert(await validRow.charges()).returning('*');
    const [payment] = await db()('payments')
      .insert({ ...(await validRow.payments()), unitId: charge.unitId, propertyId: charge.propertyId, status: 'confirmed', receiptNumber: `REC-${Math.random()}` })
      .returning('id');
    return { paymentId: payment.id, chargeId: charge.id, amount: 50 };
  },
  payment_refunds: async () => {
    const row = await validRow.payments();
    const [payment] = await db()('payments').insert({ ...row, status: 'confirmed', receiptNumber: `REC-${Math.random()}` }).returning('id');
    return { organizationId: row.organizationId, paymentId: payment.id, amount: 100, reason: 'Devuelto', refundedById: row.recordedById };
  },
  unit_debts: async () => {
    const unit = await createUnit();
    const property = (await db()('properties').where({ id: unit.propertyId }).first('organizationId', 'name'))!;
    const buckets = { bucket_0: 100, bucket_1: 0, bucket_2: 0, bucket_3: 0 };
    return { unitId: unit.id, organizationId: property.organizationId, propertyId: unit.propertyId, propertyName: property.name, unitNumber: unit.unitNumber, overdue: 100, overdueCount: 1, oldestDueDate: '2030-01-01', ...buckets };
  },
  unit_debt_days: async () => ({ organizationId: (await createOrganization()).id, asOf: '2030-01-01' }),
  idempotency_keys: async () => ({ organizationId: (await createOrganization()).id, key: `clave-${Math.random()}`, requestHash: 'x' }),
  payment_totals: async () => {
    const property = await createProperty();
    return { organizationId: property.organizationId, propertyId: property.id, month: '2030-01-01', amount: 100 };
  },
  billing_plans: async () => {
    const property = await createProperty();
    return { propertyId: property.id, organizationId: property.organizationId, monthlyFee: 100, split: 'equal', issueDay: 5, dueDays: 10, lateFeeKind: 'percent', lateFeeValue: 5 };
  },
  charge_credit_notes: async () => {
    const [charge] = await db()('charges').insert(await validRow.charges()).returning('*');
    return { organizationId: charge.organizationId, chargeId: charge.id, amount: 50, reason: 'Condonada', createdById: charge.createdById };
  },
  no_debt_certificates: async () => {
    const unit = await createUnit();
    const { organizationId } = (await db()('properties').where({ id: unit.propertyId }).first('organizationId'))!;
    return { code: `C-${Math.random()}`, organizationId, unitId: unit.id, validUntil: '2030-01-01' };
  },
  property_staff: async () => {
    const property = await createProperty();
    return { propertyId: property.id, userId: (await createUser({ role: 'Suplidor', organizationId: property.organizationId })).id, service: 'maintenance' };
  },
  maintenance_photos: async () => {
    const [request] = await db()('maintenance_requests').insert(await validRow.maintenance_requests()).returning('id');
    return { requestId: request.id, fileType: 'image/png', sizeBytes: 1, content: Buffer.from('x') };
  },
  amenities: async () => {
    const property = await createProperty();
    return { name: 'Piscina', propertyId: property.id, organizationId: property.organizationId };
  },
  amenity_bookings: async () => {
    const [amenity] = await db()('amenities').insert(await validRow.amenities()).returning('id');
    return {
      amenityId: amenity.id,
      userId: (await createUser()).id,
      startTime: new Date('2030-01-01T10:00:00Z'),
      endTime: new Date('2030-01-01T12:00:00Z'),
    };
  },
  visitors: async () => {
    const unit = await createUnit();
    return { hostId: (await createUser()).id, propertyId: unit.propertyId, unitId: unit.id, name: 'Visita', accessCode: `C${Math.random()}` };
  },
  visits: async () => {
    const [visitor] = await db()('visitors').insert(await validRow.visitors()).returning(['id', 'propertyId']);
    return { visitorId: visitor.id, propertyId: visitor.propertyId };
  },
  visitor_blocks: async () => {
    const unit = await createUnit();
    return { propertyId: unit.propertyId, unitId: unit.id, name: 'Persona' };
  },
  packages: async () => {
    const unit = await createUnit();
    return { propertyId: unit.propertyId, unitId: unit.id, carrier: 'dhl', pickupCode: '012345' };
  },
  vehicles: async () => {
    const unit = await createUnit();
    return { propertyId: unit.propertyId, unitId: unit.id, plate: 'A123456' };
  },
  pets: async () => {
    const unit = await createUnit();
    return { propertyId: unit.propertyId, unitId: unit.id, name: 'Canelo', species: 'dog' };
  },
  broadcasts: async () => ({
    title: 'Aviso',
    message: 'Mensaje de diez o más',
    propertyId: (await createProperty()).id,
    createdBy: (await createUser()).id,
  }),
  events: async () => {
    const user = await createUser();
    return { type: 'x.y', audience: 'organization', organizationId: user.organizationId, actorId: user.id };
  },
  notifications: async () => {
    const user = await createUser();
    return { organizationId: user.organizationId, userId: user.id, type: 'notice.sent', category: 'messages', key: `k${Math.random()}` };
  },
  notified_events: async () => {
    const [event] = await db()('events').insert(await validRow.events()).returning('id');
    return { eventId: event.id };
  },
  email_outbox: async () => {
    const user = await createUser();
    return {
      organizationId: user.organizationId,
      userId: user.id,
      kind: 'notification',
      category: 'messages',
      language: 'es',
      toAddress: 'ana@example.com',
      fromAddress: 'Vecindad <no-reply@vecindad.local>',
      subject: 'Aviso',
      textBody: 'Texto',
      htmlBody: '<p>Texto</p>',
    };
  },
  user_tokens: async () => ({
    userId: (await createUser()).id,
    purpose: 'invitation',
    tokenHash: `h${Math.random()}`,
    expiresAt: new Date(Date.now() + 3600_000),
  }),
  join_requests: async () => {
    const property = await createProperty();
    const user = await createUser({ organizationId: property.organizationId });
    const [residence] = await db()('residents').insert({ userId: user.id, propertyId: property.id }).returning('id');
    return {
      organizationId: property.organizationId,
      userId: user.id,
      propertyId: property.id,
      status: 'approved',
      decidedById: user.id,
      residentId: residence.id,
    };
  },
  funds: async () => {
    const property = await createProperty();
    return { organizationId: property.organizationId, propertyId: property.id, name: `Fondo ${Math.random()}`, kind: 'other', openingBalance: 0, openingDate: '2030-01-01' };
  },
  fund_transfers: async () => {
    const property = await createProperty();
    const [from, to] = await db()('funds').where({ propertyId: property.id }).orderBy('id');
    const { id: createdById } = await createUser({ organizationId: property.organizationId });
    return { organizationId: property.organizationId, propertyId: property.id, fromFundId: from.id, toFundId: to.id, amount: 100, date: '2030-01-01', description: 'Aporte', createdById };
  },
  suppliers: async () => ({ organizationId: (await createOrganization()).id, name: 'Ferretería' }),
  imports: async () => {
    const property = await createProperty();
    return { organizationId: property.organizationId, propertyId: property.id, kind: 'units', fileName: 'unidades.csv', status: 'previewed' };
  },
  exports: async () => {
    const property = await createProperty();
    return { organizationId: property.organizationId, propertyId: property.id, status: 'building' };
  },
  expenses: async () => {
    const property = await createProperty();
    const [fund] = await db()('funds').where({ propertyId: property.id }).orderBy('id');
    const user = await createUser({ organizationId: property.organizationId });
    const [supplier] = await db()('suppliers').insert({ organizationId: property.organizationId, name: 'Ferretería' }).returning('id');
    const [request] = await db()('maintenance_requests').insert({ propertyId: property.id, requestedById: user.id, title: 'Fuga' }).returning('id');
    return {
      organizationId: property.organizationId,
      propertyId: property.id,
      fundId: fund.id,
      supplierId: supplier.id,
      maintenanceRequestId: request.id,
      category: 'repairs',
      issueDate: '2030-01-01',
      amount: 100,
      itbis: 18,
      description: 'Reparación',
      createdById: user.id,
      voidedById: user.id,
    };
  },
  expense_payments: async () => {
    const expense = await validRow.expenses();
    const [{ id }] = await db()('expenses').insert(expense).returning('id');
    return { organizationId: expense.organizationId, expenseId: id, fundId: expense.fundId, amount: 50, paidAt: '2030-01-02', method: 'cash', createdById: expense.createdById };
  },
  expense_attachments: async () => {
    const [expense] = await db()('expenses').insert(await validRow.expenses()).returning('*');
    return { organizationId: expense.organizationId, expenseId: expense.id, uploadedById: expense.createdById, fileType: 'image/png', sizeBytes: 1, content: Buffer.from('x') };
  },
  accounts: async () => ({ organizationId: (await createOrganization()).id, code: `9${Math.floor(Math.random() * 1e6)}`, name: 'Cuenta', kind: 'asset' }),
  allocation_funds: async () => {
    const [allocation] = await db()('payment_allocations').insert(await validRow.payment_allocations()).returning('*');
    const charge = await db()('charges').where({ id: allocation.chargeId }).first();
    const [fund] = await db()('funds').where({ propertyId: charge.propertyId }).orderBy('id');
    return { allocationId: allocation.id, fundId: fund.id, amount: 50, date: '2030-01-02' };
  },
  journal_entries: async () => {
    const property = await createProperty();
    return { organizationId: property.organizationId, propertyId: property.id, date: '2030-01-01', sourceType: 'charge', sourceId: 1, description: 'Asiento' };
  },
  journal_lines: async () => {
    const [entry] = await db()('journal_entries').insert(await validRow.journal_entries()).returning('*');
    const [fund] = await db()('funds').where({ propertyId: entry.propertyId }).orderBy('id');
    const account = await db()('accounts').where({ organizationId: entry.organizationId }).orderBy('id').first();
    return { entryId: entry.id, accountId: account.id, fundId: fund.id, debit: 100 };
  },
  charge_reminders: async () => {
    const [charge] = await db()('charges').insert(await validRow.charges()).returning('*');
    return { organizationId: charge.organizationId, unitId: charge.unitId, chargeId: charge.id, step: 0, kind: 'scheduled', amount: 100 };
  },
  payment_agreements: async () => {
    const charge = await validRow.charges();
    const admin = await createUser({ organizationId: charge.organizationId as number });
    return { organizationId: charge.organizationId, propertyId: charge.propertyId, unitId: charge.unitId, total: 100_000, createdById: admin.id };
  },
  payment_agreement_instalments: async () => {
    const [agreement] = await db()('payment_agreements').insert(await validRow.payment_agreements()).returning('id');
    return { agreementId: agreement.id, number: 1, dueDate: '2030-01-05', amount: 100_000 };
  },
  payment_agreement_charges: async () => {
    const [charge] = await db()('charges').insert(await validRow.charges()).returning('*');
    const agreement = await validRow.payment_agreements();
    const [row] = await db()('payment_agreements').insert({ ...agreement, organizationId: charge.organizationId, propertyId: charge.propertyId, unitId: charge.unitId }).returning('id');
    return { agreementId: row.id, chargeId: charge.id, balance: 100_000 };
  },
  transfer_accounts: async () => {
    const organization = await createOrganization();
    return { organizationId: organization.id, bank: 'popular', accountType: 'checking', number: '800-123456-7', holder: 'Condominio' };
  },
  push_subscriptions: async () => {
    const user = await createUser();
    return { organizationId: user.organizationId, userId: user.id, endpoint: `https://push.example.com/${Math.random()}`, p256dh: 'clave', auth: 'secreto' };
  },
  bank_accounts: async () => {
    const property = await createProperty();
    return { organizationId: property.organizationId, propertyId: property.id, bank: 'bhd', last4: '1234', openingDate: '2030-01-01' };
  },
  bank_account_funds: async () => {
    const account = await validRow.bank_accounts();
    const [{ id }] = await db()('bank_accounts').insert(account).returning('id');
    const [fund] = await db()('funds').where({ propertyId: account.propertyId }).orderBy('id');
    return { bankAccountId: id, fundId: fund.id };
  },
  other_incomes: async () => {
    const { bankAccountId, fundId } = await validRow.bank_account_funds();
    const account = await db()('bank_accounts').where({ id: bankAccountId }).first();
    const user = await createUser({ organizationId: account.organizationId });
    return { organizationId: account.organizationId, propertyId: account.propertyId, fundId, bankAccountId, date: '2030-01-02', amount: 100, description: 'Intereses', createdById: user.id };
  },
  bank_statements: async () => {
    const account = await validRow.bank_accounts();
    const [{ id }] = await db()('bank_accounts').insert(account).returning('id');
    const user = await createUser({ organizationId: account.organizationId as number });
    return { organizationId: account.organizationId, bankAccountId: id, fileName: 'octubre.csv', format: 'csv', imported: 1, duplicates: 0, createdById: user.id };
  },
  bank_lines: async () => {
    const statement = await validRow.bank_statements();
    const [{ id }] = await db()('bank_statements').insert(statement).returning('id');
    const [payment] = await db()('payments').insert(await validRow.payments()).returning('id');
    return {
      organizationId: statement.organizationId,
      bankAccountId: statement.bankAccountId,
      statementId: id,
      date: '2030-01-02',
      amount: 100,
      paymentId: payment.id,
      matchedAt: new Date(),
      matchedById: statement.createdById,
    };
  },
  bank_reconciliations: async () => {
    const statement = await validRow.bank_statements();
    return { organizationId: statement.organizationId, bankAccountId: statement.bankAccountId, month: '2030-01', bankClosing: 0, bookClosing: 0, reconciledById: statement.createdById };
  },
  finance_periods: async () => {
    const property = await createProperty();
    const user = await createUser({ organizationId: property.organizationId });
    return { organizationId: property.organizationId, propertyId: property.id, month: `20${10 + Math.floor(Math.random() * 80)}-0${1 + Math.floor(Math.random() * 9)}`, status: 'closed', closedById: user.id };
  },
  finance_period_actions: async () => {
    const period = await validRow.finance_periods();
    const [{ id }] = await db()('finance_periods').insert(period).returning('id');
    return { periodId: id, action: 'closed', userId: period.closedById };
  },
  budget_lines: async () => {
    const property = await createProperty();
    return { organizationId: property.organizationId, propertyId: property.id, year: 2030, category: 'water', months: Array(12).fill(100) };
  },
  recurring_expenses: async () => {
    const expense = await validRow.expenses();
    return {
      organizationId: expense.organizationId,
      propertyId: expense.propertyId,
      fundId: expense.fundId,
      supplierId: expense.supplierId,
      category: 'elevators',
      amount: 100,
      itbis: 18,
      description: 'Ascensores',
      dayOfMonth: 5,
      firstMonth: '2030-01',
      createdById: expense.createdById,
    };
  },
  finance_reports: async () => {
    const property = await createProperty();
    const user = await createUser({ organizationId: property.organizationId });
    return { organizationId: property.organizationId, propertyId: property.id, month: '2030-01', status: 'published', figures: {}, publishedAt: new Date(), publishedById: user.id };
  },
  assemblies: async () => {
    const property = await createProperty();
    const { id: createdById } = await createUser({ organizationId: property.organizationId });
    const [document] = await db()('documents').insert(await validRow.documents()).returning('id');
    return {
      organizationId: property.organizationId,
      propertyId: property.id,
      title: 'Asamblea ordinaria',
      firstCallAt: new Date('2030-01-01T10:00:00Z'),
      secondCallAt: new Date('2030-01-01T10:30:00Z'),
      minutesDocumentId: document.id,
      createdById,
    };
  },
  assembly_items: async () => {
    const [assembly] = await db()('assemblies').insert(await validRow.assemblies()).returning('id');
    return { assemblyId: assembly.id, position: 1, title: 'Presupuesto', options: JSON.stringify(['Sí', 'No']) };
  },
  assembly_proxies: async () => {
    const [assembly] = await db()('assemblies').insert(await validRow.assemblies()).returning(['id', 'propertyId', 'organizationId']);
    const unit = await createUnit({ propertyId: assembly.propertyId });
    const { id: userId } = await createUser({ organizationId: assembly.organizationId });
    return { assemblyId: assembly.id, unitId: unit.id, holderUserId: userId, letterType: 'image/png', letter: Buffer.from('x'), createdById: userId, decidedById: userId };
  },
  assembly_attendance: async () => {
    const [assembly] = await db()('assemblies').insert(await validRow.assemblies()).returning(['id', 'propertyId', 'organizationId']);
    const unit = await createUnit({ propertyId: assembly.propertyId });
    const { id: userId } = await createUser({ organizationId: assembly.organizationId });
    return { assemblyId: assembly.id, unitId: unit.id, via: 'room', recordedById: userId };
  },
  assembly_votes: async () => {
    const proxy = await validRow.assembly_proxies();
    const [saved] = await db()('assembly_proxies').insert(proxy).returning('id');
    const [item] = await db()('assembly_items').insert({ assemblyId: proxy.assemblyId, position: 1, title: 'Presupuesto' }).returning('id');
    return { itemId: item.id, unitId: proxy.unitId, option: 'Sí', weight: 100, voterId: proxy.holderUserId, proxyId: saved.id };
  },
};

/** For every CHECK (and exclusion) constraint: the table and a value that breaks it. */
const violations: Record<string, [table: string, spoil: Row | ((row: Row) => Promise<Row>)]> = {
  amenities_capacity_check: ['amenities', { capacity: -1 }],
  amenities_hourly_rate_check: ['amenities', { hourlyRate: -1 }],
  amenities_hours_check: ['amenities', { openingTime: '20:00', closingTime: '08:00' }],
  amenities_type_check: ['amenities', { type: 'jacuzzi-volador' }],
  amenities_slot_minutes_check: ['amenities', { slotMinutes: 5 }],
  amenities_min_notice_check: ['amenities', { minNoticeHours: -1 }],
  amenities_max_advance_check: ['amenities', { maxAdvanceDays: 0 }],
  amenities_buffer_check: ['amenities', { bufferMinutes: 241 }],
  amenities_max_per_unit_check: ['amenities', { maxPerUnitPerMonth: 0 }],
  amenities_cancel_hours_check: ['amenities', { cancelHoursBefore: -1 }],
  amenities_deposit_check: ['amenities', { deposit: -1 }],
  amenity_bookings_attendees_check: ['amenity_bookings', { attendees: 0 }],
  amenity_bookings_no_overlap: [
    'amenity_bookings',
    async (row) => {
      await db()('amenity_bookings').insert(row);
      return { startTime: new Date('2030-01-01T11:00:00Z'), endTime: new Date('2030-01-01T13:00:00Z') };
    },
  ],
  amenity_bookings_status_check: ['amenity_bookings', { status: 'maybe' }],
  amenity_bookings_time_check: ['amenity_bookings', { endTime: new Date('2030-01-01T09:00:00Z') }],
  amenity_bookings_total_cost_check: ['amenity_bookings', { totalCost: -5 }],
  broadcasts_category_check: ['broadcasts', { category: 'spam' }],
  broadcasts_dates_check: ['broadcasts', { startDate: new Date('2030-01-02'), endDate: new Date('2030-01-01') }],
  broadcasts_message_check: ['broadcasts', { message: 'corto' }],
  broadcasts_status_check: ['broadcasts', { status: 'archived' }],
  broadcasts_title_check: ['broadcasts', { title: 'ab' }],
  documents_access_check: ['documents', { access: 'everyone' }],
  documents_category_check: ['documents', { category: 'memes' }],
  documents_size_bytes_check: ['documents', { sizeBytes: 10 * 1024 * 1024 + 1 }],
  documents_title_check: ['documents', { title: '   ' }],
  events_audience_check: ['events', { audience: 'world' }],
  events_property_audience_check: ['events', { audience: 'property', propertyId: null }],
  events_type_check: ['events', { type: 'Not An Event' }],
  events_user_audience_check: ['events', { audience: 'user', userId: null }],
  email_outbox_attempts_check: ['email_outbox', { attempts: -1 }],
  email_outbox_attachments_check: ['email_outbox', { attachments: JSON.stringify({ kind: 'assembly_notice', id: 1 }) }],
  email_outbox_category_check: ['email_outbox', { category: 'spam' }],
  email_outbox_kind_check: ['email_outbox', { kind: 'spam' }],
  email_outbox_language_check: ['email_outbox', { language: 'fr' }],
  email_outbox_status_check: ['email_outbox', { status: 'lost' }],
  notifications_category_check: ['notifications', { category: 'spam' }],
  notifications_type_check: ['notifications', { type: 'Not A Type' }],
  user_tokens_expiry_check: ['user_tokens', { expiresAt: new Date(Date.now() - 60_000) }],
  user_tokens_purpose_check: ['user_tokens', { purpose: 'spam' }],
  join_requests_status_check: ['join_requests', { status: 'maybe' }],
  maintenance_requests_priority_check: ['maintenance_requests', { priority: 'whenever' }],
  maintenance_requests_status_check: ['maintenance_requests', { status: 'lost' }],
  maintenance_updates_status_check: ['maintenance_updates', { status: 'lost' }],
  maintenance_updates_visibility_check: ['maintenance_updates', { visibility: 'secret' }],
  maintenance_requests_rating_check: ['maintenance_requests', { rating: 6 }],
  maintenance_requests_reopen_count_check: ['maintenance_requests', { reopenCount: -1 }],
  maintenance_photos_file_type_check: ['maintenance_photos', { fileType: 'image/gif' }],
  maintenance_photos_size_bytes_check: ['maintenance_photos', { sizeBytes: 10 * 1024 * 1024 + 1 }],
  property_staff_service_check: ['property_staff', { service: 'gardening' }],
  organizations_domain_lowercase: ['organizations', { domain: 'Vecindad.DO' }],
  organizations_rnc_check: ['organizations', { rnc: '1-01-12345-6' }],
  organization_logos_file_type_check: ['organization_logos', { fileType: 'image/svg+xml' }],
  organization_logos_key_check: ['organization_logos', { key: '../../etc' }],
  organization_logos_size_check: ['organization_logos', { sizeBytes: 2 }],
  organizations_max_properties_check: ['organizations', { maxProperties: -1 }],
  organizations_max_users_check: ['organizations', { maxUsers: -1 }],
  organizations_parent_not_self: ['organizations', { id: 2_000_000_000, parentId: 2_000_000_000 }],
  organizations_status_check: ['organizations', { status: 'closed' }],
  organizations_type_check: ['organizations', { type: 'franchise' }],
  billing_sequences_last_number_check: ['billing_sequences', { lastNumber: 0 }],
  billing_sequences_series_check: ['billing_sequences', { series: 'credit_note' }],
  billing_plans_monthly_fee_check: ['billing_plans', { monthlyFee: 0 }],
  billing_plans_split_check: ['billing_plans', { split: 'thirds' }],
  billing_plans_issue_day_check: ['billing_plans', { issueDay: 29 }],
  billing_plans_due_days_check: ['billing_plans', { dueDays: 91 }],
  billing_plans_reserve_percent_check: ['billing_plans', { reservePercent: 100.01 }],
  billing_plans_late_fee_kind_check: ['billing_plans', { lateFeeKind: 'daily' }],
  billing_plans_late_fee_value_check: ['billing_plans', { lateFeeValue: 101 }],
  billing_plans_grace_days_check: ['billing_plans', { graceDays: -1 }],
  charge_credit_notes_amount_check: ['charge_credit_notes', { amount: 0 }],
  charges_period_check: ['charges', { period: '2030-01-15' }],
  charges_reserve_amount_check: ['charges', { reserveAmount: 101 }],
  units_share_check: ['units', { share: 100.5 }],
  charges_amount_check: ['charges', { amount: 0 }],
  charges_method_check: ['charges', { method: 'bitcoin' }],
  charges_paid_amount_check: ['charges', { paidAmount: 101 }],
  charges_settled_check: ['charges', { status: 'completed' }],
  charges_status_check: ['charges', { status: 'lost' }],
  charges_type_check: ['charges', { type: 'tip' }],
  payment_allocations_amount_check: ['payment_allocations', { amount: 0 }],
  payment_proofs_file_type_check: ['payment_proofs', { fileType: 'text/html' }],
  payment_proofs_size_bytes_check: ['payment_proofs', { sizeBytes: 0 }],
  payment_refunds_amount_check: ['payment_refunds', { amount: 0 }],
  payment_totals_amount_check: ['payment_totals', { amount: -1 }],
  payments_allocated_amount_check: ['payments', { allocatedAmount: 101 }],
  payments_amount_check: ['payments', { amount: 0 }],
  payments_method_check: ['payments', { method: 'bitcoin' }],
  payments_reason_check: ['payments', { status: 'rejected' }],
  payments_status_check: ['payments', { status: 'lost' }],
  properties_area_check: ['properties', { area: -1 }],
  properties_bathrooms_check: ['properties', { bathrooms: -0.5 }],
  properties_bedrooms_check: ['properties', { bedrooms: -1 }],
  properties_image_type_check: ['properties', { imageType: 'text/html' }],
  properties_rent_check: ['properties', { rent: -1 }],
  properties_status_check: ['properties', { status: 'haunted' }],
  properties_type_check: ['properties', { type: 'castle' }],
  residents_dates_check: ['residents', { startDate: '2030-02-01', endDate: '2030-01-01' }],
  residents_status_check: ['residents', { status: 'evicted' }],
  units_bathrooms_check: ['units', { bathrooms: -1 }],
  units_bedrooms_check: ['units', { bedrooms: -1 }],
  units_monthly_rent_check: ['units', { monthlyRent: -1 }],
  units_square_meters_check: ['units', { squareMeters: 0.5 }],
  units_unit_number_check: ['units', { unitNumber: ' ' }],
  users_avatar_type_check: ['users', { avatarType: 'image/svg+xml' }],
  users_language_check: ['users', { language: 'fr' }],
  users_role_check: ['users', { role: 'Jefe' }],
  users_username_lowercase: ['users', { username: 'Mayus@X.DO' }],
  funds_kind_check: ['funds', { kind: 'savings' }],
  fund_transfers_amount_check: ['fund_transfers', { amount: 0 }],
  assemblies_kind_check: ['assemblies', { kind: 'anual' }],
  assemblies_status_check: ['assemblies', { status: 'lost' }],
  assemblies_calls_check: ['assemblies', { secondCallAt: new Date('2029-12-31T10:00:00Z') }],
  assemblies_quorum_check: ['assemblies', { quorumFirstCall: 100 }],
  assembly_items_kind_check: ['assembly_items', { kind: 'debate' }],
  assembly_items_status_check: ['assembly_items', { status: 'lost' }],
  assembly_items_majority_check: ['assembly_items', { majority: 'most' }],
  assembly_items_weighting_check: ['assembly_items', { weighting: 'height' }],
  assembly_proxies_status_check: ['assembly_proxies', { status: 'lost' }],
  assembly_proxies_holder_check: ['assembly_proxies', { holderUserId: null, holderName: null }],
  assembly_attendance_via_check: ['assembly_attendance', { via: 'phone' }],
  assembly_votes_weight_check: ['assembly_votes', { weight: -1 }],
  fund_transfers_funds_check: ['fund_transfers', async (row: Row) => ({ toFundId: row.fromFundId })],
  expenses_amounts_check: ['expenses', { paidAmount: 119 }],
  expenses_status_check: ['expenses', { status: 'lost' }],
  expense_payments_amount_check: ['expense_payments', { amount: 0 }],
  imports_kind_check: ['imports', { kind: 'cars' }],
  imports_status_check: ['imports', { status: 'lost' }],
  imports_mode_check: ['imports', { mode: 'some' }],
  exports_status_check: ['exports', { status: 'lost' }],
  exports_ready_check: ['exports', { status: 'ready' }],
  expense_payments_method_check: ['expense_payments', { method: 'barter' }],
  expense_attachments_file_type_check: ['expense_attachments', { fileType: 'text/html' }],
  expense_attachments_size_bytes_check: ['expense_attachments', { sizeBytes: 0 }],
  accounts_kind_check: ['accounts', { kind: 'gasto' }],
  allocation_funds_amount_check: ['allocation_funds', { amount: 0 }],
  journal_lines_amount_check: ['journal_lines', { debit: 100, credit: 100 }],
  charge_reminders_amount_check: ['charge_reminders', { amount: 0 }],
  charge_reminders_kind_check: ['charge_reminders', { kind: 'weekly' }],
  charge_reminders_shape_check: ['charge_reminders', { step: null }],
  payment_agreements_status_check: ['payment_agreements', { status: 'paused', endedAt: new Date() }],
  payment_agreements_total_check: ['payment_agreements', { total: 0 }],
  payment_agreements_cancel_check: ['payment_agreements', { status: 'cancelled', endedAt: new Date() }],
  payment_agreements_ended_check: ['payment_agreements', { status: 'broken' }],
  payment_agreement_instalments_amount_check: ['payment_agreement_instalments', { amount: 0 }],
  payment_agreement_charges_balance_check: ['payment_agreement_charges', { balance: -1 }],
  transfer_accounts_bank_check: ['transfer_accounts', { bank: 'citibank' }],
  transfer_accounts_type_check: ['transfer_accounts', { accountType: 'gold' }],
  transfer_accounts_number_check: ['transfer_accounts', { number: 'cuenta' }],
  bank_accounts_bank_check: ['bank_accounts', { bank: 'citibank' }],
  bank_accounts_currency_check: ['bank_accounts', { currency: 'USD' }],
  bank_accounts_last4_check: ['bank_accounts', { last4: '12a4' }],
  other_incomes_amount_check: ['other_incomes', { amount: 0 }],
  bank_lines_amount_check: ['bank_lines', { amount: 0 }],
  bank_lines_matched_at_check: ['bank_lines', { matchedAt: null }],
  bank_reconciliations_month_check: ['bank_reconciliations', { month: '2030-1' }],
  finance_periods_month_check: ['finance_periods', { month: '2030-13' }],
  finance_periods_status_check: ['finance_periods', { status: 'frozen' }],
  finance_period_actions_action_check: ['finance_period_actions', { action: 'deleted' }],
  budget_lines_months_check: ['budget_lines', { months: [1, 2, 3] }],
  recurring_expenses_amounts_check: ['recurring_expenses', { amount: 0 }],
  recurring_expenses_day_check: ['recurring_expenses', { dayOfMonth: 31 }],
  finance_reports_status_check: ['finance_reports', { status: 'draft' }],
  visitors_expected_check: ['visitors', { expectedArrival: new Date('2030-01-02'), expectedDeparture: new Date('2030-01-01') }],
  visitors_status_check: ['visitors', { status: 'lost' }],
  visitors_visit_type_check: ['visitors', { visitType: 'vip' }],
  visitors_pass_kind_check: ['visitors', { passKind: 'forever' }],
  visitors_uses_check: ['visitors', { maxUses: 0 }],
  visitors_cancel_cause_check: ['visitors', { cancelCause: 'bored' }],
  packages_carrier_check: ['packages', { carrier: 'pony' }],
  packages_size_check: ['packages', { size: 'huge' }],
  packages_status_check: ['packages', { status: 'lost' }],
  packages_pickup_code_check: ['packages', { pickupCode: '12a456' }],
  packages_closed_check: ['packages', { status: 'picked_up' }],
  vehicles_plate_check: ['vehicles', { plate: 'a-1' }],
  pets_species_check: ['pets', { species: 'dragon' }],
};

/**
 * Valid rows of another shape, for a foreign key column the usual valid row must leave empty
 * (a CHECK on the row's shape would refuse it before its foreign key is looked at).
 */
const validRowWith: Record<string, Record<string, () => Promise<Row>>> = {
  payment_agreements: {
    cancelledById: async () => {
      const row = await validRow.payment_agreements();
      return { ...row, status: 'cancelled', endedAt: new Date(), cancelReason: 'Prueba', cancelledById: row.createdById };
    },
  },
  charge_reminders: {
    sentById: async () => {
      const row = await validRow.charge_reminders();
      return { ...row, kind: 'manual', chargeId: null, step: null, sentById: (await createUser({ organizationId: row.organizationId as number })).id };
    },
  },
};

/** The error a statement fails with (rolled back in a savepoint so nothing stays). */
async function failure(work: (trx: import('knex').Knex.Transaction) => Promise<unknown>) {
  try {
    await db().transaction(async (trx) => {
      await work(trx);
      throw new Error('no constraint rejected the row');
    });
  } catch (error) {
    return error as { code?: string; constraint?: string; message: string };
  }
  throw new Error('unreachable');
}

const constraints = async (types: string) =>
  (
    await db().raw(
      `select conname, conrelid::regclass::text as table_name, contype from pg_constraint
       where connamespace = 'public'::regnamespace and contype = any(?) order by conname`,
      [types.split('')],
    )
  ).rows as Array<{ conname: string; table_name: string }>;

describe('schema constraints', () => {
  it('has a rejected-row case for every CHECK and exclusion constraint', async () => {
    const names = (await constraints('cx')).map((c) => c.conname);
    expect(names.sort()).toEqual(Object.keys(violations).sort());
  });

  for (const [name, [table, spoil]] of Object.entries(violations)) {
    it(`${name} rejects a bad ${table} row`, async () => {
      const row = await validRow[table]();
      const error = await failure(async (trx) => {
        const changes = typeof spoil === 'function' ? await spoil(row) : spoil;
        await trx(table).insert({ ...row, ...changes });
      });
      expect(error.code).toMatch(/^(23514|23P01)$/);
      expect(error.constraint).toBe(name);
    });
  }

  it('every foreign key rejects a row pointing at nothing', async () => {
    const foreignKeys = (
      await db().raw(
        `select c.conname, c.conrelid::regclass::text as table_name, a.attname as column_name, c.condeferrable as deferrable
         from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         where c.connamespace = 'public'::regnamespace and c.contype = 'f' order by c.conname`,
      )
    ).rows as Array<{ conname: string; table_name: string; column_name: string; deferrable: boolean }>;
    expect(foreignKeys.length).toBeGreaterThan(30);
    for (const fk of foreignKeys) {
      const column = fk.column_name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      const row = await (validRowWith[fk.table_name]?.[column] ?? validRow[fk.table_name])();
      const error = await failure(async (trx) => {
        // A deferred key (the journal's) is checked now rather than at a commit that never comes.
        if (fk.deferrable) await trx.raw('set constraints ?? immediate', [fk.conname]);
        await trx(fk.table_name).insert({ ...row, [column]: 2_000_000_001 });
      });
      expect({ fk: fk.conname, code: error.code, constraint: error.constraint }).toEqual({
        fk: fk.conname,
        code: '23503',
        constraint: fk.conname,
      });
    }
  });

  it('deletes broadcasts, units and residents with their property, and refuses while charges exist', async () => {
    const { id: propertyId, organizationId } = await createProperty();
    const unit = await createUnit({ propertyId });
    const user = await createUser({ organizationId });
    await db()('residents').insert({ userId: user.id, propertyId, unitId: unit.id });
    await db()('broadcasts').insert({ title: 'Aviso', message: 'Mensaje de prueba', propertyId });
    const charged = await createUnit();
    await createCharge({ unitId: charged.id });

    // A RESTRICT foreign key refuses (23503 up to PostgreSQL 17, 23001 restrict_violation from 18),
    // by whichever of the charge's references PostgreSQL checks first (its property, or its unit,
    // which the property's deletion would cascade to).
    const refused = await failure((trx) => trx('properties').where({ id: charged.propertyId }).delete());
    expect(['charges_property_id_foreign', 'charges_unit_id_foreign']).toContain(refused.constraint);
    expect(await db()('properties').where({ id: charged.propertyId })).toHaveLength(1);
    // And a charge is never deleted to make way.
    const kept = await failure((trx) => trx('charges').where({ unitId: charged.id }).delete());
    expect(kept.constraint).toBe('charges_immutable');

    await db()('properties').where({ id: propertyId }).delete();
    expect(await db()('broadcasts').where({ propertyId })).toHaveLength(0);
    expect(await db()('units').where({ propertyId })).toHaveLength(0);
    expect(await db()('residents').where({ propertyId })).toHaveLength(0);
  });

  it('refuses to delete a unit somebody lives in', async () => {
    const unit = await createUnit();
    const user = await createUser();
    await db()('residents').insert({ userId: user.id, propertyId: unit.propertyId, unitId: unit.id });
    const error = await failure((trx) => trx('units').where({ id: unit.id }).delete());
    expect(error.constraint).toBe('residents_unit_id_foreign');
  });

  it('keeps usernames and organization domains unique', async () => {
    const user = await createUser();
    const duplicate = await failure(async (trx) => trx('users').insert({ ...(await validRow.users()), username: user.username }));
    expect(duplicate.code).toBe('23505');
    await db()('organizations').insert({ name: 'A', domain: 'unico.vecindad.do' });
    const domain = await failure((trx) => trx('organizations').insert({ name: 'B', domain: 'unico.vecindad.do' }));
    expect(domain.code).toBe('23505');
  });
});

describe('migrations', () => {
  it('migrate up, all the way down and up again on an empty database', async () => {
    // On PostgreSQL itself, as migrations run behind a pooler (server/db: migrateLatest).
    const serverUrl = inject('directServerUrl');
    const name = `${inject('templateDatabase')}_migrations`;
    const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const scratch = knex(knexConfig(`${serverUrl}/${name}`, 1));
    try {
      const [, applied] = await scratch.migrate.latest();
      expect(applied.length).toBeGreaterThan(10);
      await scratch.migrate.rollback(undefined, true);
      const { rows } = await scratch.raw(
        "select tablename from pg_tables where schemaname = 'public' and tablename not like 'knex_%'",
      );
      expect(rows).toEqual([]);
      const [, again] = await scratch.migrate.latest();
      expect(again).toEqual(applied);
    } finally {
      await scratch.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
