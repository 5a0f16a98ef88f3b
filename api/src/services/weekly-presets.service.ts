import { type WeeklyPreset, isoWeek } from '@app/shared';
import { type Db, WeeklyPresetsRepository } from '@app/shared/server';

/** The presets of the current ISO week: the catalogue rotates through its slots week by week. */
export class WeeklyPresetsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async current(): Promise<{ presets: WeeklyPreset[]; currentWeek: string }> {
    const repo = new WeeklyPresetsRepository(this.db);
    const { year, week } = isoWeek(this.now());
    const slot = week % (await repo.slotCount());
    const rows = await repo.listForSlot(slot);
    return {
      presets: rows.map((r) => ({ id: r.key, key: r.key, label: r.label, prompt: r.prompt })),
      currentWeek: `${year}-W${String(week).padStart(2, '0')}`,
    };
  }

  async find(key: string): Promise<(WeeklyPreset & { negativePrompt: string | null }) | undefined> {
    const repo = new WeeklyPresetsRepository(this.db);
    const { week } = isoWeek(this.now());
    const rows = await repo.listForSlot(week % (await repo.slotCount()));
    const row = rows.find((r) => r.key === key);
    return row && { id: row.key, key: row.key, label: row.label, prompt: row.prompt, negativePrompt: row.negative_prompt };
  }
}
