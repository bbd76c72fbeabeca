import useSWR from 'swr';
import { apiFetch } from '../../shared/api/fetcher';
import type { ChildSummary, ChildView } from '../../../common/api/aggregator';

export type { ChildSummary, ChildView };

/** SWR keys of the aggregator page's calls. */
export const aggregatorKeys = {
  children: (aggregatorId: string) => `/api/v1/merchants/${encodeURIComponent(aggregatorId)}/children`,
  child: (aggregatorId: string, childUuid: string) =>
    `/api/v1/merchants/${encodeURIComponent(aggregatorId)}/children/${encodeURIComponent(childUuid)}`,
};

const once = { shouldRetryOnError: false, revalidateOnFocus: false };

/** The aggregator's children; fails with 404 when the merchant is not an aggregator (or not the user's). */
export function useChildren(aggregatorId: string | undefined) {
  return useSWR(aggregatorId ? aggregatorKeys.children(aggregatorId) : null, (path: string) => apiFetch<{ children: ChildSummary[] }>(path).then((body) => body.children), once);
}

/** One child of the aggregator; fails with 404 when it is not the aggregator's child. */
export function useChild(aggregatorId: string | undefined, childUuid: string | null) {
  return useSWR(aggregatorId && childUuid ? aggregatorKeys.child(aggregatorId, childUuid) : null, (path: string) => apiFetch<{ child: ChildView }>(path).then((body) => body.child), once);
}
