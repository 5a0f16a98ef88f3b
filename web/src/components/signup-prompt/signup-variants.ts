/**
 * The five variants of the sign-up prompt (spec 1 §2), `report` (issue 42: reports come from
 * signed-in people) and `follow` (issue 46), each a title, a description and three benefits.
 */
export type SignUpVariant = 'remix' | 'save' | 'share' | 'upload' | 'ai' | 'report' | 'follow';

export interface SignUpVariantContent {
  title: string;
  description: string;
  benefits: readonly [string, string, string];
}

export const SIGN_UP_VARIANTS: Readonly<Record<SignUpVariant, SignUpVariantContent>> = {
  remix: {
    title: 'Unlock Remix',
    description: 'Take any creation from the feed and make it yours — with your own face in the frame.',
    benefits: [
      'Reuse the look and prompt of anything you love',
      'Swap in your own photo in one tap',
      'Share your remix back to the community',
    ],
  },
  save: {
    title: 'Save Favorites',
    description: 'Keep the creations that inspire you and come back to them whenever you want.',
    benefits: ['Download images and videos in full quality', 'Like and collect what inspires you', 'Your library, synced on every device'],
  },
  share: {
    title: 'Share Creations',
    description: 'Publish your creations to the community feed and send them to friends.',
    benefits: ['A public profile for your best work', 'Share links to any creation', 'Earn likes from the community'],
  },
  upload: {
    title: 'Upload Photos',
    description: 'Upload a selfie and turn it into new worlds — stills and short videos.',
    benefits: ['Free credits to start creating today', 'Themed looks crafted by our artists', 'Private by default — you choose what to share'],
  },
  ai: {
    title: 'Access AI Filters',
    description: 'Unreal Reflection, Parallel Self, Studio and more — every AI filter, ready for your photo.',
    benefits: ['Every weekly preset as it drops', 'The free magic wand for better prompts', 'Identity-checked results that still look like you'],
  },
  follow: {
    title: 'Follow Creators',
    description: 'Follow the people whose work you love and see what they make next, all in one feed.',
    benefits: ['A Following feed of the creators you choose', 'Their new creations as soon as they share them', 'Follow and unfollow whenever you like'],
  },
  report: {
    title: 'Sign in to report',
    description: 'Reports come from signed-in people, so each one can be reviewed and followed up.',
    benefits: ['Report anything that breaks the rules', 'A person reviews every report', 'Your report is seen by our team only'],
  },
};

export const SIGN_UP_FOOTER = 'Free to sign up • No credit card required';
