import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { documentPageQuery } from '../../server/commands/documents';
import { closeDatabase, connectDatabase } from '../../server/db';
import { User } from '../../server/models';
import { reachableOrganizationIds } from '../../server/policies/tenancy';
import { DocumentListQuerySchema } from '../../shared/schemas/documents';
import { listTargets, load, mb, type BenchContext, type BenchSuite } from '../lib';

const TEN_MB = 10 * 1024 * 1024;
const ROUNDS = 5;
const LIST_SIZE = 5000;

/**
 * Documents: upload and download of a 10 MB PDF (MB/s and the server's peak memory during the
 * transfer), then `GET /api/documents` over 5,000 documents (p99), with the plan of the list
 * query and a check that the list reads no file contents (TOAST).
 */
const suite: BenchSuite = {
  name: 'documents',
  description: 'Subida y descarga de un PDF de 10 MB; GET /api/documents con 5.000 documentos',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const headers = { cookie: admin.cookie, 'Content-Type': 'application/json' };
    // Before any download: the TOAST counters are database-wide, so nothing else may read
    // file contents while the list is checked.
    const listed = await listQueryFigures(ctx, admin);

    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(TEN_MB - 9)]);
    const body = JSON.stringify({
      title: 'Estado financiero (escaneado)',
      category: 'financial',
      access: 'public',
      content: pdf.toString('base64'),
      fileType: 'application/pdf',
      fileName: 'estado-financiero.pdf',
    });

    const uploadOnce = async () => {
      const response = await fetch(`${ctx.baseUrl}/api/documents`, { method: 'POST', headers, body });
      if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: number }).id;
    };
    const downloadOnce = async (id: number) => {
      const response = await fetch(`${ctx.baseUrl}/api/documents/${id}/download`, { headers: { cookie: admin.cookie } });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || !bytes.equals(pdf)) throw new Error(`download failed or bytes differ: ${response.status}`);
    };

    // Throughput first (no memory sampling, which forces GCs in the server), then memory.
    await downloadOnce(await uploadOnce()); // warm-up
    const uploads = await timed(ROUNDS, uploadOnce);
    const id = uploads.results[0];
    const downloads = await timed(ROUNDS, () => downloadOnce(id));

    const idle = await ctx.serverMemory();
    const uploadPeak = await peakMemory(ctx, () => uploadOnce());
    const downloadPeak = await peakMemory(ctx, () => downloadOnce(id));
    const parallelPeak = await peakMemory(ctx, () => Promise.all(Array.from({ length: 5 }, () => downloadOnce(id))));

    // Live memory (heap + Buffers) is what a request costs; RSS only shows the high-water mark.
    const live = (memory: NodeJS.MemoryUsage) => memory.heapUsed + memory.external;
    const memoryRow = (peak: NodeJS.MemoryUsage) => ({
      'memoria viva pico MB': mb(live(peak)),
      'sobre reposo MB': mb(live(peak) - live(idle)),
      'RSS pico MB': mb(peak.rss),
    });
    const transferRow = (name: string, seconds: number[], peak: NodeJS.MemoryUsage) => ({
      operación: name,
      'MB/s': round(mb(pdf.length) / median(seconds)),
      'mediana ms': Math.round(median(seconds) * 1000),
      'peor ms': Math.round(Math.max(...seconds) * 1000),
      ...memoryRow(peak),
    });

    const listTables = await listLoad(ctx, admin);
    return [
      {
        title: `PDF de ${mb(pdf.length)} MB, ${ROUNDS} veces cada uno (servidor en reposo: memoria viva ${mb(live(idle))} MB, RSS ${mb(idle.rss)} MB)`,
        rows: [
          transferRow('POST /api/documents (base64 en JSON)', uploads.seconds, uploadPeak),
          transferRow('GET /api/documents/:id/download', downloads.seconds, downloadPeak),
          { operación: '5 descargas simultáneas', ...memoryRow(parallelPeak) },
        ],
      },
      ...listTables,
      { title: 'Bloques TOAST leídos (contenido de los archivos)', rows: listed.toast },
      { title: 'Plan de la consulta de la lista (página de 5)', rows: listed.plan.map((line) => ({ plan: line })) },
    ];
  },
};
export default suite;

/**
 * Seeds 5,000 documents with 4 KB of random bytes each (stored out of line, in TOAST), then
 * explains the exact SQL of the list and counts the TOAST blocks it reads.
 */
