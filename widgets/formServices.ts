import type { Registry } from '@rjsf/utils';
import type { IfscDetail } from '../common/api/ifsc';

/** The IFSC directory as the bank form's IFSC field and its search ask it. */
export interface IfscDirectory {
  /** The branch of one IFSC; null when no bank has that code. Rejects on any other failure. */
  detail(ifsc: string): Promise<IfscDetail | null>;
  /** The banks that have branches. */
  bankNames(): Promise<string[]>;
  /** The states of a bank's branches. */
  states(bankName: string): Promise<string[]>;
  /** The cities of a bank's branches in a state. */
  cities(bankName: string, state: string): Promise<string[]>;
  /** A bank's branches in a city. */
  branches(bankName: string, state: string, city: string): Promise<IfscDetail[]>;
}

/**
 * What the project's widgets call outside the form: given to `StepForm` (its `services`) by the screen that renders
 * it, and reaching a widget through rjsf's `formContext`, as everything a widget uses comes through its props and the
 * registry. A widget never imports the app's API client.
 */
export interface FormServices {
  ifsc?: IfscDirectory;
}

/** A service of the form's context; throws, naming the widget, when the screen rendering the form gave none. */
export function formService<K extends keyof FormServices>(registry: Registry, name: K, widget: string): NonNullable<FormServices[K]> {
  const service = (registry.formContext as { services?: FormServices } | undefined)?.services?.[name];
  if (!service) throw new Error(`${widget} needs the form's services.${name} (StepForm's services prop)`);
  return service;
}
