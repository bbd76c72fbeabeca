import { useCurrentMerchant } from '../../shared/api/currentMerchant';
import { useMerchant, usePermissions } from '../../shared/api/hooks';
import type { NavFacts } from '../../shared/navEntries';

/**
 * What the navigation's rules read: the user's merchants (their count), the current merchant's record and the user's
 * permissions there (the same calls, hence the same cache, as the screens). Undefined until they have answered; a call
 * that failed counts as nothing held.
 */
export function useNavFacts(): NavFacts | undefined {
  const { merchants, uuid } = useCurrentMerchant();
  const merchant = useMerchant(uuid);
  const permissions = usePermissions(merchant.data?.mid);
  const answered = (call: { data?: unknown; error?: unknown }) => call.data !== undefined || call.error !== undefined;
  if (!answered(merchants) || (uuid && !answered(merchant)) || (merchant.data && !answered(permissions))) return undefined;
  return { permissions: permissions.data ?? [], merchantCount: merchants.data?.length ?? 0, merchant: merchant.data };
}
