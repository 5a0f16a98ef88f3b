/**
 * Prompt enhancement (spec 1 §5, the magic wand): the need heuristic and a local, deterministic
 * enhancer that keeps the person's words first and adds style, lighting, lens and mood phrases
 * chosen from the words present.
 */

/** Style and mood words: a prompt that names one is judged to need enhancement. */
export const STYLE_KEYWORDS: readonly string[] = [
  'aesthetic', 'analog', 'anime', 'artistic', 'atmospheric', 'baroque', 'boho', 'cartoon', 'chic',
  'cinematic', 'cozy', 'cosy', 'cute', 'cyberpunk', 'dark', 'dramatic', 'dreamy', 'edgy', 'editorial',
  'elegant', 'epic', 'ethereal', 'fantasy', 'film', 'futuristic', 'ghibli', 'glam', 'glamour',
  'glamorous', 'gloomy', 'gothic', 'grunge', 'haunting', 'illustration', 'kawaii', 'lofi', 'luxurious',
  'magical', 'melancholic', 'melancholy', 'minimal', 'minimalist', 'moody', 'mystical', 'neon', 'noir',
  'nostalgic', 'painterly', 'painting', 'pastel', 'polaroid', 'psychedelic', 'renaissance', 'retro',
  'romantic', 'rustic', 'serene', 'sketch', 'spooky', 'steampunk', 'surreal', 'synthwave', 'vaporwave',
  'vibrant', 'vintage', 'watercolor', 'watercolour', 'whimsical', 'y2k',
];

/** Common words that say nothing about the picture (used by the "meaningful words" count). */
export const STOP_WORDS: readonly string[] = [
  'about', 'above', 'after', 'again', 'also', 'among', 'around', 'because', 'been', 'before', 'being',
  'below', 'between', 'both', 'change', 'could', 'does', 'doing', 'done', 'down', 'each', 'edit',
  'effect', 'even', 'every', 'from', 'give', 'have', 'having', 'here', 'image', 'into', 'just', 'like',
  'look', 'looks', 'make', 'made', 'many', 'more', 'most', 'much', 'must', 'need', 'only', 'onto', 'other',
  'over', 'photo', 'photos', 'pic', 'picture', 'please', 'really', 'same', 'should', 'some', 'such',
  'than', 'that', 'their', 'them', 'then', 'there', 'these', 'they', 'thing', 'this', 'those', 'through',
  'turn', 'under', 'very', 'want', 'were', 'what', 'when', 'where', 'which', 'while', 'will', 'with',
  'would', 'your', 'yours', 'version', 'style', 'kind', 'something', 'make', 'better', 'nice', 'good',
  'cool', 'awesome', 'beautiful', 'pretty', 'amazing',
];

const STYLE_SET = new Set(STYLE_KEYWORDS);
const STOP_SET = new Set(STOP_WORDS);

/** Spec 1 §5: the prompt is trimmed-short, names a style or mood, or has too few meaningful words. */
export function needsEnhancement(prompt: string): boolean {
  const trimmed = prompt.trim();
  if (trimmed.length < 15) return true;
  const tokens = tokenize(trimmed);
  if (tokens.some((token) => STYLE_SET.has(token) || token.split('-').some((part) => STYLE_SET.has(part)))) return true;
  const meaningful = tokens.filter((token) => token.length > 3 && !STOP_SET.has(token));
  return meaningful.length < 2;
}

type Category = 'style' | 'detail' | 'lighting' | 'lens' | 'depth' | 'palette' | 'mood' | 'quality';

/** Output order of the categories, and how many phrases each may contribute. */
const CATEGORY_ORDER: readonly Category[] = ['style', 'detail', 'lighting', 'lens', 'depth', 'palette', 'mood', 'quality'];
const CATEGORY_CAP: Record<Category, number> = { style: 1, detail: 2, lighting: 1, lens: 1, depth: 1, palette: 1, mood: 1, quality: 1 };
/** Categories that only make sense for a photograph. */
const PHOTO_CATEGORIES = new Set<Category>(['lens', 'depth']);

interface Phrase {
  text: string;
  category: Category;
  /** Only for a photographic result (skipped when the prompt asks for an illustration). */
  photoOnly?: boolean;
}

