/** One prompt shown in a guide: what to write, or what to avoid and why. */
export interface PromptExample {
  prompt: string;
  /** Good: what makes it work. Bad: why it falls short. */
  note: string;
}

export interface PromptGuide {
  id: string;
  title: string;
  /** The rule of spec 3 §9, as the guide says it. */
  rule: string;
  intro: string;
  good: readonly PromptExample[];
  bad: readonly PromptExample[];
}

/** The prose guides of /bestpractices (spec 3 §2, the advice of §9). */
export const PROMPT_GUIDES: readonly PromptGuide[] = [
  {
    id: 'studio',
    title: 'Studio edit prompts',
    rule: 'Keep edit prompts to 1 to 2 sentences.',
    intro:
      'Studio changes the photo you upload. Say what should change and, if it matters, what should stay. One clear change per prompt gives the cleanest result; make another edit for the next idea.',
    good: [
      { prompt: 'Make it golden hour, with warm light falling across my face.', note: 'One change, and the feeling it should have.' },
      { prompt: 'Swap the background for a rainy Tokyo street at night. Keep my outfit as it is.', note: 'What changes, then what stays: two short sentences.' },
      { prompt: 'Turn my jacket into red leather.', note: 'Short and specific, so nothing else moves.' },
    ],
    bad: [
      {
        prompt: 'Make it better and more aesthetic.',
        note: 'Too vague: there is no change to make, so the result is a guess.',
      },
      {
        prompt:
          'Change the lighting to sunset and also add a dog and make me taller and put me in Paris and make it look like film and remove the people behind me.',
        note: 'Six edits in one run-on sentence: they fight each other. Make them one at a time.',
      },
      { prompt: 'Don’t change anything except maybe the sky, unless it looks weird.', note: 'Hedges and negatives leave nothing clear to do.' },
    ],
  },
  {
    id: 'text',
    title: 'Text prompts',
    rule: 'Keep text prompts under 25 words.',
    intro:
      'With Create With Text you describe a whole new image. Lead with the subject, then add the setting, the light and a style. A few precise words beat a long list.',
    good: [
      { prompt: 'A lighthouse keeper’s cat at dawn, soft fog, watercolour style', note: 'Subject, time, mood and style in ten words.' },
      { prompt: 'Neon-lit ramen bar in the rain, cinematic, shallow depth of field', note: 'A clear scene with the look of a film still.' },
      { prompt: 'Portrait of an astronaut in a sunflower field, 35mm film, warm tones', note: 'One subject, one place, one photographic style.' },
    ],
    bad: [
      {
        prompt:
          'A really really beautiful amazing stunning gorgeous ultra detailed 8k masterpiece best quality trending picture of a woman standing somewhere nice with nice light and a nice sky behind her',
        note: 'Over 25 words of filler: the subject and the place get lost.',
      },
      { prompt: 'Something cool', note: 'No subject, no setting: nothing to draw.' },
      { prompt: 'A cat, but not orange, not outside, no text, no blur', note: 'A list of what not to show says little about what to show.' },
    ],
  },
];
