import { randomBytes } from 'node:crypto';
import type { Response } from 'superagent';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES } from '../../shared/enums';
import { formatFileSize } from '../../shared/format';
import { db } from '../../server/db';
import type { Document } from '../../server/models';
import {
  createDocument,
  createMaintenanceRequest,
  createOrganization,
  createProperty,
  createResident,
  createUser,
  samplePdf,
  signedIn,
  unique,
} from '../support/factories';
import { client } from '../support/services';

type Agent = Awaited<ReturnType<typeof signedIn>>;

const MISSING = 'Faltan campos: complete todos los campos requeridos y seleccione un archivo.';
const TOO_LARGE = 'Archivo demasiado grande: el tamaño máximo es 10 MB';
const INVALID_TYPE = 'Tipo de archivo no válido: suba un PDF, un documento de Word, una hoja de Excel o una imagen';

// Small real files of every allowed type (docx/xlsx: zips with their Office content list).
const FILES = {
  pdf: samplePdf(),
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
    'base64',
  ),
  docx: Buffer.from(
    'UEsDBBQAAAAIAJaedV2XGaUHugAAAPkAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbF2PwU7EMAxEfyXyFTUuHBBCTfeAxBE4LB9gJW43orGjJCzw96Qg7WGP1ozfzEyH77SZM5caVRzc2hEMi9cQZXXwfnweHuAwT8efzNV0q1QHp9byI2L1J05UrWaWrixaErV+lhUz+Q9aGe/G8R69SmNpQ9sZME+vPa3EwOaNSnuhxA4wURTbIWCe/t17oAPKeYueWu+GZwlXUYMuS/Qc1H+m/mK/tIRc1HOtvX3a7EXZ8Tc7HucJ/7bMv1BLAwQUAAAACACWnnVd3VqGDQ8AAAANAAAAEQAAAHdvcmQvZG9jdW1lbnQueG1ssym3SslPLs1NzSvRtwMAUEsBAhQAFAAAAAgAlp51XZcZpQe6AAAA+QAAABMAAAAAAAAAAAAAAAAAAAAAAFtDb250ZW50X1R5cGVzXS54bWxQSwECFAAUAAAACACWnnVd3VqGDQ8AAAANAAAAEQAAAAAAAAAAAAAAAADrAAAAd29yZC9kb2N1bWVudC54bWxQSwUGAAAAAAIAAgCAAAAAKQEAAAAA',
    'base64',
  ),
  xlsx: Buffer.from(
    'UEsDBBQAAAAIAJaedV1tMNJXtwAAAPMAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbF2PsU7EMAyGXyXyihoXBoRQ0xuQGIHheAArcduIxokSc4K3Jz22myzLv7/Pnk4/aTcXri1mcXBvRzAsPocoq4PP8+vwBKd5Ov8WbqZHpTnYVMszYvMbJ2o2F5Y+WXJNpL2tKxbyX7QyPozjI/osyqKDHgyYp/duqzGw+aCqb5TYASaKYjsEzMt/+hA6oFL26En7bXiRcKMa8rJEzyH779RXbCuVKbSNWdNur9Ue4LsDjPOE1y/mP1BLAwQUAAAACACWnnVdzp6YEw0AAAALAAAADwAAAHhsL3dvcmtib29rLnhtbLMpzy/KTsrPz9a3AwBQSwECFAAUAAAACACWnnVdbTDSV7cAAADzAAAAEwAAAAAAAAAAAAAAAAAAAAAAW0NvbnRlbnRfVHlwZXNdLnhtbFBLAQIUABQAAAAIAJaedV3OnpgTDQAAAAsAAAAPAAAAAAAAAAAAAAAAAOgAAAB4bC93b3JrYm9vay54bWxQSwUGAAAAAAIAAgB+AAAAIgEAAAAA',
    'base64',
  ),
  // Word and Excel 97-2003: OLE compound files.
  ole: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4088)]),
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]),
};

const TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const upload = (overrides: Record<string, unknown> = {}) => ({
  title: unique('Reglamento'),
  category: 'regulations',
  access: 'public',
  content: FILES.pdf.toString('base64'),
  fileType: TYPES.pdf,
  fileSize: '999 MB',
  fileName: 'reglamento.pdf',
  ...overrides,
});

