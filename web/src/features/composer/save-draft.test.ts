import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../components/toast/toast-store';
import type { Draft, DraftPayload } from '../../entities/draft/drafts-api';
import { aspectRatioText, saveDraft, type SaveDraftDeps } from './save-draft';

function deps(overrides: Partial<SaveDraftDeps> = {}) {
  const created: DraftPayload[] = [];
  const value: SaveDraftDeps = {
    upload: vi.fn(async () => 'https://media.example/sources/a.jpg'),
    create: vi.fn(async (payload: DraftPayload) => {
      created.push(payload);
      return { success: true as const, draft: { id: 'd1', ...payload } as unknown as Draft };
    }),
    isSignedIn: () => true,
    readBlob: vi.fn(async () => new Blob(['x'], { type: 'image/png' })),
    ...overrides,
  };
  return { value, created };
}

const lastToast = () => getToasts().at(-1);

describe('saveDraft (spec 1 §4, spec 2 §4)', () => {
  let events: Event[];
  beforeEach(() => {
    events = [];
    const target = new EventTarget();
    target.addEventListener('draftSaved', (event) => events.push(event));
    vi.stubGlobal('window', target);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a picked file to the sources folder, saves it, says so and fires draftSaved', async () => {
    const { value, created } = deps();
    const file = new Blob(['x'], { type: 'image/png' });
    const draft = await saveDraft({ file, prompt: '  Neon rain ', mediaType: 'photo', width: 1024, height: 1280 }, value);
    expect(value.upload).toHaveBeenCalledWith(file);
    expect(created[0]).toMatchObject({
      media_url: 'https://media.example/sources/a.jpg',
      prompt: 'Neon rain',
      media_type: 'photo',
      aspect_ratio: '4/5',
      width: 1024,
      height: 1280,
    });
    expect(draft?.id).toBe('d1');
    expect(lastToast()).toMatchObject({ title: 'Draft Saved', message: 'Your draft has been saved successfully!' });
    expect(events).toHaveLength(1);
  });

  it("keeps the blob URL when the upload fails, and uses the defaults (4/3, 800×600, 'Untitled draft')", async () => {
    const { value, created } = deps({ upload: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await saveDraft({ blobUrl: 'blob:http://app/1', prompt: '' }, value);
    expect(value.readBlob).toHaveBeenCalledWith('blob:http://app/1');
    expect(created[0]).toMatchObject({ media_url: 'blob:http://app/1', prompt: 'Untitled draft', aspect_ratio: '4/3', width: 800, height: 600 });
  });

  it('keeps a stored URL as it is', async () => {
    const { value, created } = deps();
    await saveDraft({ url: 'https://media.example/x.jpg', prompt: 'p' }, value);
    expect(value.upload).not.toHaveBeenCalled();
    expect(created[0]?.media_url).toBe('https://media.example/x.jpg');
  });

  it("says 'Save Failed' without media, when signed out, or when the server refuses", async () => {
    for (const setup of [
      { input: {}, overrides: {} },
      { input: { url: 'https://x/y.jpg' }, overrides: { isSignedIn: () => false } },
      { input: { url: 'https://x/y.jpg' }, overrides: { create: vi.fn(async () => Promise.reject(new Error('500'))) } },
    ]) {
      const { value } = deps(setup.overrides);
      expect(await saveDraft(setup.input, value)).toBeNull();
      expect(lastToast()).toMatchObject({ title: 'Save Failed', message: 'Could not save draft. Please try again.' });
    }
    expect(events).toHaveLength(0);
  });

  it('writes aspect ratios as reduced fractions', () => {
    expect(aspectRatioText(1920, 1080)).toBe('16/9');
    expect(aspectRatioText(null, 600)).toBe('4/3');
  });
});
