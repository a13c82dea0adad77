import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { englishWordsIn } from '../support/english';

/**
 * Spanish everywhere, English complete: every translation key exists in both languages with the
 * same placeholders, and no Spanish text is left in English.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../client/src/locales');

/** Texts that are the same in both languages on purpose. */
const SAME_IN_BOTH = new Set(['Error', 'General', 'ID', 'OK', 'Spa', 'Español', 'English', 'Vecindad', 'PDF', 'CSV', 'Email', 'Redis']);

type Texts = Record<string, string>;

function flatten(value: unknown, prefix = ''): Texts {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value as object).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)));
}

const readNamespace = (language: string, file: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();
/** The words of a text, its placeholders ({{name}} in the client, {name} in server messages) left out. */
const words = (text: string) => text.replace(/\{\{[^}]*\}\}|\{\w+\}/g, ' ');
const hasLetters = (text: string) => /\p{L}{2,}/u.test(words(text).replace(/\b(m²|px|MB|KB)\b/g, ''));

/** Problems of one pair of texts of the same key. */
function problems(key: string, es: string | undefined, en: string | undefined): string[] {
  if (es === undefined) return [`${key}: missing in Spanish`];
  if (en === undefined) return [`${key}: missing in English`];
  const found: string[] = [];
  if (placeholders(es).join() !== placeholders(en).join()) found.push(`${key}: placeholders differ ("${es}" / "${en}")`);
  if (es === en && hasLetters(es) && !SAME_IN_BOTH.has(es)) found.push(`${key}: the Spanish text is the English one ("${es}")`);
  const english = englishWordsIn(es);
  if (english.length) found.push(`${key}: English in the Spanish text (${english.join(', ')}): "${es}"`);
  return found;
}

describe('translations', () => {
  const namespaces = fs.readdirSync(path.join(LOCALES, 'es')).filter((file) => file.endsWith('.json'));

  it('has the same namespaces in both languages', () => {
    expect(fs.readdirSync(path.join(LOCALES, 'en')).filter((file) => file.endsWith('.json')).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s: every key in both languages, the same placeholders, and Spanish in Spanish', (file) => {
    const es = readNamespace('es', file);
    const en = readNamespace('en', file);
    const keys = [...new Set([...Object.keys(es), ...Object.keys(en)])].sort();
    expect(keys.flatMap((key) => problems(key, es[key], en[key]))).toEqual([]);
  });

  it('server messages (shared/messages): Spanish in Spanish, both languages', () => {
    const found = Object.entries(MESSAGES).flatMap(([key, text]) => problems(key, text.es, text.en));
    expect(found).toEqual([]);
  });

  it('the check finds English left in Spanish', () => {
    expect(problems('x', 'Download Started', 'Download Started')).toHaveLength(2);
    expect(problems('x', 'Error al subir: Failed to upload', 'Upload failed')).toEqual([
      'x: English in the Spanish text (Failed, to, upload): "Error al subir: Failed to upload"',
    ]);
    expect(problems('x', 'Hola {{name}}', 'Hello {{nombre}}')).toHaveLength(1);
    expect(problems('x', 'No hay unidades en la propiedad', 'There are no units')).toEqual([]);
  });
});
