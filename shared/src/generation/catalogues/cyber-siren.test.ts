import { describe, expect, it } from 'vitest';
import {
  CYBER_SIREN_ACCEPTED_IDS,
  CYBER_SIREN_PRESETS,
  CYBER_SIREN_VARIANTS,
  isCyberSirenPresetId,
  resolveCyberSirenPreset,
} from './cyber-siren';
import { validatePresetDefinition } from './preset-validation';

describe('Cyber Siren catalogue', () => {
  it('accepts exactly the eight ids of spec 1 §3', () => {
    // Sorted, as the spec lists them in no order that matters.
    expect([...CYBER_SIREN_ACCEPTED_IDS].sort()).toEqual([
      'neo_tokyo_base',
      'neo_tokyo_scanlines',
      'neo_tokyo_tattoos',
      'neo_tokyo_visor',
      'serpent_line',
      'signal_loss',
      'silver_proxy',
      'smoke_signal',
    ]);
    expect(isCyberSirenPresetId('neo_tokyo_visor')).toBe(true);
    expect(isCyberSirenPresetId('neo_tokyo_glitter')).toBe(false);
  });

  it('resolves every accepted id to a complete preset with that id', () => {
    for (const id of CYBER_SIREN_ACCEPTED_IDS) {
      const preset = resolveCyberSirenPreset(id);
      expect(preset?.id).toBe(id);
      if (preset) expect(validatePresetDefinition(preset)).toEqual([]);
    }
  });

  it('builds a variant from Cyber Siren with its add-on', () => {
    const base = resolveCyberSirenPreset('neo_tokyo_base');
    const visor = resolveCyberSirenPreset('neo_tokyo_visor');
    expect(visor?.label).toBe('Cyber Siren · Visor');
    expect(visor?.prompt).toBe(`${base?.prompt} ${CYBER_SIREN_VARIANTS.neo_tokyo_visor.addOn}`);
    expect(visor?.features).toEqual([...(base?.features ?? []), 'visor']);
    expect(visor?.strength).toBe(base?.strength);
    expect(resolveCyberSirenPreset('neo_tokyo_tattoos')?.label).toBe('Cyber Siren · Tattoos');
    expect(resolveCyberSirenPreset('neo_tokyo_scanlines')?.label).toBe('Cyber Siren · Scanlines');
  });

  it('does not change the listed preset when building a variant', () => {
    resolveCyberSirenPreset('neo_tokyo_visor');
    expect(CYBER_SIREN_PRESETS[0]?.features).not.toContain('visor');
  });

  it('resolves nothing for unknown ids, including inherited object keys', () => {
    expect(resolveCyberSirenPreset('nope')).toBeUndefined();
    expect(resolveCyberSirenPreset('toString')).toBeUndefined();
    expect(resolveCyberSirenPreset('__proto__')).toBeUndefined();
  });
});
