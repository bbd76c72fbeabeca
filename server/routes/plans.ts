import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { merchantRecord, pricingPlans } from '../../schemas/registry';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db/database';
import { apiError } from '../errors';
import { hasPermission, loadMembership, lockedRecord, saveRecord, type MerchantRecord } from '../merchants/store';

const API = 'https://onboarding.local/schemas/api/cs-plans.json';
/** What buying a plan needs: the spec names no permission; buying the provider's products (README, Notes). */
const MAY_BUY = 'manage_payment_products';
const CLOSED_STATUSES = ['payment_completed', 'kam_assigned'];

/** Whether the merchant may still choose a plan (the /plans rule: eligible, and no plan paid or handled yet). */
/** A plan's name as the record stores it (schemas/records/merchant.json cs_plan.name). */
type PlanName = NonNullable<NonNullable<MerchantRecord['cs_plan']>['name']>;

/** The name of a plan of schemas/master/pricing-plans.json as the record's; throws for a name the record does not know. */
function planName(name: string): PlanName {
  const known: readonly unknown[] = merchantRecord.properties.cs_plan.properties.name.enum;
  if (!known.includes(name)) throw new Error(`Plan ${name} is not a plan of schemas/records/merchant.json`);
  return name as PlanName;
}

export const planOpen = (record: MerchantRecord) =>
  record.is_cs_eligible === true && !CLOSED_STATUSES.includes(String((record.cs_plan as { status?: unknown } | null)?.status));

/** The merchant, locked, if the caller may choose its plan and it may still choose one (404 not theirs, 403 without the permission, 409 closed). */
async function buyer(db: Queryable, userId: string, mid: string) {
  const membership = await loadMembership(db, userId, mid, true);
  if (!hasPermission(membership, MAY_BUY)) throw apiError('FORBIDDEN');
  if (!planOpen(membership.record)) throw apiError('PLAN_NOT_OPEN');
  return membership.record;
}

/**
 * Customer-success plans (platform spec sections 2, 3, 7, 9): the plans (schemas/master/pricing-plans.json); Starter
 * (free: new_merchant off); a paid plan's payment, started through the payment provider, whose page then completes or
 * fails it (the sandbox's: server/routes/sandboxPayment.ts).
 */
export const planRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.get('/pricing_plans', async () => pricingPlans);

  app.post<{ Params: { id: string } }>('/merchants/:id/cs_plans/starter', async (request) => {
    const { userId } = currentUser(request);
    return db.transaction(async (tx) => {
      const record = await buyer(tx, userId, request.params.id);
      const next: MerchantRecord = { ...record, new_merchant: false, cs_plan: { name: 'Starter', status: null } };
      await saveRecord(tx, next, userId, 'cs_plan_starter', {});
      return { merchant: next };
    });
  });

  app.post<{ Params: { id: string }; Body: { cs_plan_name: 1 | 2 } }>(
    '/merchants/:id/cs_plans/generate_payment_params',
    { schema: { body: { $ref: API } } },
    async (request) => {
      const { userId } = currentUser(request);
      return db.transaction(async (tx) => {
        const record = await buyer(tx, userId, request.params.id);
        const plan = pricingPlans.pricing_plans.find((candidate) => candidate.cs_plan_name === request.body.cs_plan_name)!;
        const txnid = randomUUID();
        await tx.query('insert into cs_plan_payments (txnid, merchant_uuid, user_id, plan_name, amount) values ($1, $2, $3, $4, $5)', [txnid, record.uuid, userId, plan.name, plan.total]);
        await saveRecord(tx, { ...record, cs_plan: { name: planName(plan.name), status: 'payment_pending' } }, userId, 'cs_plan_payment_started', { txnid, plan: plan.name });
        return ctx.providers.payment.paymentParams({ txnid, amount: plan.total, productinfo: plan.name, email: String(record.email ?? ''), name: String(record.name ?? '') });
      });
    },
  );
};

/**
 * Settles a plan payment by its transaction id, once: success moves the merchant's cs_plan to payment_completed;
 * failure leaves the plan chosen and unpaid. Returns whether it succeeded, or undefined for an unknown or settled one.
 */
export async function settlePlanPayment(db: Database, txnid: string, succeeded: boolean): Promise<boolean | undefined> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.query<{ merchant_uuid: string; plan_name: string; user_id: string }>(
      `update cs_plan_payments set status = $2 where txnid = $1 and status = 'pending' returning merchant_uuid, plan_name, user_id`,
      [txnid, succeeded ? 'success' : 'failure'],
    );
    if (!payment) return undefined;
    if (succeeded) {
      const record = await lockedRecord(tx, payment.merchant_uuid);
      if (!record) throw new Error(`The plan payment ${txnid} is of no merchant`);
      await saveRecord(tx, { ...record, cs_plan: { name: planName(payment.plan_name), status: 'payment_completed' } }, payment.user_id, 'cs_plan_payment_completed', { txnid });
    }
    return succeeded;
  });
}
