/**
 * The one country/city catalogue of the product. Ids are stable: ISO 3166 alpha-2 for
 * countries (plus `other`), `<country>-<slug>` for cities; every country ends with an
 * "other city" entry. The API stores ids; labels are given in both languages here.
 */
export type Label = { es: string; en: string };
export type City = { id: string; name: Label };
export type Country = { id: string; name: Label; cities: City[] };

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

const OTHER_CITY: Label = { es: 'Otra ciudad', en: 'Other city' };

function country(id: string, name: Label, cityNames: Array<string | Label>): Country {
  const cities = cityNames.map((city) => {
    const label = typeof city === 'string' ? { es: city, en: city } : city;
    return { id: `${id}-${slug(label.es)}`, name: label };
  });
  cities.push({ id: `${id}-other`, name: OTHER_CITY });
  return { id, name, cities };
}

export const COUNTRIES: Country[] = [
  // Santo Domingo first (the registration default), then the capital's municipalities, then
  // the other main municipalities (every provincial seat) and tourist towns, by name.
  country('DO', { es: 'República Dominicana', en: 'Dominican Republic' }, [
    'Santo Domingo',
    'Distrito Nacional',
    'Santo Domingo Este',
    'Santo Domingo Norte',
    'Santo Domingo Oeste',
    'Boca Chica',
    'Los Alcarrizos',
    'Pedro Brand',
    'San Antonio de Guerra',
    'Azua',
    'Bajos de Haina',
    'Baní',
    'Barahona',
    'Bávaro',
    'Bonao',
    'Cabarete',
    'Comendador',
    'Constanza',
    'Cotuí',
    'Dajabón',
    'El Seibo',
    'Hato Mayor',
    'Higüey',
    'Jarabacoa',
    'Jimaní',
    'La Romana',
    'La Vega',
    'Las Terrenas',
    'Mao',
    'Moca',
    'Monte Plata',
    'Montecristi',
    'Nagua',
    'Neiba',
    'Pedernales',
    'Puerto Plata',
    'Punta Cana',
    'Sabaneta',
    'Salcedo',
    'Samaná',
    'San Cristóbal',
    'San Francisco de Macorís',
    'San José de Ocoa',
    'San Juan de la Maguana',
    'San Pedro de Macorís',
    'Santiago',
    'Sosúa',
    'Villa Altagracia',
    'Villa González',
  ]),
  country('US', { es: 'Estados Unidos', en: 'United States' }, [
    { es: 'Nueva York', en: 'New York' },
    'Miami',
    'Boston',
    { es: 'Nueva Jersey', en: 'New Jersey' },
    'Orlando',
    'Los Ángeles',
    'Chicago',
    'Houston',
  ]),
  country('ES', { es: 'España', en: 'Spain' }, ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Málaga', 'Bilbao']),
  country('PR', { es: 'Puerto Rico', en: 'Puerto Rico' }, ['San Juan', 'Bayamón', 'Carolina', 'Ponce', 'Caguas', 'Mayagüez']),
  country('PA', { es: 'Panamá', en: 'Panama' }, [
    { es: 'Ciudad de Panamá', en: 'Panama City' },
    'Colón',
    'David',
    'Santiago de Veraguas',
  ]),
  country('MX', { es: 'México', en: 'Mexico' }, [
    { es: 'Ciudad de México', en: 'Mexico City' },
    'Guadalajara',
    'Monterrey',
    'Cancún',
    'Puebla',
    'Mérida',
  ]),
  country('CA', { es: 'Canadá', en: 'Canada' }, ['Toronto', 'Montreal', 'Vancouver', 'Calgary', 'Ottawa']),
  country('CO', { es: 'Colombia', en: 'Colombia' }, ['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Cartagena']),
  country('CL', { es: 'Chile', en: 'Chile' }, ['Santiago de Chile', 'Valparaíso', 'Concepción', 'Viña del Mar']),
  country('AR', { es: 'Argentina', en: 'Argentina' }, ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza']),
  country('BR', { es: 'Brasil', en: 'Brazil' }, ['São Paulo', 'Río de Janeiro', 'Brasilia', 'Salvador']),
  country('PE', { es: 'Perú', en: 'Peru' }, ['Lima', 'Arequipa', 'Trujillo', 'Cusco']),
  country('EC', { es: 'Ecuador', en: 'Ecuador' }, ['Quito', 'Guayaquil', 'Cuenca']),
  country('VE', { es: 'Venezuela', en: 'Venezuela' }, ['Caracas', 'Maracaibo', 'Valencia', 'Barquisimeto']),
  country('CU', { es: 'Cuba', en: 'Cuba' }, ['La Habana', 'Santiago de Cuba', 'Camagüey']),
  country('other', { es: 'Otro país', en: 'Other country' }, []),
];

export const DEFAULT_COUNTRY_ID = 'DO';
export const DEFAULT_CITY_ID = 'DO-santo-domingo';

const countriesById = new Map(COUNTRIES.map((c) => [c.id, c]));
const citiesById = new Map(COUNTRIES.flatMap((c) => c.cities.map((city) => [city.id, { ...city, countryId: c.id }] as const)));

export const findCountry = (id: string | null | undefined) => (id ? countriesById.get(id) : undefined);
export const findCity = (id: string | null | undefined) => (id ? citiesById.get(id) : undefined);
export const isCityOfCountry = (cityId: string, countryId: string) => findCity(cityId)?.countryId === countryId;

/** Human label of a country or city id in the given language; unknown ids are shown as given. */
export const countryName = (id: string | null | undefined, lang: 'es' | 'en' = 'es') =>
  findCountry(id)?.name[lang] ?? id ?? '';
export const cityName = (id: string | null | undefined, lang: 'es' | 'en' = 'es') => findCity(id)?.name[lang] ?? id ?? '';
