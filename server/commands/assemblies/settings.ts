import type { Knex } from 'knex';
import { DEFAULT_NOTICE_DAYS } from '../../../shared/assemblies';
import { AssemblySettingsSchema, type AssemblySettings } from '../../../shared/schemas/assemblies';
import { db } from '../../db';
import { readModuleSettings, saveModuleSettings } from '../../db/moduleSettings';
import type { User } from '../../models';

/**
 * The organization's assembly settings (system settings, tab Asambleas), kept in
 * `organizations.settings.assemblies`: the days of notice under which convening warns (Ley 5038
 * leaves it to the building's rules; 8 by default). A value never saved, or unreadable, is the
 * default.
 */
export const assemblySettingsOf = (organizationId: number, trx: Knex = db()): Promise<AssemblySettings> =>
  readModuleSettings(trx, organizationId, 'assemblies', AssemblySettingsSchema, { noticeDays: DEFAULT_NOTICE_DAYS });

/** Saves them; the organization's administrators hear `assembly.settings_updated`. */
export const updateAssemblySettings = (trx: Knex, actor: User, input: AssemblySettings) => saveModuleSettings(trx, actor, 'assemblies', input, 'assembly.settings_updated');
