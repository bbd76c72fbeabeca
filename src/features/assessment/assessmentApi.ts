import { apiFetch } from '../../shared/api/fetcher';

/** An option of a question (platform spec section 3): its category decides the illustration and the step-2 list. */
export interface AssessmentOption {
  id: number;
  statement: string;
  label: string;
  category: string;
}
export interface AssessmentQuestion {
  id: number;
  assessment_options: AssessmentOption[];
}
export interface AssessmentQuestions {
  assessment_questions: AssessmentQuestion[];
  /** The provider's help site, where a Customer goes after the questionnaire. */
  customer_redirect: string;
}
/** One answer as sent (spec section 3, Assessment answer). */
export interface AssessmentAnswer {
  assessment_question_id: number;
  selected_options: number[];
  category?: string;
}

/** The SWR key of the questions (GET /api/v1/assessment_questions). */
export const ASSESSMENT_QUESTIONS_KEY = '/api/v1/assessment_questions';

/** Reads the questions. */
export const fetchAssessmentQuestions = (path: string) => apiFetch<AssessmentQuestions>(path);

/** Sends the answers of a merchant (POST /api/v1/merchants/{mid}/assessment_responses). */
export const sendAssessmentResponses = (mid: number, answers: AssessmentAnswer[]) =>
  apiFetch(`/api/v1/merchants/${mid}/assessment_responses`, { method: 'POST', body: { assessment_responses: answers } });
