import type { FastifyPluginAsync } from 'fastify';
import { areaCodes, businessCategories } from '../merchants/businessCategories';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { beneficiariesOf } from '../merchants/updates/businessDetails';
import { editableMembership } from '../merchants/editableMembership';
import { parseRecordId } from '../merchants/parseIds';
import { loadMembership, saveRecord } from '../merchants/store';

const PAN_REF = { $ref: 'https://onboarding.local/schemas/definitions.json#/$defs/pan' };
const text = { type: 'string', minLength: 1, maxLength: 100 };
const body = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

/**
 * The business-details calls besides PUT /merchants/{uuid} (onboarding spec section 7): business categories and
 * area codes (master data), the DVS lookups (PAN-linked GSTINs, GSTIN trade name, shop registration) and
 * removing an ultimate beneficial owner.
 */
export const businessDetailsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, providers } = ctx;
  app.addHook('onRequest', authenticate(db));

  const categories = async () => ({ business_categories: businessCategories });
  app.get('/business_categories', categories);
  app.get('/business_category', categories);
  app.get('/area_codes', async () => ({ area_codes: areaCodes }));

  /** DVS lookups are for members of the merchant only (404 otherwise). */
  const member = (request: { params: { id: string } } & Parameters<typeof currentUser>[0]) =>
    loadMembership(db, currentUser(request).userId, request.params.id);

  app.post<{ Params: { id: string }; Body: { pan_number: string } }>(
    '/dvs_wrapper/:id/pan_gst_details',
    { schema: { body: body({ pan_number: PAN_REF }) } },
    async (request) => {
      await member(request);
      const detail = await providers.businessVerification.panGstDetails(request.body.pan_number);
      if (!detail) throw validationError({ pan_number: [message('pan.notValid')] });
      return { pan_detail: detail };
    },
  );

  app.post<{ Params: { id: string }; Body: { gstin: string } }>(
    '/dvs_wrapper/:id/gstin_details',
    { schema: { body: body({ gstin: text }) } },
    async (request) => {
      await member(request);
      const detail = await providers.businessVerification.gstinDetails(request.body.gstin);
      if (!detail) throw validationError({ gstin: [message('validation.gstin')] });
      return { gstin_details: detail };
    },
  );

  app.post<{ Params: { id: string }; Body: { reg_no: string; area_code: string } }>(
    '/dvs_wrapper/:id/shop_details',
    { schema: { body: body({ reg_no: text, area_code: text }) } },
    async (request) => {
      await member(request);
      const detail = await providers.businessVerification.shopDetails(request.body.reg_no, request.body.area_code);
      if (!detail) throw validationError({ reg_no: [message('business.shop.notFound')] });
      return { shop_details: detail };
    },
  );

  app.delete<{ Params: { id: string; beneficiaryId: string } }>('/merchants/:id/ultimate_beneficiaries/:beneficiaryId', async (request) => {
    const { userId } = currentUser(request);
    const beneficiaryId = parseRecordId(request.params.beneficiaryId);
    if (beneficiaryId === null) throw apiError('NOT_FOUND');
    const record = await db.transaction(async (tx) => {
      const { record: stored } = await editableMembership(tx, userId, request.params.id, 'business-details', true);
      const owners = beneficiariesOf(stored);
      if (!owners.some((owner) => owner.id === beneficiaryId)) throw apiError('NOT_FOUND');
      const updated = { ...stored, ultimate_beneficiaries: owners.filter((owner) => owner.id !== beneficiaryId) };
      await saveRecord(tx, updated, userId, 'ultimate_beneficiary.deleted', { id: beneficiaryId });
      return updated;
    });
    return { merchant: record };
  });
};
