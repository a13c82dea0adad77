import { describe, expect, it } from 'vitest';
import { DeskLookupSchema, passKeyFromScan } from '@shared/schemas/visitors';

describe('what the desk looks up for a scanned QR', () => {
  it('reads the access code the pass QR holds, as shown or as typed', () => {
    expect(passKeyFromScan('ACDE-FG34')).toBe('ACDEFG34');
    expect(passKeyFromScan('  acde fg34\n')).toBe('ACDEFG34');
    expect(passKeyFromScan('ACDEFG34')).toBe('ACDEFG34');
  });

  it('takes a pass link by its token (the link has no code in it), which the lookup resolves', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv_-';
    expect(passKeyFromScan(`https://vecindad.example/pass/${token}`)).toBe(`/pass/${token}`);
    expect(passKeyFromScan(`http://localhost:5173/pass/${token}/?utm=whatsapp#qr`)).toBe(`/pass/${token}`);
    expect(DeskLookupSchema.parse({ propertyId: 3, code: passKeyFromScan(`https://vecindad.example/pass/${token}`) })).toEqual({ propertyId: 3, code: { token } });
    expect(DeskLookupSchema.parse({ propertyId: 3, code: passKeyFromScan('acde-fg34') })).toEqual({ propertyId: 3, code: { code: 'ACDEFG34' } });
  });

  it('refuses any other QR: look-alike letters, wrong length, other links, empty or huge text', () => {
    expect(passKeyFromScan('ACDE-FG3')).toBeNull();
    expect(passKeyFromScan('ACDE-FG345')).toBeNull();
    expect(passKeyFromScan('OIL5-SZ28')).toBeNull();
    expect(passKeyFromScan('https://example.com/menu')).toBeNull();
    expect(passKeyFromScan('https://example.com/pass/short')).toBeNull();
    expect(passKeyFromScan('WIFI:S:Torre;T:WPA;P:clave;;')).toBeNull();
    expect(passKeyFromScan('   ')).toBeNull();
    expect(passKeyFromScan(`ACDEFG34${' '.repeat(3000)}x`)).toBeNull();
  });
});
