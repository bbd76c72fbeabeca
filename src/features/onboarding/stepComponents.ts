import type { ComponentType } from 'react';
import type { Merchant } from '../../shared/api/types';
import { lazyWithRetry } from '../../../ui/lazyWithRetry';

/** What a component a step definition names (`components`) is given. */
export interface StepComponentProps {
  /** The step showing it (its definition's id); absent where a component is shown outside a step (the NOW bank page). */
  stepId?: string;
  merchant: Merchant;
  /** The form data so far. */
  data: Record<string, unknown>;
  readonly: boolean;
  /** The merchant may act in the step (permission to change the profile, step not locked) even when its form is read-only: enter the test deposit's amount while the bank details stay as sent. */
  mayAct: boolean;
  /**
   * The member holds the permission to change the profile (onboarding spec section 6: canUpdate). Without it the
   * actions the spec gates on it (upload, remove, verify the deposit) stay in view and open the no-access modal; absent: held.
   */
  permitted?: boolean;
  /** Sets values in the form (by field path), as a lookup's answer does. */
  fill(values: Record<string, unknown>): void;
}

/** What a dialog a step definition names (`submit.confirm`) is given: the record the server answered. */
export interface StepDialogProps {
  merchant: Merchant;
  /** The merchant is done with the dialog: the step counts as saved (with the record the dialog's own call answered, if any). */
  onClose(updated?: Merchant): void;
}

/**
 * A step's components load with its first render (StepScreen wraps each in Suspense): a step brings its own only, not
 * those of the other steps (the bank's test deposit and proof upload with the PAN step).
 */
const Addenda = lazyWithRetry(() => import('./components/Addenda').then((module) => ({ default: module.Addenda })));
const BankProofUpload = lazyWithRetry(() => import('./components/BankProofUpload').then((module) => ({ default: module.BankProofUpload })));
const BankUpdate = lazyWithRetry(() => import('./components/BankUpdate').then((module) => ({ default: module.BankUpdate })));
const CinSignatories = lazyWithRetry(() => import('./components/CinSignatories').then((module) => ({ default: module.CinSignatories })));
const DocumentsChecklist = lazyWithRetry(() => import('./components/DocumentsChecklist').then((module) => ({ default: module.DocumentsChecklist })));
const IdentityCheck = lazyWithRetry(() => import('./components/IdentityCheck').then((module) => ({ default: module.IdentityCheck })));
const PennyPanel = lazyWithRetry(() => import('./components/PennyPanel').then((module) => ({ default: module.PennyPanel })));
const GstUpdate = lazyWithRetry(() => import('./components/GstUpdate').then((module) => ({ default: module.GstUpdate })));
const ShopLookup = lazyWithRetry(() => import('./components/ShopLookup').then((module) => ({ default: module.ShopLookup })));
const UpiBankVerification = lazyWithRetry(() => import('./components/UpiBankVerification').then((module) => ({ default: module.UpiBankVerification })));
const ServiceAgreement = lazyWithRetry(() => import('./components/ServiceAgreement').then((module) => ({ default: module.ServiceAgreement })));

/** The real components step definitions may name in `components`, by name. */
export const stepComponents: Readonly<Record<string, ComponentType<StepComponentProps>>> = {
  Addenda,
  GstUpdate,
  BankProofUpload,
  BankUpdate,
  CinSignatories,
  DocumentsChecklist,
  IdentityCheck,
  PennyPanel,
  ServiceAgreement,
  ShopLookup,
  UpiBankVerification,
};

/** A dialog a definition names, and the download of its code, started when the step is submitted. */
export interface StepDialog {
  Component: ComponentType<StepDialogProps>;
  preload(): void;
}

/** A lazily loaded dialog: it shows only after a successful submit, so its code arrives while the server answers. */
function lazyDialog(load: () => Promise<ComponentType<StepDialogProps>>): StepDialog {
  const Component = lazyWithRetry(() => load().then((component) => ({ default: component })));
  return { Component, preload: () => void Component.preload().catch(() => undefined) };
}

/** The dialogs step definitions may name in `submit.confirm`, by name. */
export const stepDialogs: Readonly<Record<string, StepDialog>> = {
  PanConfirmationDialog: lazyDialog(() => import('./components/PanConfirmationDialog').then((module) => module.PanConfirmationDialog)),
  WebsiteStatusDialog: lazyDialog(() => import('./components/WebsiteStatusDialog').then((module) => module.WebsiteStatusDialog)),
};