interface Rule {
  name: string;
  /** Words (lowercase) that switch the rule on; plurals match too. */
  triggers: readonly string[];
  /** 3: the person named a style; 2: a setting or subject; lighting of subject rules is weaker. */
  priority: number;
  phrases: readonly Phrase[];
  /** The prompt asks for a drawn or painted result. */
  illustrated?: boolean;
  /** Terms for the negative prompt. */
  negative?: readonly string[];
}

const p = (category: Category, text: string, photoOnly = false): Phrase => ({ text, category, photoOnly });

/** Phrase rules; among equal priority, the rule whose word comes first in the prompt wins. */
const RULES: readonly Rule[] = [
  // ---- styles the person named (priority 3) ----
  { name: 'noir', priority: 3, triggers: ['noir', 'detective'], phrases: [p('style', 'black-and-white film still'), p('lighting', 'hard venetian-blind shadows'), p('mood', 'tense mysterious mood')] },
  { name: 'moody', priority: 3, triggers: ['moody', 'gloomy', 'dark', 'shadowy', 'brooding', 'melancholy', 'melancholic'], phrases: [p('lighting', 'low-key chiaroscuro lighting'), p('palette', 'muted desaturated palette'), p('mood', 'brooding atmosphere')] },
  { name: 'vintage', priority: 3, triggers: ['vintage', 'retro', 'film', 'analog', 'analogue', 'polaroid', 'nostalgic', 'nostalgia', '70s', '80s', '90s'], phrases: [p('style', 'shot on Kodak Portra 400', true), p('detail', 'subtle grain texture'), p('palette', 'faded warm tones'), p('mood', 'nostalgic feel')] },
  { name: 'dreamy', priority: 3, triggers: ['dreamy', 'dream', 'ethereal', 'pastel', 'heavenly', 'angelic', 'whimsical', 'fairy', 'magical'], phrases: [p('lighting', 'soft diffused glow'), p('palette', 'pastel color palette'), p('detail', 'gentle bloom'), p('mood', 'serene otherworldly mood')] },
  { name: 'neon', priority: 3, triggers: ['neon', 'cyberpunk', 'cyber', 'synthwave', 'vaporwave', 'futuristic', 'sci-fi', 'scifi'], phrases: [p('style', 'cyberpunk aesthetic'), p('lighting', 'vivid magenta and cyan glow'), p('detail', 'holographic reflections'), p('palette', 'electric teal-and-pink palette')] },
  { name: 'illustration', priority: 3, illustrated: true, triggers: ['anime', 'manga', 'ghibli', 'cartoon', 'illustration', 'illustrated', 'drawing', 'drawn', 'comic', 'watercolor', 'watercolour', 'painting', 'painted', 'painterly', 'sketch', 'kawaii'], phrases: [p('style', 'hand-painted illustration'), p('style', 'storybook art style'), p('detail', 'clean expressive linework'), p('lighting', 'soft cel shading'), p('palette', 'vibrant harmonious colors'), p('quality', 'crisp details')], negative: ['photorealistic', '3d render', 'messy lines'] },
  { name: 'fantasy', priority: 3, triggers: ['fantasy', 'dragon', 'castle', 'wizard', 'witch', 'elf', 'elven', 'mythical', 'enchanted', 'medieval', 'knight', 'magic', 'warrior', 'viking', 'samurai', 'princess', 'queen', 'king', 'sorceress'], phrases: [p('style', 'epic fantasy film still'), p('detail', 'glowing arcane particles'), p('lighting', 'dramatic golden rim light'), p('mood', 'awe-inspiring scale')] },
  { name: 'cinematic', priority: 3, triggers: ['cinematic', 'movie', 'dramatic', 'epic', 'blockbuster'], phrases: [p('style', 'anamorphic widescreen film still', true), p('palette', 'teal and orange color grade'), p('lighting', 'dramatic rim lighting'), p('lens', 'anamorphic 40mm lens', true)] },
  { name: 'gothic', priority: 3, triggers: ['gothic', 'spooky', 'haunted', 'horror', 'halloween', 'creepy', 'vampire'], phrases: [p('lighting', 'flickering candlelight'), p('palette', 'deep crimson and black palette'), p('detail', 'drifting fog'), p('mood', 'eerie haunting atmosphere')] },
  // ---- settings (priority 2) ----
  { name: 'night-city', priority: 2, triggers: ['night', 'city', 'street', 'urban', 'downtown', 'tokyo', 'alley', 'nightlife', 'nighttime', 'neon-lit'], phrases: [p('lighting', 'neon rim light'), p('lens', '35mm lens', true), p('detail', 'reflections on wet pavement'), p('palette', 'cool blue night tones'), p('mood', 'electric nocturnal energy')] },
  { name: 'rain', priority: 2, triggers: ['rain', 'rainy', 'storm', 'stormy', 'drizzle', 'thunderstorm', 'raining'], phrases: [p('detail', 'glistening raindrops'), p('lighting', 'overcast diffused light'), p('palette', 'cool slate tones'), p('mood', 'wistful rainy mood')] },
  { name: 'forest', priority: 2, triggers: ['forest', 'woods', 'woodland', 'jungle', 'tree', 'garden', 'nature', 'meadow', 'park', 'leaves', 'moss'], phrases: [p('lighting', 'volumetric god rays'), p('detail', 'lush green foliage'), p('palette', 'earthy green palette'), p('mood', 'tranquil atmosphere')] },
  { name: 'beach', priority: 2, triggers: ['beach', 'sea', 'ocean', 'coast', 'island', 'tropical', 'summer', 'sunset', 'sunrise', 'lake', 'surf', 'seaside'], phrases: [p('lighting', 'golden hour sunlight'), p('detail', 'sparkling water'), p('palette', 'warm sun-kissed tones'), p('mood', 'carefree holiday vibe')] },
  { name: 'landscape', priority: 2, triggers: ['mountain', 'landscape', 'desert', 'valley', 'canyon', 'sky', 'cloud', 'cliff', 'hill', 'horizon'], phrases: [p('lens', '24mm wide-angle lens', true), p('detail', 'atmospheric haze'), p('lighting', 'soft morning light'), p('mood', 'sense of vast scale')] },
  { name: 'winter', priority: 2, triggers: ['snow', 'snowy', 'winter', 'ice', 'icy', 'frozen', 'frost', 'christmas', 'cold'], phrases: [p('lighting', 'crisp cold daylight'), p('palette', 'icy blue and white palette'), p('detail', 'falling snowflakes'), p('mood', 'quiet wintry calm')] },
  { name: 'space', priority: 2, triggers: ['space', 'galaxy', 'astronaut', 'planet', 'star', 'cosmic', 'universe', 'nebula', 'moon', 'rocket'], phrases: [p('style', 'space opera still'), p('lighting', 'glowing nebula backlight'), p('detail', 'star-filled backdrop'), p('palette', 'deep indigo and violet palette')] },
  { name: 'interior', priority: 2, triggers: ['studio', 'room', 'office', 'cafe', 'kitchen', 'bedroom', 'library', 'home', 'indoors', 'indoor'], phrases: [p('lighting', 'soft window light'), p('detail', 'tasteful interior details'), p('mood', 'warm inviting mood')] },
  { name: 'architecture', priority: 2, triggers: ['building', 'architecture', 'skyline', 'bridge', 'tower', 'cathedral', 'temple', 'house', 'skyscraper'], phrases: [p('lens', 'tilt-shift lens', true), p('detail', 'clean geometric lines'), p('lighting', 'blue hour light')] },
  // ---- subjects (priority 2; their lighting is a weaker default) ----
  { name: 'portrait', priority: 2, triggers: ['portrait', 'face', 'headshot', 'selfie', 'man', 'woman', 'girl', 'boy', 'person', 'people', 'me', 'myself', 'guy', 'lady', 'model', 'character', 'friend'], phrases: [p('lens', '85mm lens', true), p('depth', 'shallow depth of field', true), p('detail', 'natural skin texture', true), p('detail', 'sharp catchlights in the eyes'), p('lighting', 'soft key light')], negative: ['deformed face', 'asymmetrical eyes', 'extra fingers', 'mutated hands', 'plastic skin'] },
  { name: 'fashion', priority: 2, triggers: ['fashion', 'outfit', 'dress', 'suit', 'editorial', 'vogue', 'runway', 'clothing', 'streetwear', 'jacket', 'glamour', 'glam'], phrases: [p('style', 'high-fashion editorial'), p('detail', 'rich fabric texture'), p('lighting', 'studio strobe lighting'), p('quality', 'magazine-cover quality')] },
  { name: 'food', priority: 2, triggers: ['food', 'dish', 'meal', 'cake', 'pizza', 'burger', 'dessert', 'coffee', 'breakfast', 'sushi', 'fruit', 'drink', 'cocktail', 'ramen', 'noodle', 'soup', 'bowl', 'salad', 'pasta', 'bread'], phrases: [p('lens', '100mm macro lens', true), p('depth', 'creamy bokeh', true), p('detail', 'glistening appetizing textures'), p('lighting', 'soft side window light')], negative: ['unappetizing', 'plastic-looking food'] },
  { name: 'animal', priority: 2, triggers: ['cat', 'dog', 'puppy', 'kitten', 'pet', 'animal', 'bird', 'horse', 'fox', 'wolf', 'lion', 'tiger', 'bear', 'owl', 'rabbit', 'bunny'], phrases: [p('lens', '200mm telephoto lens', true), p('depth', 'softly blurred background', true), p('detail', 'individual fur detail'), p('detail', 'expressive eyes')], negative: ['extra legs', 'malformed paws'] },
  { name: 'romance', priority: 2, triggers: ['couple', 'love', 'romantic', 'romance', 'wedding', 'bride', 'groom', 'date', 'kiss'], phrases: [p('lighting', 'warm romantic glow'), p('depth', 'bokeh fairy lights', true), p('mood', 'intimate tender mood')] },
  { name: 'vehicle', priority: 2, triggers: ['car', 'motorcycle', 'bike', 'vehicle', 'truck', 'racing', 'race'], phrases: [p('lens', 'low-angle 24mm lens', true), p('detail', 'glossy paint reflections'), p('mood', 'sense of speed')] },
];

