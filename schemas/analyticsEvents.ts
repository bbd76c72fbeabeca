import catalogue from './analytics/events.json';

/** The analytics events the app may send (schemas/analytics/events.json). */
export type AnalyticsEventName = keyof typeof catalogue.events;

/** An event as it leaves the app: its name and properties that are allowed for it. */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  properties: Record<string, string | number>;
}

interface PropertyRule {
  type?: 'integer' | 'string';
  enum?: readonly string[];
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

const EVENTS = catalogue.events as Record<string, Record<string, PropertyRule> | undefined>;

/** The step numbers and names form_complete reports, by step id (onboarding spec section 7). */
export const formCompleteSteps: Record<string, { step_number: number; step_name: string } | undefined> = catalogue.formSteps;

/**
 * Values that look personal, whatever the property: an e-mail address, a PAN, or a run of 9 or more digits (Aadhaar,
 * account and phone numbers). An allowed property never needs one.
 */
const PERSONAL = [/@/, /[A-Z]{5}[0-9]{4}[A-Z]/i, /\d(?:[\s-]?\d){8,}/];

function allowedValue(rule: PropertyRule, value: unknown): value is string | number {
  if (typeof value === 'number') return rule.type === 'integer' && Number.isInteger(value) && value >= (rule.minimum ?? -Infinity) && value <= (rule.maximum ?? Infinity);
  if (typeof value !== 'string' || PERSONAL.some((pattern) => pattern.test(value))) return false;
  if (rule.enum) return rule.enum.includes(value);
  return rule.type === 'string' && value.length <= (rule.maxLength ?? 100) && (rule.pattern === undefined || new RegExp(rule.pattern).test(value));
}

/**
 * The event as it may be sent: only the properties its entry allows, each with an allowed value (anything else is
 * left out, so nothing personal can slip through a new call site); null for an event that is not in the catalogue.
 */
export function allowedEvent(name: string, properties: Record<string, unknown>): AnalyticsEvent | null {
  const rules = Object.prototype.hasOwnProperty.call(EVENTS, name) ? EVENTS[name] : undefined;
  if (!rules) return null;
  const allowed: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(properties)) {
    const rule = Object.prototype.hasOwnProperty.call(rules, key) ? rules[key] : undefined;
    if (rule && allowedValue(rule, value)) allowed[key] = value;
  }
  return { name: name as AnalyticsEventName, properties: allowed };
}
