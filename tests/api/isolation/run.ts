import { describe, expect, it } from 'vitest';
import { signedIn } from '../../support/factories';
import type { IsolationCase } from './types';
import { createWorld, tenantTexts } from './world';

export type Found = IsolationCase & { file: string };

const modules = import.meta.glob<{ cases: IsolationCase[] }>('./*.cases.ts', { eager: true });

/** Every case of tests/api/isolation/*.cases.ts, with the file it comes from. */
export const cases: Found[] = Object.entries(modules).flatMap(([file, module]) =>
  module.cases.map((isolationCase) => ({ ...isolationCase, file: file.replace('./', '') })),
);

/**
 * The cases run in this many test files (tests/api/isolation-cases-N.test.ts), each taking every
 * Nth case, so the run's workers share them; tests/api/isolation.test.ts checks that the shards
 * together are every case.
 */
export const ISOLATION_SHARDS = 3;
export const shardOf = (shard: number) => cases.filter((_, index) => index % ISOLATION_SHARDS === shard);

/**
 * A user of `own` aims each case's route at `other`'s data and must get the expected status
 * (default 404) and never any of `other`'s texts (those of tenantTexts, plus the case's own
 * `mustNotContain`).
 */
export function runIsolationCases(shard: number) {
  const mine = shardOf(shard);
  describe.each([...new Set(mine.map((isolationCase) => isolationCase.file))])('%s', (file) => {
    const fileCases = mine.filter((isolationCase) => isolationCase.file === file);
    it.each(fileCases.map((isolationCase) => [`${isolationCase.route} as ${isolationCase.as ?? 'admin'}`, isolationCase] as const))(
      '%s',
      async (_name, isolationCase) => {
        // A world per case: a case may change or delete rows without affecting the next one.
        const world = await createWorld();
        const { path, body } = await isolationCase.request(world);
        const [method] = isolationCase.route.split(' ');
        const agent = await signedIn(world.own[isolationCase.as ?? 'admin']);
        const request = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
        const response = body === undefined ? await request : await request.send(body as object);

        // A binary answer (an image) has no text: its bytes are searched as Latin-1 text instead.
        const text = response.text ?? (Buffer.isBuffer(response.body) ? response.body.toString('latin1') : '');
        const expected = [isolationCase.expect ?? 404].flat();
        expect(expected, `${isolationCase.route} answered ${response.status}: ${text.slice(0, 300)}`).toContain(response.status);
        const forbiddenTexts = [...tenantTexts(world.other), ...(isolationCase.mustNotContain?.(world) ?? [])];
        const headersAndText = `${JSON.stringify(response.headers)}\n${text}`;
        for (const text of forbiddenTexts) expect(headersAndText, `${isolationCase.route} revealed "${text}"`).not.toContain(text);
      },
    );
  });
}
