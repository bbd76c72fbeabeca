import { describe, expect, it } from 'vitest';
import rulesConfig from '../../../rules/config';
import { evaluate } from '../../../rules/evaluate';
import example from '../../../schemas/records/merchant.example.json';
import merchantSchema from '../../../schemas/records/merchant.json';
import { WEBSITE_IN_REVIEW } from '../../../server/documents/reviewQueue';

/** Every approval status the merchant record allows, from its schema. */
const APPROVAL_STATUSES = (merchantSchema.$defs.websiteDetail.properties.website_approval_status.enum as Array<string | null>).filter((status) => status !== null);

describe('WEBSITE_IN_REVIEW', () => {
  it.each(APPROVAL_STATUSES)('holds "%s" exactly when the website step reads it as in review', (status) => {
    const record = { ...example, integration_type: 'THIRD_PARTY', website_detail: { ...example.website_detail, website_approval_status: status } };
    const inReview = evaluate(record, rulesConfig)['website-details']!.reason === 'onboarding.reason.websiteInReview';
    expect(WEBSITE_IN_REVIEW.includes(status)).toBe(inReview);
  });
});
