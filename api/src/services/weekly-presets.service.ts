import { type WeeklyPreset, isoWeek } from '@app/shared';
import type { Repositories } from '@app/shared/server/repositories';

/** The presets of the current ISO week: the catalogue rotates through its slots week by week. */
export class WeeklyPresetsService {
  constructor(
    private readonly presets: Pick<Repositories['weeklyPresets'], 'slotCount' | 'listForSlot'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async current(): Promise<{ presets: WeeklyPreset[]; currentWeek: string }> {
    const { year, week } = isoWeek(this.now());
    const rows = await this.presets.listForSlot(week % (await this.presets.slotCount()));
    return {
      presets: rows.map((r) => ({ id: r.key, key: r.key, label: r.label, prompt: r.prompt })),
      currentWeek: `${year}-W${String(week).padStart(2, '0')}`,
    };
  }

  async find(key: string): Promise<(WeeklyPreset & { negativePrompt: string | null }) | undefined> {
    const { week } = isoWeek(this.now());
    const rows = await this.presets.listForSlot(week % (await this.presets.slotCount()));
    const row = rows.find((r) => r.key === key);
    return row && { id: row.key, key: row.key, label: row.label, prompt: row.prompt, negativePrompt: row.negative_prompt };
  }
}