async function listQueryFigures(ctx: BenchContext, admin: { userId: number; organizationId: number }) {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  connectDatabase(ctx.databaseUrl, 2);
  try {
    await client.query(
      `insert into documents (organization_id, title, category, access, file_name, file_size, size_bytes, file_type,
                              content, uploaded_by_id, uploaded_at, last_modified)
       select $1, 'Documento ' || g, (array['regulations','contracts','meeting-minutes','financial','property-info','other'])[1 + g % 6]::text,
              'public', 'documento-' || g || '.pdf', '4.0 KB', 4096, 'application/pdf',
              r.bytes, $2, now() - g * interval '1 hour', now() - g * interval '1 hour'
       from generate_series(1, ${LIST_SIZE}) g
       cross join lateral (select decode(string_agg(md5(random()::text || s || g), ''), 'hex') as bytes from generate_series(1, 256) s) r`,
      [admin.organizationId, admin.userId],
    );
    await client.query('analyze documents');

    // The exact SQL the server runs for the list, from the same query builder.
    const user = await User.query().findById(admin.userId).throwIfNotFound();
    const organizationIds = await reachableOrganizationIds(user);
    const page = documentPageQuery(user, DocumentListQuerySchema.parse({ limit: '5' }), undefined, organizationIds).toSQL().toNative();
    const explained = await client.query(`explain (analyze, buffers, verbose) ${page.sql}`, page.bindings as unknown[]);
    const plan: string[] = explained.rows.map((row: Record<string, string>) => row['QUERY PLAN']);
    // What the query answers (the top node's output). The scans below may carry `content` as
    // part of the whole row, only a pointer: the TOAST count below shows it is never read.
    if (/\bcontent\b/.test(plan.find((line) => line.trim().startsWith('Output:')) ?? '')) {
      throw new Error('the list query selects content');
    }

    // TOAST blocks touched by the whole list (all 5,000 rows) versus a query that reads content.
    const full = documentPageQuery(user, DocumentListQuerySchema.parse({}), undefined, organizationIds).toSQL().toNative();
    const toast = [
      { consulta: `lista completa del servidor (${LIST_SIZE} filas)`, 'bloques TOAST': await toastBlocks(client, () => client.query(full.sql, full.bindings as unknown[])) },
      {
        consulta: `control: select content de las mismas ${LIST_SIZE} filas`,
        'bloques TOAST': await toastBlocks(client, () => client.query('select content from documents where organization_id = $1', [admin.organizationId])),
      },
    ];
    return { plan, toast };
  } finally {
    await client.end();
    await closeDatabase();
  }
}

/** The list's pages (first, deep, searched, filtered) against their targets, then the whole list. */
async function listLoad(ctx: BenchContext, admin: { cookie: string; sid: string }) {
  const url = `${ctx.baseUrl}/api/documents`;
  const pages = await listTargets(ctx, admin, [
    { ruta: 'página de 5 (?limit=5)', path: '/api/documents?limit=5' },
    { ruta: 'página 101 (?limit=5&offset=500)', path: '/api/documents?limit=5&offset=500' },
    { ruta: 'búsqueda (?q=documento 42&limit=5)', path: '/api/documents?q=documento%2042&limit=5' },
    { ruta: 'categoría (?category=financial&limit=5)', path: '/api/documents?category=financial&limit=5' },
  ]);
  const headers = { cookie: admin.cookie };
  const others = [
    { consulta: 'GET /api/documents/categories', ...(await load({ url: `${url}/categories`, headers })) },
    { consulta: `lista completa (${LIST_SIZE} filas, 4 conexiones)`, ...(await load({ url, headers, connections: 4 })) },
  ];
  return [...pages, { title: `Otras lecturas con ${LIST_SIZE} documentos`, rows: others }];
}

/** TOAST blocks of `documents` read while `run` runs on this connection (stats flushed around it). */
async function toastBlocks(client: pg.Client, run: () => Promise<unknown>) {
  const read = async () => {
    await client.query('select pg_stat_force_next_flush()');
    const { rows } = await client.query(
      `select coalesce(toast_blks_hit, 0) + coalesce(toast_blks_read, 0) as blocks from pg_statio_user_tables where relname = 'documents'`,
    );
    return Number(rows[0].blocks);
  };
  const before = await read();
  await run();
  return (await read()) - before;
}

async function timed<T>(rounds: number, fn: () => Promise<T>) {
  const seconds: number[] = [];
  const results: T[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    results.push(await fn());
    seconds.push((performance.now() - start) / 1000);
  }
  return { seconds, results };
}

/** Runs `fn` while sampling the server's memory; answers the highest figures seen. */
async function peakMemory(ctx: BenchContext, fn: () => Promise<unknown>): Promise<NodeJS.MemoryUsage> {
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  let running = true;
  const sampler = (async () => {
    while (running) {
      const memory = await ctx.serverMemory();
      for (const key of Object.keys(peak) as Array<keyof typeof peak>) peak[key] = Math.max(peak[key], memory[key]);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await fn();
  } finally {
    running = false;
    await sampler;
  }
  return peak;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number) => Math.round(value * 10) / 10;
