import type { Knex } from 'knex';
import { DEFAULT_CHART, DEFAULT_CHART_ENGLISH, DEFAULT_FUND_NAMES } from '../shared/books';

const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The defaults an organization gets are named in its language (`organizations.settings.language`,
 * system settings; Spanish unless it is English): its chart of accounts (trigger
 * `organizations_chart`, through books_default_chart) and each new property's operating and
 * reserve funds (trigger `properties_funds`). When the language changes, the defaults still
 * named as the other language named them are renamed (an account or fund the administrators
 * renamed keeps its name; a fund is not renamed onto another fund's name in its property).
 */
const NAMES = [
  ...DEFAULT_CHART.flatMap((account) => [`('es', 'account', ${quoted(account.key)}, ${quoted(account.name)})`, `('en', 'account', ${quoted(account.key)}, ${quoted(DEFAULT_CHART_ENGLISH[account.key])})`]),
  ...Object.entries(DEFAULT_FUND_NAMES).flatMap(([language, names]) => Object.entries(names).map(([kind, name]) => `(${quoted(language)}, 'fund', ${quoted(kind)}, ${quoted(name)})`)),
].join(',\n      ');

const CHART = DEFAULT_CHART.map((a) => `(${quoted(a.code)}, ${quoted(a.name)}, ${quoted(a.kind)}, ${quoted(a.key)})`).join(',\n        ');

export async function up(knex: Knex) {
  await knex.raw(`
    create function vecindad_organization_language(organization integer) returns text language sql stable as $$
      select case when settings->>'language' = 'en' then 'en' else 'es' end from organizations where id = organization
    $$;

    -- The name of a default ('account' by its key, 'fund' by its kind) in a language.
    create function vecindad_default_name(lang text, what text, key text) returns text language sql immutable as $$
      select d.name from (values
      ${NAMES}
      ) as d(language, what, key, name) where d.language = $1 and d.what = $2 and d.key = $3
    $$;

    create or replace function books_default_chart(org integer) returns void language plpgsql as $$
    declare
      lang text := vecindad_organization_language(org);
    begin
      insert into accounts (organization_id, code, name, kind, key)
        select org, c.code, coalesce(vecindad_default_name(lang, 'account', c.key), c.name), c.kind, c.key
          from (values
        ${CHART}
          ) as c(code, name, kind, key)
      on conflict do nothing;
    end $$;

    create or replace function properties_funds() returns trigger language plpgsql as $$
    declare
      lang text := vecindad_organization_language(new.organization_id);
    begin
      insert into funds (organization_id, property_id, name, kind, opening_date) values
        (new.organization_id, new.id, vecindad_default_name(lang, 'fund', 'operating'), 'operating', (now() at time zone 'America/Santo_Domingo')::date),
        (new.organization_id, new.id, vecindad_default_name(lang, 'fund', 'reserve'), 'reserve', (now() at time zone 'America/Santo_Domingo')::date);
      return new;
    end $$;

    create function organizations_default_names() returns trigger language plpgsql as $$
    declare
      was text := case when old.settings->>'language' = 'en' then 'en' else 'es' end;
      now_is text := case when new.settings->>'language' = 'en' then 'en' else 'es' end;
    begin
      if was = now_is then return null; end if;
      update accounts a set name = vecindad_default_name(now_is, 'account', a.key), updated_at = now()
       where a.organization_id = new.id and a.key is not null and a.name = vecindad_default_name(was, 'account', a.key);
      update funds f set name = vecindad_default_name(now_is, 'fund', f.kind), updated_at = now()
       where f.organization_id = new.id and f.kind in ('operating', 'reserve') and f.name = vecindad_default_name(was, 'fund', f.kind)
         and not exists (select 1 from funds o where o.property_id = f.property_id and o.id <> f.id
                           and lower(o.name) = lower(vecindad_default_name(now_is, 'fund', f.kind)));
      return null;
    end $$;
    create trigger organizations_default_names after update of settings on organizations
      for each row execute function organizations_default_names();
  `);
}

export async function down(knex: Knex) {
  const spanishChart = DEFAULT_CHART.map((a) => `(org, ${quoted(a.code)}, ${quoted(a.name)}, ${quoted(a.kind)}, ${quoted(a.key)})`).join(',\n        ');
  await knex.raw(`
    drop trigger organizations_default_names on organizations;
    drop function organizations_default_names();
    create or replace function properties_funds() returns trigger language plpgsql as $$
    begin
      insert into funds (organization_id, property_id, name, kind, opening_date) values
        (new.organization_id, new.id, 'Fondo operativo', 'operating', (now() at time zone 'America/Santo_Domingo')::date),
        (new.organization_id, new.id, 'Fondo de reserva', 'reserve', (now() at time zone 'America/Santo_Domingo')::date);
      return new;
    end $$;
    create or replace function books_default_chart(org integer) returns void language plpgsql as $$
    begin
      insert into accounts (organization_id, code, name, kind, key) values
        ${spanishChart}
      on conflict do nothing;
    end $$;
    drop function vecindad_default_name(text, text, text);
    drop function vecindad_organization_language(integer);
  `);
}
