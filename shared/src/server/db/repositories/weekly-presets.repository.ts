import type { Db } from '../db';

export interface WeeklyPresetRow {
  key: string;
  label: string;
  prompt: string;
  negative_prompt: string | null;
}

/** The weekly preset catalogue: the list of a week is every active preset of its rotation slot. */
export class WeeklyPresetsRepository {
  constructor(private readonly db: Db) {}

  async slotCount(): Promise<number> {
    const row = await this.db
      .selectFrom('weekly_presets')
      .select((eb) => eb.fn.max<number>('rotation_slot').as('max'))
      .where('active', '=', true)
      .executeTakeFirst();
    return (row?.max ?? 0) + 1;
  }

  listForSlot(slot: number): Promise<WeeklyPresetRow[]> {
    return this.db
      .selectFrom('weekly_presets')
      .select(['key', 'label', 'prompt', 'negative_prompt'])
      .where('active', '=', true)
      .where('rotation_slot', '=', slot)
      .orderBy('sort_order')
      .execute();
  }
}
