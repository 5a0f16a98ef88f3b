import { describe, expect, it } from 'vitest';
import { WaitlistService } from './waitlist.service';

describe('WaitlistService', () => {
  it('answers the same whether the address is new or already listed, so the list never reveals who is on it', async () => {
    const listed = new Set<string>();
    const entries: Array<{ email: string; referrerEmail?: string | null; source?: string }> = [];
    const service = new WaitlistService({
      waitlist: {
        add: async (entry) => {
          entries.push(entry);
          if (listed.has(entry.email)) return false;
          listed.add(entry.email);
          return true;
        },
      },
    });
    const first = await service.join({ email: 'ada@example.com' });
    expect(first).toEqual({ success: true, message: "You're on the list! We'll email you when your spot opens." });
    await expect(service.join({ email: 'ada@example.com', referrerEmail: 'bob@example.com', source: 'coming-soon' })).resolves.toEqual(first);
    expect(entries).toEqual([
      { email: 'ada@example.com', referrerEmail: null },
      { email: 'ada@example.com', referrerEmail: 'bob@example.com', source: 'coming-soon' },
    ]);
  });
});
