import { apiFetch } from '../../shared/api/fetcher';

/** A plan of the master data (schemas/master/pricing-plans.json; platform spec sections 3, 9). */
export interface PricingPlan {
  name: string;
  /** What generate_payment_params takes (1 Business Plus, 2 Business Premium); null for the free Starter. */
  cs_plan_name: 1 | 2 | null;
  price: number;
  gst_percent: number;
  total: number;
  list_price: number | null;
  discount_percent: number | null;
  summary: string;
}
/** A row of the comparison table: its value per plan, in the plans' order. */
export interface PlanFeature {
  name: string;
  values: Array<boolean | string>;
}
export interface PricingPlans {
  pricing_plans: PricingPlan[];
  features: PlanFeature[];
}

/** The SWR key of the plans (GET /api/v1/pricing_plans). */
export const PRICING_PLANS_KEY = '/api/v1/pricing_plans';
export const fetchPricingPlans = (path: string) => apiFetch<PricingPlans>(path);

/** Chooses the free Starter plan (new_merchant off). */
export const chooseStarter = (mid: number) => apiFetch(`/api/v1/merchants/${mid}/cs_plans/starter`, { method: 'POST' });

/** Starts a paid plan's payment: where to post the payment form, and its fields. */
export const generatePaymentParams = (mid: number, csPlanName: 1 | 2) =>
  apiFetch<{ payment_url: string } & Record<string, string>>(`/api/v1/merchants/${mid}/cs_plans/generate_payment_params`, { method: 'POST', body: { cs_plan_name: csPlanName } });

/** Posts a hidden form to the payment page (spec section 4, Plan payment): the page leaves the app. */
export function submitPaymentForm({ payment_url, ...fields }: { payment_url: string } & Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = payment_url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
