/**
 * The Spanish of Vecindad addresses the user as "usted" (spec, its messages). These are the
 * forms of "tú": pronouns and possessives, second-person verbs, and imperatives that open a
 * sentence ("Elige" where usted says "Elija").
 */
const TU_WORDS = [
  'tú', 'tu', 'tus', 'te', 'ti', 'contigo', 'tuyo', 'tuya', 'tuyos', 'tuyas',
  'tienes', 'puedes', 'quieres', 'debes', 'eres', 'estás', 'necesitas', 'recibes', 'inicias', 'vives', 'subes', 'conoces', 'sabes',
  'olvidaste', 'leíste', 'votaste', 'abriste', 'iniciaste', 'enviaste', 'pediste', 'hiciste',
  'recibirás', 'verás', 'podrás', 'tendrás', 'entrarás', 'deberás', 'regístrate', 'inténtalo', 'haz',
];
/**
 * Imperatives of "tú" are also the third person ("Elige una contraseña" / "si crea un gasto"):
 * they count only where a sentence starts, where an instruction stands.
 */
const TU_IMPERATIVES = [
  'elige', 'escribe', 'selecciona', 'revisa', 'agrega', 'ingresa', 'vuelve', 'cambia', 'crea', 'usa', 'arrastra', 'suelta',
  'decide', 'sube', 'pulsa', 'toca', 'elimina', 'confirma', 'intenta', 'añade', 'pide', 'llama', 'escoge',
];
const TU = new RegExp(
  `(?<![\\p{L}\\d])(${TU_WORDS.join('|')})(?![\\p{L}\\d])|(?<=^|[.:!?¿¡]\\s*)(${TU_IMPERATIVES.join('|')})(?![\\p{L}\\d])`,
  'giu',
);

/** A Spanish greeting that assumes a gender the account does not record. */
const GENDERED_GREETING = /\bBienvenid[oa]s?\b/u;

/** The "tú" forms in a Spanish text ({{placeholders}} left out). */
export const tuFormsIn = (text: string) => text.replace(/\{\{[^}]*\}\}|\{\w+\}/g, ' ').match(TU) ?? [];

/** Whether a Spanish text greets with a gendered "Bienvenido/a". */
export const greetsByGender = (text: string) => GENDERED_GREETING.test(text);
