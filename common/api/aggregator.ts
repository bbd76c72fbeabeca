import type { StepFlags, StepId } from '../../rules/evaluate';

/** A child merchant as GET /api/v1/merchants/{id}/children lists it (schemas/api/aggregator.json). */
export interface ChildSummary {
  uuid: string;
  mid: number;
  name: string | null;
  business_name: string | null;
  product: string | null;
}

/** One child with the steps its own stepper shows, in journey order (GET /api/v1/merchants/{id}/children/{childUuid}). */
export interface ChildView extends ChildSummary {
  steps: Array<StepFlags & { id: StepId }>;
  progress: { done: number; total: number };
}