/** Fallbacks (priority 0) for the categories no rule filled. */
const DEFAULT_PHRASES: readonly Phrase[] = [
  p('style', 'photorealistic', true),
  p('lighting', 'soft natural lighting'),
  p('lighting', 'gentle ambient illumination'),
  p('lens', '50mm lens', true),
  p('palette', 'rich balanced colors'),
  p('quality', 'sharp focus'),
  p('quality', 'high resolution'),
  p('quality', 'masterful composition'),
];

const BASE_NEGATIVE = ['blurry', 'low resolution', 'jpeg artifacts', 'oversaturated', 'overexposed', 'watermark', 'text', 'distorted proportions'];
const PHOTO_NEGATIVE = ['cartoon', 'illustration', 'cgi'];

/** Short words that never count as a repeated word. */
const JOINING_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'with']);

/** Lowercase words of a text, hyphenated words kept whole. */
function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** A word reduced for comparison (simple plural folding). */
function stem(word: string): string {
  if (word.length > 3 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words of a text that count for repetition (hyphenated words split into their parts too). */
function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const token of tokenize(text)) {
    for (const part of [token, ...(token.includes('-') ? token.split('-') : [])]) {
      if (part.length > 1 && !JOINING_WORDS.has(part)) words.push(stem(part));
    }
  }
  return words;
}

