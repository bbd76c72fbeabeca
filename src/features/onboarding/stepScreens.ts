import { lazy, type ComponentType } from 'react';
import type { Merchant } from '../../shared/api/types';

/** What every step screen is given. */
export interface StepScreenProps {
  merchant: Merchant;
  /** No submit: the caller lacks permission or the rules say the step is not editable. */
  readonly: boolean;
  /** Called with the merchant record the server answered after a successful submit: the page confirms it and moves on. */
  onSaved(merchant: Merchant): void;
  /**
   * Called with the merchant record the server answered when it stored a submit that did not
   * succeed (a failed verification): the page shows the new record and leaves the step open.
   */
  onChanged?(merchant: Merchant): void;
}

/**
 * The steps this release renders a screen for, by step id; other steps show their status only.
 * Each screen (with the form renderer and its validator) loads when first opened, so the
 * stepper shows before the heavier form code arrives.
 */
export const stepScreens: Partial<Record<string, ComponentType<StepScreenProps>>> = {
  'pan-details': lazy(() => import('./PanStep').then((module) => ({ default: module.PanStep }))),
  'business-details': lazy(() => import('./BusinessDetailsStep').then((module) => ({ default: module.BusinessDetailsStep }))),
  'bank-details': lazy(() => import('./BankDetailsStep').then((module) => ({ default: module.BankDetailsStep }))),
  'signing-authority': lazy(() => import('./SigningAuthorityStep').then((module) => ({ default: module.SigningAuthorityStep }))),
  kyc: lazy(() => import('./AddressStep').then((module) => ({ default: module.AddressStep }))),
};
