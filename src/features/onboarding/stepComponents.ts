import { lazy, type ComponentType } from 'react';
import type { Merchant } from '../../shared/api/types';
import { BankProofUpload } from './components/BankProofUpload';
import { BankUpdate } from './components/BankUpdate';
import { CinSignatories } from './components/CinSignatories';
import { PanConfirmationDialog } from './components/PanConfirmationDialog';
import { PennyPanel } from './components/PennyPanel';
import { ShopLookup } from './components/ShopLookup';

/** What a component a step definition names (`components`) is given. */
export interface StepComponentProps {
  merchant: Merchant;
  /** The form data so far. */
  data: Record<string, unknown>;
  readonly: boolean;
  /** The merchant may act in the step (permission to change the profile, step not locked) even when its form is read-only: enter the test deposit's amount while the bank details stay as sent. */
  mayAct: boolean;
  /** Sets values in the form (by field path), as a lookup's answer does. */
  fill(values: Record<string, unknown>): void;
}

/** What a dialog a step definition names (`submit.confirm`) is given: the record the server answered. */
export interface StepDialogProps {
  merchant: Merchant;
  /** The merchant is done with the dialog: the step counts as saved. */
  onClose(): void;
}

/** Components of steps opened later in the journey load with their step's first render (StepScreen wraps them in Suspense). */
const DocumentsChecklist = lazy(() => import('./components/DocumentsChecklist').then((module) => ({ default: module.DocumentsChecklist })));
const IdentityCheck = lazy(() => import('./components/IdentityCheck').then((module) => ({ default: module.IdentityCheck })));

/** The real components step definitions may name in `components`, by name. */
export const stepComponents: Readonly<Record<string, ComponentType<StepComponentProps>>> = { BankProofUpload, BankUpdate, CinSignatories, DocumentsChecklist, IdentityCheck, PennyPanel, ShopLookup };

/** The dialogs step definitions may name in `submit.confirm`, by name. */
export const stepDialogs: Readonly<Record<string, ComponentType<StepDialogProps>>> = { PanConfirmationDialog };