/** Reads a response body as raw bytes, whatever its type. */
function binary(res: Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
const download = (agent: Agent, id: number, query = '') =>
  agent.get(`/api/documents/${id}/download${query}`).buffer(true).parse(binary as never);

/**
 * One organization with a user of every kind: an Administrador, the Propietario of `property`,
 * a Residente of `property`, a Residente of `otherProperty`, a Suplidor with work at
 * `property`; plus an Administrador of an unrelated organization.
 */
async function world() {
  const organization = await createOrganization();
  const organizationId = organization.id;
  const admin = await createUser({ role: 'Administrador', organizationId });
  const owner = await createUser({ role: 'Propietario', organizationId });
  const property = await createProperty({ organizationId, ownerId: owner.id });
  const otherProperty = await createProperty({ organizationId });
  const { user: resident } = await createResident({ property });
  const { user: neighbour } = await createResident({ property: otherProperty });
  const supplier = await createUser({ role: 'Suplidor', organizationId });
  await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });
  const outsider = await createUser({ role: 'Administrador' });
  return { organizationId, admin, owner, property, otherProperty, resident, neighbour, supplier, outsider };
}
type World = Awaited<ReturnType<typeof world>>;

const countRows = async (organizationId: number) => {
  const [documents, events] = await Promise.all([
    db()('documents').where({ organizationId }).count('* as count').first(),
    db()('events').where({ organizationId }).where('type', 'like', 'document.%').count('* as count').first(),
  ]);
  return { documents: Number(documents?.count), events: Number(events?.count) };
};

