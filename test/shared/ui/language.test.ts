import { afterEach, describe, expect, it } from 'vitest';
import documentsEn from '../../../schemas/messages/documents.en.json';
import documentsHi from '../../../schemas/messages/documents.hi.json';
import stepFormsHi from '../../../schemas/messages/stepForms.hi.json';
import hi from '../../../schemas/messages/hi.json';
import { message, setActiveLanguage } from '../../../schemas/messages';
import { loadDocumentTexts } from '../../../src/features/documents/documentTexts';
import { startInChosenLanguage } from '../../../src/shared/ui/language';

afterEach(() => {
  localStorage.clear();
  setActiveLanguage('en');
  document.documentElement.lang = 'en';
});

describe('startInChosenLanguage()', () => {
  it('starts in English, with no other catalogue, when the merchant chose none', async () => {
    expect(await startInChosenLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(message('error.generic')).not.toBe(hi['error.generic']);
  });

  it("loads the chosen language whole: the main texts and every lazily loaded feature's, which the features' own English never replaces", async () => {
    localStorage.setItem('language', 'hi');
    expect(await startInChosenLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(message('error.generic')).toBe(hi['error.generic']);
    expect(message('validation.required')).toBe(stepFormsHi['validation.required']);
    // The documents screens add their English texts when they render (src/features/documents/documentTexts.ts).
    loadDocumentTexts();
    expect(message('documents.category.PANCARD_SIGNED_AUTHORITY')).toBe(documentsHi['documents.category.PANCARD_SIGNED_AUTHORITY']);
    expect(message('documents.category.PANCARD_SIGNED_AUTHORITY')).not.toBe(documentsEn['documents.category.PANCARD_SIGNED_AUTHORITY']);
  });
});
