import type { ComponentType } from 'react';
import type { Merchant } from '../../shared/api/types';
import { BusinessDetailsStep } from './BusinessDetailsStep';
import { BankDetailsStep } from './BankDetailsStep';
import { AddressStep } from './AddressStep';
import { PanStep } from './PanStep';
import { SigningAuthorityStep } from './SigningAuthorityStep';

/** What every step screen is given. */
export interface StepScreenProps {
  merchant: Merchant;
  /** No submit: the caller lacks permission or the rules say the step is not editable. */
  readonly: boolean;
  /** Called with the merchant record the server answered after a submit. */
  onSaved(merchant: Merchant): void;
}

/** The steps this release renders a screen for, by step id; other steps show their status only. */
export const stepScreens: Partial<Record<string, ComponentType<StepScreenProps>>> = {
  'pan-details': PanStep,
  'business-details': BusinessDetailsStep,
  'bank-details': BankDetailsStep,
  'signing-authority': SigningAuthorityStep,
  kyc: AddressStep,
};
