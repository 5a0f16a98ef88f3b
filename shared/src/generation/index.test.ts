import { describe, expect, it } from 'vitest';
import * as shared from './index';

describe('the generation barrel (re-exported by @app/shared)', () => {
  it.each([
    'PRESET_CATALOGUES',
    'findPreset',
    'toServiceMode',
    'identitySettings',
    'generationCost',
    'parseGenerationRequest',
    'generationRequestSchema',
    'generationErrorToNotice',
    'httpStatusMessage',
    'classifyUploadError',
    'retryDelayMs',
    'checkUploadFile',
    'needsEnhancement',
    'enhancePrompt',
    'randomizeColorcorePrompt',
    'CYBER_SIREN_ACCEPTED_IDS',
    'resolveCyberSirenPreset',
  ])('%s', (name) => {
    expect(shared).toHaveProperty(name);
  });
});
