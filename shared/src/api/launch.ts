/** App-wide facts every visitor may read: the launch status (spec 3 §7) and the contact address. */
import { z } from 'zod/mini';
import { SERVICE_MODES } from '../generation/modes';
import { PROVIDER_NAMES } from '../generation/providers';
import { answer, defineCall } from './define-call';


export const getLaunchStatusCall = defineCall({
  name: 'get-launch-status',
  method: 'GET',
  request: undefined,
  /**
   * `signUpOpen`: whether a new account can join now (false while the beta is full: the waitlist is
   * the way in). Beside the spec's `launch`, so the top bar's Join Waitlist says what is true.
   */
  response: answer({ launch: z.object({ is_launched: z.boolean() }), signUpOpen: z.boolean() }),
});
export const getAppInfoCall = defineCall({
  name: 'get-app-info',
  method: 'GET',
  request: undefined,
  /**
   * `mediaBaseUrl`: where our own media are served from (story bodies show URLs under it as images).
   * `engines`: which engine makes each service mode's images (the composer says when it is only the
   * local preview, which approximates prompts).
   * `prices`: the price table the server charges by (`PRICES`, `generationCost`): credits for an
   * image, a video (`enableVideo`), and per photo of Story Time (at least `storyMinPhotos` photos).
   */
  response: answer({
    contactEmail: z.string(),
    mediaBaseUrl: z.string(),
    engines: z.record(z.enum(SERVICE_MODES), z.enum(PROVIDER_NAMES)),
    prices: z.object({ image: z.number(), video: z.number(), storyPerPhoto: z.number(), storyMinPhotos: z.number() }),
  }),
});
