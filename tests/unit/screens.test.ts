import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInModules } from '../../client/src/app/routes/signed-in-modules';
import { SIGNED_IN_FRAME, SIGNED_IN_SCREENS, signedInScreenAt } from '../../shared/screens';

describe('the signed-in screens', () => {
  it('name modules that exist under client/src', () => {
    for (const module of [SIGNED_IN_FRAME, ...SIGNED_IN_SCREENS.map((screen) => screen.module)]) {
      expect(fs.existsSync(path.join(import.meta.dirname, '../../client/src', `${module}.tsx`)), module).toBe(true);
    }
  });

  it('are exactly the modules the router lists for them (a page a screen wraps joins its file)', () => {
    const modules = new Set([SIGNED_IN_FRAME, ...SIGNED_IN_SCREENS.map((screen) => screen.module)]);
    expect(Object.keys(signedInModules).sort()).toEqual([...modules].map((module) => `./${module}.tsx`).sort());
  });

  it('find the screen at a path: exact segments, a parameter taking one, a trailing slash ignored', () => {
    expect(signedInScreenAt('/')?.module).toBe('app/routes/screens/HomeScreen');
    expect(signedInScreenAt('/documents/')?.path).toBe('/documents');
    expect(signedInScreenAt('/maintenance/42')?.path).toBe('/maintenance/:id');
    expect(signedInScreenAt('/visitors/desk')?.path).toBe('/visitors/desk');
    expect(signedInScreenAt('/maintenance/42/photos')).toBeUndefined();
    expect(signedInScreenAt('/auth')).toBeUndefined();
    expect(signedInScreenAt('/pass/abc')).toBeUndefined();
  });
});