/** Position of the first trigger of `rule` among the prompt's words, or -1. */
function firstTriggerIndex(rule: Rule, stems: readonly string[]): number {
  const triggers = new Set(rule.triggers.map(stem));
  return stems.findIndex((word) => triggers.has(word));
}

/** Maximum length of an enhanced prompt (exclusive). */
export const ENHANCED_PROMPT_MAX_LENGTH = 400;

export interface EnhancedPrompt {
  prompt: string;
  negativePrompt?: string;
}

/**
 * A local enhancement: the person's words first and unchanged, then phrases of style, detail,
 * lighting, lens, depth, palette, mood and quality chosen from the words present. No phrase adds a
 * word that the prompt or an earlier phrase already has; the result is under 400 characters (a
 * prompt already that long is returned trimmed, unchanged) and is the same for the same input.
 */
export function enhancePromptLocally(prompt: string, options: { enhanceNegativePrompt?: boolean } = {}): EnhancedPrompt {
  const subject = prompt.trim();
  if (!subject) return options.enhanceNegativePrompt ? { prompt: '', negativePrompt: BASE_NEGATIVE.join(', ') } : { prompt: '' };

  const promptTokens = tokenize(subject);
  const tokenStems = promptTokens.flatMap((token) => [stem(token), ...(token.includes('-') ? token.split('-').map(stem) : [])]);
  const matched = RULES.map((rule, order) => ({ rule, order, at: firstTriggerIndex(rule, tokenStems) }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => b.rule.priority - a.rule.priority || a.at - b.at || a.order - b.order);
  const illustrated = matched.some((entry) => entry.rule.illustrated === true);

  const candidates: Phrase[] = [];
  for (const { rule } of matched) {
    for (const phrase of rule.phrases) {
      // A subject rule's lighting yields to any setting's lighting: queue it after them.
      if (phrase.category === 'lighting' && isSubjectRule(rule)) continue;
      candidates.push(phrase);
    }
  }
  for (const { rule } of matched) {
    if (isSubjectRule(rule)) candidates.push(...rule.phrases.filter((phrase) => phrase.category === 'lighting'));
  }
  candidates.push(...DEFAULT_PHRASES);

  const used = new Set(contentWords(subject));
  const usedText = new Set<string>([subject.toLowerCase()]);
  const chosen = new Map<Category, string[]>(CATEGORY_ORDER.map((category) => [category, []]));
  const separator = /[.!?;:]$/.test(subject) ? ' ' : subject.endsWith(',') ? ' ' : ', ';
  let length = subject.length + separator.length;
  let count = 0;

  for (const phrase of candidates) {
    if (illustrated && (phrase.photoOnly === true || PHOTO_CATEGORIES.has(phrase.category))) continue;
    const list = chosen.get(phrase.category) ?? [];
    if (list.length >= CATEGORY_CAP[phrase.category]) continue;
    const lower = phrase.text.toLowerCase();
    if ([...usedText].some((text) => text.includes(lower))) continue;
    const words = contentWords(phrase.text);
    if (words.some((word) => used.has(word))) continue;
    const added = phrase.text.length + (count > 0 ? 2 : 0);
    if (length + added >= ENHANCED_PROMPT_MAX_LENGTH) continue;
    list.push(phrase.text);
    chosen.set(phrase.category, list);
    for (const word of words) used.add(word);
    usedText.add(lower);
    length += added;
    count += 1;
  }

  const phrases = CATEGORY_ORDER.flatMap((category) => chosen.get(category) ?? []);
  let enhanced = subject;
  if (phrases.length > 0) {
    const tail = phrases.join(', ');
    const startsSentence = /[.!?]$/.test(subject);
    enhanced = `${subject}${separator}${startsSentence ? tail.charAt(0).toUpperCase() + tail.slice(1) : tail}`;
  }
  const result: EnhancedPrompt = { prompt: enhanced };
  if (options.enhanceNegativePrompt) result.negativePrompt = buildNegativePrompt(subject, matched.map((entry) => entry.rule), illustrated);
  return result;
}

function isSubjectRule(rule: Rule): boolean {
  return SUBJECT_RULES.has(rule.name);
}
const SUBJECT_RULES = new Set(['portrait', 'fashion', 'food', 'animal', 'romance', 'vehicle']);

/** Faults to avoid for what the prompt shows; a term whose word the prompt itself uses is left out. */
function buildNegativePrompt(subject: string, rules: readonly Rule[], illustrated: boolean): string {
  const promptWords = new Set(contentWords(subject));
  const terms: string[] = [];
  const add = (term: string): void => {
    if (terms.includes(term)) return;
    if (contentWords(term).some((word) => promptWords.has(word))) return;
    terms.push(term);
  };
  BASE_NEGATIVE.forEach(add);
  if (!illustrated) PHOTO_NEGATIVE.forEach(add);
  for (const rule of rules) rule.negative?.forEach(add);
  return terms.join(', ');
}
