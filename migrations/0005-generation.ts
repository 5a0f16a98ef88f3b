import { type Kysely, sql } from 'kysely';

/**
 * A run's outputs are numbered, so a retried or recovered job writes the same rows again
 * instead of new ones; and the weekly preset catalogue gets its first presets.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('output_index', 'integer').execute();
  await db.schema
    .createIndex('media_run_output_key')
    .on('media')
    .columns(['run_id', 'output_index'])
    .unique()
    .where(sql.ref('run_id'), 'is not', null)
    .execute();

  // Two rotations of six: the week's list is every preset whose slot is the ISO week modulo 2.
  const presets: Array<[string, string, string, number]> = [
    ['golden_hour_glow', 'Golden Hour Glow', 'warm golden hour portrait, sun flare, soft amber light, glowing skin, gentle film grain', 0],
    ['neon_noir', 'Neon Noir', 'night city portrait in rain, neon pink and teal reflections, cinematic noir mood, 35mm', 0],
    ['vintage_film', 'Vintage Film', '1970s film photograph, faded warm colours, soft grain, light leaks, nostalgic mood', 0],
    ['pastel_dream', 'Pastel Dream', 'dreamy pastel portrait, soft pink and lavender haze, airy light, ethereal glow', 0],
    ['monochrome_editorial', 'Monochrome Editorial', 'black and white fashion editorial portrait, high contrast, dramatic studio light', 0],
    ['tropical_postcard', 'Tropical Postcard', 'bright tropical postcard, saturated teal and orange, sunny beach light, summer mood', 0],
    ['winter_frost', 'Winter Frost', 'cold winter portrait, icy blue tones, soft snow light, crisp frost', 1],
    ['cyber_glow', 'Cyber Glow', 'cyberpunk portrait, electric purple and cyan neon glow, futuristic night', 1],
    ['autumn_gold', 'Autumn Gold', 'autumn portrait, rich orange and gold leaves, warm afternoon light, cosy mood', 1],
    ['moody_blue_hour', 'Moody Blue Hour', 'blue hour portrait, deep blue tones, city lights, moody cinematic atmosphere', 1],
    ['sunset_pop', 'Sunset Pop', 'pop art sunset portrait, vivid magenta and orange gradient, bold colours', 1],
    ['forest_whisper', 'Forest Whisper', 'enchanted forest portrait, soft green light, misty morning, dreamy mood', 1],
  ];
  await db
    .insertInto('weekly_presets')
    .values(presets.map(([key, label, prompt, slot], i) => ({ key, label, prompt, rotation_slot: slot, sort_order: i })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('weekly_presets').execute();
  await db.schema.dropIndex('media_run_output_key').execute();
  await db.schema.alterTable('media').dropColumn('output_index').execute();
}
