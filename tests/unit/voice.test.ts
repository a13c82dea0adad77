import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { greetsByGender, tuFormsIn } from '../support/voice';

/** One voice in Spanish: "usted" everywhere, and greetings that fit anyone (issue 34, item 10). */
const LOCALES = path.resolve(import.meta.dirname, '../../client/src/locales/es');

function strings(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as object).flatMap(([key, child]) => strings(child, prefix ? `${prefix}.${key}` : key));
}

const spanish = fs
  .readdirSync(LOCALES)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(LOCALES, file), 'utf8')), file.replace('.json', '')));

describe('the Spanish voice', () => {
  it('addresses the user as usted in every screen text', () => {
    expect(spanish.filter(([, text]) => tuFormsIn(text).length).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('addresses the user as usted in every server message', () => {
    const found = Object.entries(MESSAGES).filter(([, text]) => tuFormsIn(text.es).length);
    expect(found.map(([key, text]) => `${key}: ${text.es}`)).toEqual([]);
  });

  it('greets without guessing a gender', () => {
    expect(spanish.filter(([, text]) => greetsByGender(text)).map(([key]) => key)).toEqual([]);
  });

  it('counts things through plural forms ("1 calificación", "2 calificaciones")', () => {
    // A count followed by a word must be a key with _one/_other forms, which i18next picks by the count.
    const counted = spanish.filter(([key, text]) => /\{\{count\}\}\s+\p{L}/u.test(text) && !/_(zero|one|two|few|many|other)$/.test(key));
    expect(counted.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    const keys = new Set(spanish.map(([key]) => key));
    const orphans = [...keys].filter((key) => key.endsWith('_other') && !keys.has(key.replace(/_other$/, '_one')));
    expect(orphans).toEqual([]);
  });

  it('the check tells tú from usted', () => {
    expect(tuFormsIn('Elige tu contraseña. Revisa tus datos')).toEqual(['Elige', 'tu', 'Revisa', 'tus']);
    expect(tuFormsIn('Indique si crea un gasto')).toEqual([]);
    expect(tuFormsIn('¿Olvidaste la clave? Puedes pedir otra.')).toEqual(['Olvidaste', 'Puedes']);
    expect(tuFormsIn('Elija su contraseña y revise sus datos. Puede pedir otra, {{tu}}.')).toEqual([]);
    // Not "tú" forms: a noun, a third person, a word containing "tu".
    expect(tuFormsIn('Marca y colores. La recepción le espera. Estatuto, actual, turno.')).toEqual([]);
    expect(greetsByGender('Bienvenido, {{name}}')).toBe(true);
    expect(greetsByGender('Hola, {{name}}')).toBe(false);
  });
});
