import { describe, expect, it } from 'vitest';
import en from '../../schemas/messages/en.json';
import hi from '../../schemas/messages/hi.json';
import addendaEn from '../../schemas/messages/addenda.en.json';
import addendaHi from '../../schemas/messages/addenda.hi.json';
import handoffEn from '../../schemas/messages/handoff.en.json';
import handoffHi from '../../schemas/messages/handoff.hi.json';
import oauthEn from '../../schemas/messages/oauth.en.json';
import oauthHi from '../../schemas/messages/oauth.hi.json';
import teamEn from '../../schemas/messages/team.en.json';
import teamHi from '../../schemas/messages/team.hi.json';
import welcomeEn from '../../schemas/messages/welcome.en.json';
import welcomeHi from '../../schemas/messages/welcome.hi.json';
import assessmentEn from '../../schemas/messages/assessment.en.json';
import assessmentHi from '../../schemas/messages/assessment.hi.json';
import plansEn from '../../schemas/messages/plans.en.json';
import plansHi from '../../schemas/messages/plans.hi.json';
import navEn from '../../schemas/messages/nav.en.json';
import navHi from '../../schemas/messages/nav.hi.json';
import aggregatorEn from '../../schemas/messages/aggregator.en.json';
import aggregatorHi from '../../schemas/messages/aggregator.hi.json';
import merchantSwitchEn from '../../schemas/messages/merchantSwitch.en.json';
import merchantSwitchHi from '../../schemas/messages/merchantSwitch.hi.json';
import documentsEn from '../../schemas/messages/documents.en.json';
import documentsHi from '../../schemas/messages/documents.hi.json';
import stepComponentsEn from '../../schemas/messages/stepComponents.en.json';
import stepComponentsHi from '../../schemas/messages/stepComponents.hi.json';
import stepFormsEn from '../../schemas/messages/stepForms.en.json';
import stepFormsHi from '../../schemas/messages/stepForms.hi.json';
import stepsEn from '../../schemas/messages/steps.en.json';
import stepsHi from '../../schemas/messages/steps.hi.json';
import passwordEn from '../../schemas/messages/password.en.json';
import passwordHi from '../../schemas/messages/password.hi.json';
import termsEn from '../../schemas/messages/terms.en.json';
import termsHi from '../../schemas/messages/terms.hi.json';
import notificationsEn from '../../schemas/messages/notifications.en.json';
import notificationsHi from '../../schemas/messages/notifications.hi.json';
import displayNameEn from '../../schemas/messages/displayName.en.json';
import displayNameHi from '../../schemas/messages/displayName.hi.json';
import nowEn from '../../schemas/messages/now.en.json';
import nowHi from '../../schemas/messages/now.hi.json';
import { catalogueFor, message, registerCatalogue, setActiveLanguage } from '../../schemas/messages';
import { loadStepFormTexts } from '../../schemas/stepFormTexts';

// The forms' texts, as the screens that show them load them.
loadStepFormTexts();

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const texts = (catalogue: Record<string, string>) => Object.entries(catalogue).filter(([key]) => key !== '$id');

describe('the message catalogues', () => {
  it('have the same keys in English and Hindi', () => {
    expect(Object.keys(hi).filter((key) => key !== '$id').sort()).toEqual(Object.keys(en).filter((key) => key !== '$id').sort());
  });

  it.each([
    ['addenda', addendaEn, addendaHi],
    ['handoff', handoffEn, handoffHi],
    ['oauth', oauthEn, oauthHi],
    ['team', teamEn, teamHi],
    ['welcome', welcomeEn, welcomeHi],
    ['assessment', assessmentEn, assessmentHi],
    ['plans', plansEn, plansHi],
    ['nav', navEn, navHi],
    ['aggregator', aggregatorEn, aggregatorHi],
    ['merchantSwitch', merchantSwitchEn, merchantSwitchHi],
    ['terms', termsEn, termsHi],
    ['password', passwordEn, passwordHi],
    ['displayName', displayNameEn, displayNameHi],
    ['now', nowEn, nowHi],
    ['documents', documentsEn, documentsHi],
    ['stepComponents', stepComponentsEn, stepComponentsHi],
    ['stepForms', stepFormsEn, stepFormsHi],
    ['steps', stepsEn, stepsHi],
    ['notifications', notificationsEn, notificationsHi],
  ])('of a lazily loaded feature (%s) have the same keys in English and Hindi, none also in the main catalogues', (_feature, featureEn: Record<string, string>, featureHi: Record<string, string>) => {
    const keys = (catalogue: Record<string, string>) => Object.keys(catalogue).filter((key) => key !== '$id').sort();
    expect(keys(featureHi)).toEqual(keys(featureEn));
    for (const key of keys(featureEn)) expect(key in en, key).toBe(false);
    for (const [key, text] of texts(featureHi)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(featureEn[key]!));
    }
  });

  it('keep every placeholder of the English text in the Hindi one, and leave no text empty', () => {
    const english = Object.fromEntries(texts(en));
    for (const [key, text] of texts(hi)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english[key]!));
    }
  });

  it('shows texts in the active language once its catalogue is registered, English otherwise (and on the server)', () => {
    try {
      setActiveLanguage('hi');
      expect(catalogueFor()).toEqual(expect.objectContaining({ 'error.generic': en['error.generic'] })); // not registered yet: English
      registerCatalogue('hi', hi);
      setActiveLanguage('hi');
      expect(message('error.generic')).toBe(hi['error.generic']);
      expect(message('business.ubo.tooMany', { limit: 10 })).toContain('10');
    } finally {
      setActiveLanguage('en');
    }
    expect(message('validation.required')).toBe('This field cannot be left blank');
  });

});
