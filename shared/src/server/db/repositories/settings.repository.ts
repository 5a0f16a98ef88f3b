import type { Db } from '../db';

export interface LaunchStatus {
  is_launched: boolean;
}

/** App-wide settings kept as JSON values under a key. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get<T>(key: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value as T | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insertInto('app_settings')
      .values({ key, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
      .execute();
  }

  async getLaunchStatus(): Promise<LaunchStatus> {
    const value = await this.get<Partial<LaunchStatus>>('launch');
    return { is_launched: value?.is_launched !== false };
  }

  setLaunchStatus(isLaunched: boolean): Promise<void> {
    return this.set('launch', { is_launched: isLaunched });
  }
}
