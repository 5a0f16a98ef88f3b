import { KEEP_IDENTITY, findPreset } from '../generation';

/** The fields of an item (the web's, a feed answer's) its caption is made from. */
type CaptionSource = { presetType: string | null; presetKey: string | null; prompt: string | null };

/** The catalogue look of an item ('The Syndicate'), or undefined (custom prompts, weekly presets). */
function lookOf(item: Pick<CaptionSource, 'presetType' | 'presetKey'>) {
  // Same look as `lookTitleOf`, with its prompt text (the catalogues, loaded where a caption is shown).
  if (!item.presetType || !item.presetKey) return undefined;
  return findPreset(item.presetType.replace(/_/g, '-'), item.presetKey);
}

const SHORT_DESCRIPTION_MAX = 120;

/** The prompt without the wording every catalogue look appends to keep the face. */
function promptWithoutIdentityWording(prompt: string | null): string {
  return (prompt ?? '').replace(KEEP_IDENTITY, '').trim();
}

/** 'A cinematic crime-drama still' from 'Restyle this photo as a cinematic crime-drama still: the person…'. */
function shortDescriptionOf(prompt: string): string {
  const first = prompt.split(/[:.](?:\s|$)/)[0]?.trim() ?? '';
  const subject = first.replace(/^(restyle|turn|reimagine|transform) (this|the) (photo|picture|image) (as|into)\s+/i, '');
  const text = subject.length > SHORT_DESCRIPTION_MAX ? `${subject.slice(0, SHORT_DESCRIPTION_MAX - 1).trimEnd()}…` : subject;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface Caption {
  /** The look's name ('The Syndicate'), null for a person's own prompt. */
  title: string | null;
  /** One short line: the look's description, or the person's prompt. */
  text: string;
  /** The whole prompt worth offering behind 'Show full prompt' (null when `text` is all of it). */
  fullPrompt: string | null;
}

/**
 * What a card or the viewer says of an item: a catalogue look by its name and a short
 * description (never its engineering prompt); a person's own prompt as they wrote it; without
 * a prompt, 'Generated with {presetKey}' or 'AI Generated Content' (spec 2 §3). The server's
 * /m/<id> page says the same (its title and description).
 */
export function captionOf(item: CaptionSource): Caption {
  const look = lookOf(item);
  const prompt = promptWithoutIdentityWording(item.prompt);
  if (look) {
    const full = promptWithoutIdentityWording(look.prompt);
    return { title: look.label, text: shortDescriptionOf(full), fullPrompt: prompt || full };
  }
  if (prompt) return { title: null, text: prompt, fullPrompt: null };
  return { title: null, text: item.presetKey ? `Generated with ${item.presetKey}` : 'AI Generated Content', fullPrompt: null };
}

const NAME_PROMPT_MAX = 70;

/** What a creation is called: a look's name, else the person's prompt cut to 70 characters, else 'An AI portrait' or 'An AI video'. */
export function creationNameOf(item: CaptionSource & { mediaType: string }): string {
  const look = captionOf(item).title;
  if (look) return look;
  const prompt = promptWithoutIdentityWording(item.prompt);
  if (prompt) return prompt.length > NAME_PROMPT_MAX ? `${prompt.slice(0, NAME_PROMPT_MAX - 1).trimEnd()}…` : prompt;
  return item.mediaType === 'video' ? 'An AI video' : 'An AI portrait';
}

/**
 * A creation's page title, /m/<id>: 'The Syndicate by Ada — Mirrorverse'. The server writes it
 * into the page; the app keeps it once it has loaded.
 */
export function creationTitleOf(item: CaptionSource & { mediaType: string }, creator: string | null): string {
  return `${creationNameOf(item)}${creator ? ` by ${creator}` : ''} — Mirrorverse`;
}
