/**
 * The "How to Get the Look" guide (spec 3 §2 /bestpractices): our description of every catalogue
 * look, keyed by preset id, and the twelve looks the guide shows with an example image each.
 */
export const LOOK_DESCRIPTIONS: Record<string, string> = {
  // Unreal Reflection
  unreal_reflection_syndicate: 'A cinematic crime-drama still: tailored suit, low tungsten light and the stare of someone who runs the room.',
  unreal_reflection_yakuza_heir: 'Heir to a Tokyo clan: open black silk, lantern-lit alley, ink-dark shadows and a quiet, dangerous calm.',
  unreal_reflection_gothic_pact: 'A Victorian aristocrat the moment after the pact is sealed: candlelight, velvet, and a secret in the eyes.',
  unreal_reflection_oracle_of_seoul: 'A mystical oracle of a future Seoul: hanbok lines meet holographic light in a serene, glowing portrait.',
  unreal_reflection_medusas_mirror: 'A modern Medusa caught in an ancient bronze mirror: verdigris tones, coiled light and a gaze that holds.',
  unreal_reflection_chromatic_bloom: 'A high-fashion beauty editorial inside an explosion of colour: petals, gloss and saturated light.',
  // Parallel Self
  parallel_self_black_aura: 'All-black monochrome editorial: layered textures, sharp tailoring and a moody, minimalist set.',
  parallel_self_untouchable: 'The A-list arrival: flashbulbs, red carpet glow and the poise of someone who is always photographed.',
  parallel_self_neon_proof: 'Rain-proof techwear on a cyberpunk street: reflective fabrics, neon signage and wet asphalt.',
  parallel_self_mechanic: 'A skilled mechanic in a vintage garage: oil-stained overalls, warm work lights and classic chrome.',
  parallel_self_colorcore: 'A bold colorcore fashion portrait: block colours head to toe against a matching, playful backdrop.',
  parallel_self_getaway_lookbook: 'A luxury summer getaway lookbook: linen, sun-bleached terraces and a slow holiday afternoon.',
  // Ghibli Reaction
  ghibli_reaction_tears: 'A hand-painted anime frame of happy tears: soft watercolour skies and glistening, oversized eyes.',
  ghibli_reaction_shock: 'The classic anime double take: wide eyes, motion lines and a painted countryside frozen mid-gasp.',
  ghibli_reaction_sparkle: 'Pure delight in a painted frame: sparkling eyes, drifting petals and a warm summer breeze.',
  ghibli_reaction_love: 'Smitten, anime style: blushing cheeks, floating hearts and a golden-hour meadow behind you.',
  // Cyber Siren
  neo_tokyo_base: 'A cyberpunk siren in Neo-Tokyo at night: neon reflections, rain haze and chrome accents.',
  neo_tokyo_visor: 'The Neo-Tokyo siren with a glowing holographic visor slicing the frame in cyan light.',
  neo_tokyo_tattoos: 'The Neo-Tokyo siren with luminous circuit tattoos tracing the face and neck.',
  neo_tokyo_scanlines: 'The Neo-Tokyo siren seen through a CRT: scanlines, chromatic fringing and analogue glow.',
  silver_proxy: 'A chrome android proxy: mirror-finish liquid metal skin that still keeps your features.',
  serpent_line: 'A cyber assassin with a glowing neon serpent coiling around the shoulders in the dark.',
  smoke_signal: 'Emerging from thick coloured smoke in a derelict arcade, lit by failing neon.',
  signal_loss: 'Caught in a corrupted broadcast: digital tearing, glitch blocks and a signal about to drop.',
  // Story Time
  story_time_cinematic: 'A slow cinematic dolly-in with subtle parallax, like the opening shot of a film.',
  story_time_dreamlike: 'A dreamy floating drift around the scene with soft focus and slow-motion light.',
  story_time_retro: 'A Super 8 home movie: gentle handheld sway, film grain and faded warm colour.',
};

export interface GuideSection {
  mode: 'parallel-self' | 'unreal-reflection';
  clientMode: 'parallelself' | 'unrealreflection';
  title: string;
  presetIds: string[];
}

/** The looks the guide shows, six per mode, in the order of their catalogues. */
export const GUIDE_LOOKS: GuideSection[] = [
  {
    mode: 'parallel-self',
    clientMode: 'parallelself',
    title: 'Parallel Self',
    presetIds: ['parallel_self_black_aura', 'parallel_self_untouchable', 'parallel_self_neon_proof', 'parallel_self_mechanic', 'parallel_self_colorcore', 'parallel_self_getaway_lookbook'],
  },
  {
    mode: 'unreal-reflection',
    clientMode: 'unrealreflection',
    title: 'Unreal Reflection',
    presetIds: [
      'unreal_reflection_syndicate',
      'unreal_reflection_yakuza_heir',
      'unreal_reflection_gothic_pact',
      'unreal_reflection_oracle_of_seoul',
      'unreal_reflection_medusas_mirror',
      'unreal_reflection_chromatic_bloom',
    ],
  },
];

/** The example image of a guide look, made by `npm run guide:examples` and served from web/public/guide/. */
export function guideExampleUrl(presetId: string): string {
  return `/guide/${presetId}.webp`;
}
