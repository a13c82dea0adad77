import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_CITY_ID, findCity } from '@shared/catalog/countries';

describe('the country and city catalogue', () => {
  it('has the municipalities of Greater Santo Domingo and the main Dominican towns', () => {
    const cities = new Map(COUNTRIES.find((country) => country.id === 'DO')!.cities.map((city) => [city.id, city.name.es]));
    expect(Object.fromEntries(['DO-distrito-nacional', 'DO-santo-domingo-este', 'DO-santo-domingo-norte', 'DO-santo-domingo-oeste'].map((id) => [id, cities.get(id)]))).toEqual({
      'DO-distrito-nacional': 'Distrito Nacional',
      'DO-santo-domingo-este': 'Santo Domingo Este',
      'DO-santo-domingo-norte': 'Santo Domingo Norte',
      'DO-santo-domingo-oeste': 'Santo Domingo Oeste',
    });
    for (const id of ['DO-boca-chica', 'DO-los-alcarrizos', 'DO-bonao', 'DO-azua', 'DO-barahona', 'DO-san-juan-de-la-maguana', 'DO-nagua', 'DO-cotui']) {
      expect(cities.has(id), id).toBe(true);
    }
  });

  it('keeps the ids stored before (registration default first) and every id unique', () => {
    const dominican = COUNTRIES.find((country) => country.id === 'DO')!.cities.map((city) => city.id);
    expect(dominican[0]).toBe(DEFAULT_CITY_ID);
    for (const id of ['DO-santo-domingo', 'DO-santiago', 'DO-la-vega', 'DO-puerto-plata', 'DO-san-pedro-de-macoris', 'DO-la-romana', 'DO-punta-cana', 'DO-san-francisco-de-macoris', 'DO-higuey', 'DO-moca', 'DO-bani', 'DO-san-cristobal', 'DO-samana', 'DO-other']) {
      expect(findCity(id)?.countryId, id).toBe('DO');
    }
    expect(dominican.at(-1)).toBe('DO-other');
    const ids = COUNTRIES.flatMap((country) => country.cities.map((city) => city.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