describe('documents API', () => {
  it('answers 401 without a session on every route', async () => {
    const anonymous = await client();
    for (const [method, path] of [
      ['get', '/api/documents'],
      ['get', '/api/documents/categories'],
      ['post', '/api/documents'],
      ['get', '/api/documents/1'],
      ['get', '/api/documents/1/download'],
      ['delete', '/api/documents/1'],
    ] as const) {
      expect((await anonymous[method](path)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('access levels (docs/permissions.md)', () => {
  let w: World;
  let agents: Record<'admin' | 'owner' | 'resident' | 'neighbour' | 'supplier' | 'outsider', Agent>;
  let docs: Record<string, Document>;

  beforeAll(async () => {
    w = await world();
    agents = {
      admin: await signedIn(w.admin),
      owner: await signedIn(w.owner),
      resident: await signedIn(w.resident),
      neighbour: await signedIn(w.neighbour),
      supplier: await signedIn(w.supplier),
      outsider: await signedIn(w.outsider),
    };
    const organizationId = w.organizationId;
    docs = {
      public: await createDocument({ organizationId, access: 'public', uploadedById: w.admin.id }),
      residentsOfProperty: await createDocument({ organizationId, access: 'residents', propertyId: w.property.id, uploadedById: w.admin.id }),
      residentsOfAll: await createDocument({ organizationId, access: 'residents', uploadedById: w.admin.id }),
      admin: await createDocument({ organizationId, access: 'admin', uploadedById: w.admin.id }),
      custom: await createDocument({ organizationId, access: 'custom', uploadedById: w.resident.id, sharedWith: [w.neighbour.id] }),
    };
  });

  // Who reads what: the uploader of `custom` is the resident, it is shared with the neighbour.
  const readers: Record<string, Array<keyof typeof agents>> = {
    public: ['admin', 'owner', 'resident', 'neighbour'],
    residentsOfProperty: ['admin', 'owner', 'resident'],
    residentsOfAll: ['admin', 'owner', 'resident', 'neighbour'],
    admin: ['admin'],
    custom: ['admin', 'resident', 'neighbour'],
  };

  for (const [level, allowed] of Object.entries(readers)) {
    for (const who of ['admin', 'owner', 'resident', 'neighbour', 'supplier', 'outsider'] as const) {
      const reads = allowed.includes(who);
      it(`${level}: ${who} ${reads ? 'reads' : 'does not see'} it (list, one, download, categories)`, async () => {
        const doc = docs[level];
        const agent = agents[who];
        const list = await agent.get('/api/documents');
        expect(list.status).toBe(200);
        expect(list.body.map((d: { id: number }) => d.id).includes(doc.id)).toBe(reads);
        expect((await agent.get(`/api/documents/${doc.id}`)).status).toBe(reads ? 200 : 404);
        expect((await download(agent, doc.id)).status).toBe(reads ? 200 : 404);
      });
    }
  }

  it('counts per category only what each caller reads, every category included', async () => {
    const categories = async (who: keyof typeof agents) => {
      const response = await agents[who].get('/api/documents/categories');
      expect(response.status).toBe(200);
      expect(response.body.map((c: { name: string }) => c.name)).toEqual([...DOCUMENT_CATEGORIES]);
      return Object.fromEntries(response.body.map((c: { name: string; count: number }) => [c.name, c.count]));
    };
    const expected = (n: number) => ({ regulations: n, contracts: 0, 'meeting-minutes': 0, financial: 0, 'property-info': 0, other: 0 });
    expect(await categories('admin')).toEqual(expected(5));
    expect(await categories('owner')).toEqual(expected(3));
    expect(await categories('resident')).toEqual(expected(4));
    expect(await categories('neighbour')).toEqual(expected(3));
    expect(await categories('supplier')).toEqual(expected(0));
    expect(await categories('outsider')).toEqual(expected(0));
  });

  it('shows who a custom document is shared with only to administrators and its uploader', async () => {
    const one = async (who: keyof typeof agents) => (await agents[who].get(`/api/documents/${docs.custom.id}`)).body;
    expect((await one('admin')).sharedWith).toEqual([w.neighbour.id]);
    expect((await one('resident')).sharedWith).toEqual([w.neighbour.id]);
    expect((await one('neighbour')).sharedWith).toBeUndefined();
  });

  it('lets an inactive (former) resident no longer read the documents of that property', async () => {
    const { user, property, resident } = await createResident({ property: w.property });
    const elsewhere = await createProperty({ organizationId: property.organizationId });
    const [second] = await db()('residents').insert({ userId: user.id, propertyId: elsewhere.id }).returning('id');
    const agent = await signedIn(user);
    expect((await agent.get(`/api/documents/${docs.residentsOfProperty.id}`)).status).toBe(200);
    await db()('residents').where({ id: resident.id }).update({ status: 'inactive' });
    expect(property.id).toBe(w.property.id);
    expect((await agent.get(`/api/documents/${docs.residentsOfProperty.id}`)).status).toBe(404);
    expect((await agent.get(`/api/documents/${docs.residentsOfAll.id}`)).status).toBe(200);
    // Living nowhere any more: signed out, reading nothing at all.
    await db()('residents').where({ id: second.id }).update({ status: 'inactive' });
    expect((await agent.get(`/api/documents/${docs.residentsOfAll.id}`)).status).toBe(401);
  });

  it('lets the administrator of a master organization read the documents of its client organizations', async () => {
    const master = await createOrganization({ type: 'master' });
    const child = await createOrganization({ parentId: master.id });
    const masterAdmin = await createUser({ role: 'Administrador', organizationId: master.id });
    const doc = await createDocument({ organizationId: child.id, access: 'admin' });
    const agent = await signedIn(masterAdmin);
    expect((await agent.get(`/api/documents/${doc.id}`)).status).toBe(200);
    // The child's administrator does not reach the master's documents.
    const masterDoc = await createDocument({ organizationId: master.id });
    const childAdmin = await signedIn(await createUser({ role: 'Administrador', organizationId: child.id }));
    expect((await childAdmin.get(`/api/documents/${masterDoc.id}`)).status).toBe(404);
  });
});

describe('GET /api/documents', () => {
  it('answers the spec fields, never the content, newest first', async () => {
    const w = await world();
    const older = await createDocument({
      organizationId: w.organizationId,
      uploadedById: w.owner.id,
      uploadedAt: new Date('2025-01-01T10:00:00Z'),
      content: Buffer.concat([samplePdf(), randomBytes(3000)]),
    });
    const newer = await createDocument({ organizationId: w.organizationId, uploadedById: w.resident.id, fileName: 'acta.pdf' });
    const response = await (await signedIn(w.resident)).get('/api/documents');
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.body.map((d: { id: number }) => d.id)).toEqual([newer.id, older.id]);
    expect(response.body[0]).toEqual({
      id: newer.id,
      title: newer.title,
      category: 'regulations',
      access: 'public',
      fileName: 'acta.pdf',
      fileSize: formatFileSize(samplePdf().length),
      sizeBytes: samplePdf().length,
      fileType: 'application/pdf',
      propertyId: null,
      uploadedById: w.resident.id,
      uploadedBy: { id: w.resident.id, name: w.resident.name, lastName: w.resident.lastName },
      uploadedAt: expect.any(String),
      lastModified: expect.any(String),
      sharedWith: [],
      canDelete: true,
    });
    expect(response.body[1]).toMatchObject({ uploadedById: w.owner.id, canDelete: false });
    expect(response.body[1].sharedWith).toBeUndefined();
    expect(response.text).not.toContain('"content"');
    expect(response.text).not.toContain(samplePdf().toString('base64').slice(0, 20));
  });

  it('pages with limit and offset and filters by title and category', async () => {
    const w = await world();
    const organizationId = w.organizationId;
    const titles = ['Acta de asamblea 2024', 'Acta de asamblea 2025', 'Presupuesto 100%_anual', 'Contrato de limpieza'];
    const created = [];
    for (const [i, title] of titles.entries()) {
      created.push(
        await createDocument({
          organizationId,
          title,
          category: title.startsWith('Acta') ? 'meeting-minutes' : title.startsWith('Contrato') ? 'contracts' : 'financial',
          uploadedAt: new Date(Date.UTC(2025, 0, i + 1)),
        }),
      );
    }
    const agent = await signedIn(w.admin);
    const page = await agent.get('/api/documents?limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.body.map((d: { title: string }) => d.title)).toEqual(['Presupuesto 100%_anual', 'Acta de asamblea 2025']);

    const search = await agent.get(`/api/documents?q=${encodeURIComponent('acta de ASAMBLEA')}`);
    expect(search.body.map((d: { title: string }) => d.title)).toEqual(['Acta de asamblea 2025', 'Acta de asamblea 2024']);
    expect(search.headers['x-total-count']).toBe('2');
    // % and _ are searched literally.
    const literal = await agent.get(`/api/documents?q=${encodeURIComponent('100%_')}`);
    expect(literal.body.map((d: { title: string }) => d.title)).toEqual(['Presupuesto 100%_anual']);
    expect((await agent.get(`/api/documents?q=${encodeURIComponent('0%a')}`)).body).toEqual([]);

    const contracts = await agent.get('/api/documents?category=contracts');
    expect(contracts.body.map((d: { id: number }) => d.id)).toEqual([created[3].id]);

    const bad = await agent.get('/api/documents?category=recetas&show=todos&limit=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['category', 'limit', 'show']);
    expect(bad.body.fields.category).toBe('Categoría no válida');
  });

  it('searches titles without regard to case or accents', async () => {
    const w = await world();
    const guide = await createDocument({ organizationId: w.organizationId, title: 'Guía del Residente' });
    await createDocument({ organizationId: w.organizationId, title: 'Guion de la asamblea' });
    const agent = await signedIn(w.resident);
    for (const q of ['guia del', 'GUÍA', 'residente']) {
      const response = await agent.get(`/api/documents?q=${encodeURIComponent(q)}`);
      expect(response.body.map((d: { id: number }) => d.id), q).toEqual([guide.id]);
    }
  });

  it('filters by Show: all, my uploads, shared with me', async () => {
    const w = await world();
    const organizationId = w.organizationId;
    const mine = await createDocument({ organizationId, access: 'public', uploadedById: w.resident.id });
    const myCustom = await createDocument({ organizationId, access: 'custom', uploadedById: w.resident.id, sharedWith: [w.owner.id] });
    const sharedWithMe = await createDocument({ organizationId, access: 'custom', uploadedById: w.owner.id, sharedWith: [w.resident.id] });
    const notShared = await createDocument({ organizationId, access: 'custom', uploadedById: w.owner.id });
    const others = await createDocument({ organizationId, access: 'public', uploadedById: w.admin.id });
    const ids = async (agent: Agent, show?: string) =>
      (await agent.get(`/api/documents${show ? `?show=${show}` : ''}`)).body.map((d: { id: number }) => d.id).sort();
    const sorted = (...list: Document[]) => list.map((d) => d.id).sort();

    const resident = await signedIn(w.resident);
    expect(await ids(resident)).toEqual(sorted(mine, myCustom, sharedWithMe, others));
    expect(await ids(resident, 'all')).toEqual(sorted(mine, myCustom, sharedWithMe, others));
    expect(await ids(resident, 'mine')).toEqual(sorted(mine, myCustom));
    expect(await ids(resident, 'shared')).toEqual(sorted(sharedWithMe));

    const owner = await signedIn(w.owner);
    expect(await ids(owner, 'mine')).toEqual(sorted(sharedWithMe, notShared));
    expect(await ids(owner, 'shared')).toEqual(sorted(myCustom));

    // Administrators read everything; "shared with me" still means shared with them.
    const admin = await signedIn(w.admin);
    expect(await ids(admin)).toEqual(sorted(mine, myCustom, sharedWithMe, notShared, others));
    expect(await ids(admin, 'shared')).toEqual([]);
    expect(await ids(admin, 'mine')).toEqual(sorted(others));
  });
});

describe('POST /api/documents', () => {
  let w: World;
  let resident: Agent;
  let admin: Agent;
  beforeAll(async () => {
    w = await world();
    resident = await signedIn(w.resident);
    admin = await signedIn(w.admin);
  });

  /** Sends an upload that must be refused, and checks that nothing was stored. */
  async function refused(agent: Agent, body: Record<string, unknown> | string, status: number) {
    const before = await countRows(w.organizationId);
    const request = agent.post('/api/documents');
    const response = await (typeof body === 'string' ? request.set('Content-Type', 'application/json').send(body) : request.send(body));
    expect(response.status, response.text.slice(0, 300)).toBe(status);
    expect(await countRows(w.organizationId)).toEqual(before);
    return response;
  }

  it('stores the upload as bytes, computes the size and answers 201 without the content', async () => {
    const content = Buffer.concat([samplePdf(), randomBytes(2000)]);
    const response = await resident.post('/api/documents').send(
      upload({ title: '  Reglamento de la piscina ', content: content.toString('base64'), fileSize: '1 B', fileName: 'C:\\fakepath\\piscina.pdf' }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: 'Reglamento de la piscina',
      category: 'regulations',
      access: 'public',
      fileName: 'piscina.pdf',
      fileType: 'application/pdf',
      fileSize: formatFileSize(content.length),
      sizeBytes: content.length,
      uploadedById: w.resident.id,
      uploadedBy: { id: w.resident.id, name: w.resident.name, lastName: w.resident.lastName },
      propertyId: null,
      canDelete: true,
    });
    expect(response.body.content).toBeUndefined();
    const row = await db()('documents').where({ id: response.body.id }).first();
    expect(Buffer.compare(row.content, content)).toBe(0);
    expect(row).toMatchObject({ organizationId: w.organizationId, sizeBytes: content.length, fileSize: formatFileSize(content.length) });
  });

  it('accepts every allowed type when declared type, magic bytes and extension agree', async () => {
    const cases: Array<[keyof typeof FILES, string, string]> = [
      ['pdf', TYPES.pdf, 'a.pdf'],
      ['ole', TYPES.doc, 'a.doc'],
      ['docx', TYPES.docx, 'a.DOCX'],
      ['ole', TYPES.xls, 'a.xls'],
      ['xlsx', TYPES.xlsx, 'a.xlsx'],
      ['jpeg', TYPES.jpeg, 'a.jpg'],
      ['jpeg', TYPES.jpeg, 'a.jpeg'],
      ['png', TYPES.png, 'a.png'],
      ['png', TYPES.png, ''], // no file name: the type and the bytes decide
    ];
    for (const [file, fileType, fileName] of cases) {
      const response = await resident.post('/api/documents').send(upload({ content: FILES[file].toString('base64'), fileType, fileName }));
      expect(response.status, `${fileType} ${fileName}: ${response.text}`).toBe(201);
      expect(response.body.fileType).toBe(fileType);
    }
  });

  it('refuses missing title, category, access or file with the spec message', async () => {
    for (const missing of ['title', 'category', 'access', 'content']) {
      const response = await refused(resident, upload({ [missing]: undefined }), 400);
      expect(response.body.message).toBe(MISSING);
      expect(response.body.fields[missing]).toBe(MISSING);
    }
    const blank = await refused(resident, upload({ title: '   ', category: '', access: '', content: '' }), 400);
    expect(blank.body.message).toBe(MISSING);
    expect(Object.keys(blank.body.fields).sort()).toEqual(['access', 'category', 'content', 'title']);
    expect((await refused(resident, {}, 400)).body.message).toBe(MISSING);
  });

  it('refuses an unknown category or access value with a field message', async () => {
    const response = await refused(resident, upload({ category: 'recetas', access: 'todos' }), 400);
    expect(response.body.fields).toEqual({ category: 'Categoría no válida', access: 'Nivel de acceso no válido' });
  });

  it('refuses content that is not base64', async () => {
    for (const content of ['esto no es base64!', 'QUJD=A==', 'QUJ']) {
      const response = await refused(resident, upload({ content }), 400);
      expect(response.body.fields.content).toBe('El archivo no es válido: el contenido debe estar codificado en base64');
    }
  });

  it('refuses a decoded file over 10 MB with 413 and the spec message, and accepts exactly 10 MB', async () => {
    const big = Buffer.concat([samplePdf(), Buffer.alloc(10 * 1024 * 1024 + 1 - samplePdf().length)]);
    const response = await refused(resident, upload({ content: big.toString('base64') }), 413);
    expect(response.body).toEqual({ error: 'payload_too_large', message: TOO_LARGE });

    const exact = Buffer.concat([samplePdf(), Buffer.alloc(10 * 1024 * 1024 - samplePdf().length)]);
    const ok = await resident.post('/api/documents').send(upload({ content: exact.toString('base64') }));
    expect(ok.status).toBe(201);
    expect(ok.body.fileSize).toBe('10.0 MB');
  });

  it('refuses a 30 MB body at the door with 413 and the same message', async () => {
    const body = JSON.stringify(upload({ content: 'A'.repeat(30 * 1024 * 1024) }));
    const response = await refused(resident, body, 413);
    expect(response.body).toEqual({ error: 'payload_too_large', message: TOO_LARGE });
  });

  it('refuses a type that is not allowed or whose bytes or extension disagree, with the spec message', async () => {
    const cases: Array<[keyof typeof FILES, string | null, string]> = [
      ['html', 'text/html', 'pagina.html'],
      ['html', TYPES.pdf, 'pagina.pdf'], // a renamed HTML page
      ['exe', TYPES.pdf, 'factura.pdf'], // a renamed program
      ['exe', 'application/x-msdownload', 'factura.exe'],
      ['pdf', TYPES.png, 'a.png'], // declared type disagrees with the bytes
      ['pdf', TYPES.pdf, 'a.png'], // extension disagrees
      ['pdf', TYPES.pdf, 'sin-extension'],
      ['docx', TYPES.xlsx, 'a.xlsx'], // a Word file declared as Excel
      ['ole', TYPES.docx, 'a.docx'], // an old-format file declared as docx
      ['png', 'image/gif', 'a.gif'],
      ['pdf', '', 'a.pdf'],
      ['pdf', null, 'a.pdf'],
    ];
    for (const [file, fileType, fileName] of cases) {
      const response = await refused(resident, upload({ content: FILES[file].toString('base64'), fileType, fileName }), 400);
      expect(response.body.message, `${fileType} ${fileName}`).toBe(INVALID_TYPE);
      expect(response.body.fields.fileType).toBe(INVALID_TYPE);
    }
  });

  it('forbids uploads to a Suplidor and "admin" access to non-administrators (403)', async () => {
    const supplier = await signedIn(w.supplier);
    expect((await refused(supplier, upload(), 403)).body.message).toBe('Su rol no permite subir documentos');
    const response = await refused(resident, upload({ access: 'admin' }), 403);
    expect(response.body.message).toBe('Solo los administradores pueden elegir el acceso "Solo administradores"');
    expect((await admin.post('/api/documents').send(upload({ access: 'admin' }))).status).toBe(201);
  });

  it('links a property only when the uploader reads it', async () => {
    const ok = await resident.post('/api/documents').send(upload({ access: 'residents', propertyId: w.property.id }));
    expect(ok.status).toBe(201);
    expect(ok.body.propertyId).toBe(w.property.id);
    for (const propertyId of [w.otherProperty.id, (await createProperty()).id, 999_999_999, 'x', -1]) {
      const response = await refused(resident, upload({ access: 'residents', propertyId }), 400);
      expect(response.body.fields.propertyId).toBe('Propiedad no encontrada');
    }
  });

  it('requires users to share a custom document with, all active readers of the organization', async () => {
    const none = await refused(resident, upload({ access: 'custom' }), 400);
    expect(none.body.fields.sharedWith).toBe('Seleccione al menos un usuario con quien compartir el documento');
    expect((await refused(resident, upload({ access: 'custom', sharedWith: [] }), 400)).body.fields.sharedWith).toBeDefined();

    const inactive = await createUser({ role: 'Residente', organizationId: w.organizationId, isActive: false });
    for (const stranger of [w.outsider.id, inactive.id, w.supplier.id, 999_999_999]) {
      const response = await refused(resident, upload({ access: 'custom', sharedWith: [w.neighbour.id, stranger] }), 400);
      expect(response.body.fields.sharedWith).toBe('Solo puede compartir con administradores, propietarios o residentes activos de la organización');
    }
    expect((await refused(resident, upload({ access: 'custom', sharedWith: ['x'] }), 400)).body.fields).toHaveProperty('sharedWith.0');

    const ok = await resident.post('/api/documents').send(upload({ access: 'custom', sharedWith: [w.neighbour.id, w.owner.id, w.neighbour.id] }));
    expect(ok.status).toBe(201);
    expect(ok.body.sharedWith).toEqual([w.neighbour.id, w.owner.id].sort((a, b) => a - b));
    const shares = await db()('document_shares').where({ documentId: ok.body.id }).orderBy('userId');
    expect(shares.map((s: { userId: number }) => s.userId)).toEqual([w.neighbour.id, w.owner.id].sort((a, b) => a - b));
  });

  it('records document.uploaded for exactly the readers, without the content', async () => {
    const eventsOf = async (id: number) =>
      db()('events').where({ subjectType: 'document', subjectId: id, type: 'document.uploaded' }).orderBy('id');
    const summary = (events: Array<{ audience: string; userId: number | null }>) =>
      events.map((e) => (e.audience === 'user' ? `user:${e.userId}` : e.audience)).sort();

    const pub = await resident.post('/api/documents').send(upload({ title: 'Público' }));
    const [event] = await eventsOf(pub.body.id);
    expect(event).toMatchObject({
      audience: 'members', // not the organization's suppliers, who read no documents
      organizationId: w.organizationId,
      actorId: w.resident.id,
      payload: { id: pub.body.id, title: 'Público', category: 'regulations' },
    });
    expect(Object.keys(event.payload).sort()).toEqual(['category', 'id', 'title']);

    const adm = await admin.post('/api/documents').send(upload({ access: 'admin' }));
    expect(summary(await eventsOf(adm.body.id))).toEqual(['administrators']);

    // Residents of one property: its owner and residents (the supplier working there is not told).
    const res = await resident.post('/api/documents').send(upload({ access: 'residents', propertyId: w.property.id }));
    expect(summary(await eventsOf(res.body.id))).toEqual(
      ['administrators', `user:${w.owner.id}`, `user:${w.resident.id}`].sort(),
    );
    // No property: the owners and residents of every property of the organization.
    const all = await admin.post('/api/documents').send(upload({ access: 'residents' }));
    expect(summary(await eventsOf(all.body.id))).toEqual(
      ['administrators', `user:${w.owner.id}`, `user:${w.resident.id}`, `user:${w.neighbour.id}`].sort(),
    );
    const custom = await resident.post('/api/documents').send(upload({ access: 'custom', sharedWith: [w.neighbour.id, w.admin.id] }));
    expect(summary(await eventsOf(custom.body.id))).toEqual(['administrators', `user:${w.resident.id}`, `user:${w.neighbour.id}`].sort());
  });
});

describe('GET /api/documents/:id', () => {
  it('adds the content as base64 only when asked for', async () => {
    const w = await world();
    const content = Buffer.concat([samplePdf(), randomBytes(100)]);
    const doc = await createDocument({ organizationId: w.organizationId, content });
    const agent = await signedIn(w.resident);
    const plain = await agent.get(`/api/documents/${doc.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body.content).toBeUndefined();
    const full = await agent.get(`/api/documents/${doc.id}?include=content`);
    expect(full.body).toMatchObject({ id: doc.id, title: doc.title });
    expect(Buffer.compare(Buffer.from(full.body.content, 'base64'), content)).toBe(0);
    expect((await agent.get(`/api/documents/${doc.id}?include=todo`)).status).toBe(400);
    expect((await agent.get('/api/documents/abc')).status).toBe(404);
    expect((await agent.get('/api/documents/999999999')).body).toEqual({ error: 'not_found', message: 'Documento no encontrado' });
  });
});

describe('GET /api/documents/:id/download', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('sends identical bytes with type, length and an accented file name', async () => {
    // Larger than one read slice, so the stream is put together from several.
    const content = Buffer.concat([samplePdf(), randomBytes(2_600_000)]);
    const doc = await createDocument({ organizationId: w.organizationId, content, fileName: 'guía del residente (edición 2º).pdf' });
    const response = await download(await signedIn(w.resident), doc.id);
    expect(response.status).toBe(200);
    expect(Buffer.compare(response.body, content)).toBe(0);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(content.length));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="guia del residente (edicion 2o).pdf"; filename*=UTF-8''gu%C3%ADa%20del%20residente%20%28edici%C3%B3n%202%C2%BA%29.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names a file without a stored name after its title, and opens PDFs and images inline in view mode', async () => {
    const pdf = await createDocument({ organizationId: w.organizationId, title: 'Acta de asamblea' });
    const png = await createDocument({ organizationId: w.organizationId, title: 'Plano', content: FILES.png, fileType: TYPES.png, fileName: 'plano.png' });
    const docx = await createDocument({ organizationId: w.organizationId, title: 'Carta', content: FILES.docx, fileType: TYPES.docx, fileName: 'carta.docx' });
    const agent = await signedIn(w.owner);
    const view = await download(agent, pdf.id, '?inline=1');
    expect(view.headers['content-disposition']).toBe('inline; filename="Acta de asamblea.pdf"');
    expect((await download(agent, pdf.id)).headers['content-disposition']).toBe('attachment; filename="Acta de asamblea.pdf"');
    const image = await download(agent, png.id, '?inline=1');
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe('inline; filename="plano.png"');
    expect(Buffer.compare(image.body, FILES.png)).toBe(0);
    // A Word file is never shown inline.
    const word = await download(agent, docx.id, '?inline=1');
    expect(word.headers['content-type']).toBe(TYPES.docx);
    expect(word.headers['content-disposition']).toBe('attachment; filename="carta.docx"');
    expect((await download(agent, pdf.id, '?inline=quizas')).status).toBe(400);
  });
});

describe('DELETE /api/documents/:id', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  const exists = async (doc: Document) => Boolean(await db()('documents').where({ id: doc.id }).first());

  it('lets the uploader delete their own upload and records document.deleted', async () => {
    const doc = await createDocument({ organizationId: w.organizationId, access: 'custom', uploadedById: w.resident.id, sharedWith: [w.neighbour.id] });
    const response = await (await signedIn(w.resident)).delete(`/api/documents/${doc.id}`);
    expect(response.status).toBe(204);
    expect(await exists(doc)).toBe(false);
    expect(await db()('document_shares').where({ documentId: doc.id })).toEqual([]);
    const events = await db()('events').where({ subjectType: 'document', subjectId: doc.id, type: 'document.deleted' });
    expect(events.map((e: { audience: string; userId: number | null }) => e.userId ?? e.audience).sort()).toEqual(
      ['administrators', w.resident.id, w.neighbour.id].sort(),
    );
    expect(events[0]).toMatchObject({ actorId: w.resident.id, payload: { id: doc.id, title: doc.title, category: doc.category } });
  });

  it('lets an administrator delete any document of the organization', async () => {
    const doc = await createDocument({ organizationId: w.organizationId, uploadedById: w.owner.id });
    expect((await (await signedIn(w.admin)).delete(`/api/documents/${doc.id}`)).status).toBe(204);
    expect(await exists(doc)).toBe(false);
  });

  it('answers 403 to a reader who is neither uploader nor administrator, 404 to a non-reader', async () => {
    const publicDoc = await createDocument({ organizationId: w.organizationId, uploadedById: w.admin.id });
    const adminDoc = await createDocument({ organizationId: w.organizationId, access: 'admin', uploadedById: w.admin.id });
    const resident = await signedIn(w.resident);
    const forbidden = await resident.delete(`/api/documents/${publicDoc.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Solo quien subió el documento o un administrador puede eliminarlo');
    expect((await resident.delete(`/api/documents/${adminDoc.id}`)).status).toBe(404);
    expect((await (await signedIn(w.supplier)).delete(`/api/documents/${publicDoc.id}`)).status).toBe(404);
    expect((await (await signedIn(w.outsider)).delete(`/api/documents/${publicDoc.id}`)).status).toBe(404);
    expect(await exists(publicDoc)).toBe(true);
    expect(await exists(adminDoc)).toBe(true);
    const events = await db()('events').whereIn('subjectId', [publicDoc.id, adminDoc.id]).where({ subjectType: 'document' });
    expect(events).toEqual([]);
  });
});

describe('GET /api/documents/share-candidates', () => {
  it('lists the active people of the organization by name, without contact data or suppliers', async () => {
    const organization = await createOrganization();
    const uploader = await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Uno' });
    await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Núria', lastName: 'Peña' });
    await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Nuño', lastName: 'Gil' });
    await createUser({ role: 'Suplidor', organizationId: organization.id, name: 'Nube' });
    await createUser({ role: 'Residente', organizationId: organization.id, name: 'Nora', isActive: false });
    await createUser({ role: 'Residente', name: 'Nadia' }); // another organization
    const agent = await signedIn(uploader);

    const response = await agent.get('/api/documents/share-candidates?q=nu');
    expect(response.status).toBe(200);
    expect(response.body.map((person: { name: string }) => person.name).sort()).toEqual(['Nuño', 'Núria']);
    expect(Object.keys(response.body[0]).sort()).toEqual(['lastName', 'name', 'role', 'userId']);
    expect((await agent.get('/api/documents/share-candidates')).body.map((p: { name: string }) => p.name)).not.toContain('Uno');
  });

  it('is refused to suppliers, who cannot upload', async () => {
    const supplier = await createUser({ role: 'Suplidor' });
    expect((await (await signedIn(supplier)).get('/api/documents/share-candidates')).status).toBe(403);
  });
});
