import type { StepUpdate } from './types';

/** The `$id` of the display name's schema (the app's form checks the same). */
export const DISPLAY_NAME_SCHEMA = 'https://onboarding.local/schemas/now/display-name.json';

/** The display name a merchant chose (schemas/now/display-name.json). */
export interface DisplayName {
  display_name: string;
}

/**
 * The name the merchant's NOW store and payment page show to customers (PUT /merchants/{uuid} with merchant
 * {display_name}): outside the steps, so no step's rules hold it; the profile-editing permission decides. Checked by
 * its schema; stored as sent.
 */
export const displayNameUpdate: StepUpdate<DisplayName, DisplayName, null> = {
  step: null,
  name: 'display_name',
  schema: DISPLAY_NAME_SCHEMA,
  async prepare(data) {
    return data;
  },
  apply(record, { display_name }) {
    return { ...record, display_name };
  },
};
