import type { FastifyPluginAsync } from 'fastify';
import { message } from '../../schemas/messages';
import { assessmentQuestions } from '../../schemas/registry';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { hasPermission, loadMembership, saveRecord } from '../merchants/store';

const API = 'https://onboarding.local/schemas/api/assessment.json';
/**
 * What answering needs: it changes the merchant record (new_merchant). The spec names no permission for it; the
 * profile permissions, as for the other profile changes (README, Notes).
 */
const MAY_ANSWER = ['update_user_profile', 'update_profile_restricted'];
const [STEP_ONE, STEP_TWO] = assessmentQuestions.assessment_questions;

interface Answer {
  assessment_question_id: number;
  selected_options: number[];
  category?: string;
}

/** The field errors of a set of answers against the questions (spec section 3): none when it is good. */
function answerErrors(answers: Answer[]): Record<string, string[]> {
  const byQuestion = new Map(answers.map((answer) => [answer.assessment_question_id, answer]));
  if (byQuestion.size !== answers.length || answers.some((answer) => !assessmentQuestions.assessment_questions.some((question) => question.id === answer.assessment_question_id)))
    return { assessment_responses: [message('server.assessment.questionUnknown')] };
  const first = byQuestion.get(STEP_ONE!.id);
  const second = byQuestion.get(STEP_TWO!.id);
  if (!first || !second) return { assessment_responses: [message('server.assessment.incomplete')] };
  if (first.selected_options.length !== 1) return { 'assessment_responses.0.selected_options': [message('server.assessment.chooseOne')] };
  const chosen = STEP_ONE!.assessment_options.find((option) => option.id === first.selected_options[0]);
  if (!chosen || (first.category !== undefined && first.category !== chosen.category))
    return { 'assessment_responses.0.selected_options': [message('server.assessment.optionUnknown')] };
  const wanted = second.selected_options.map((id) => STEP_TWO!.assessment_options.find((option) => option.id === id));
  if (wanted.some((option) => option === undefined)) return { 'assessment_responses.1.selected_options': [message('server.assessment.optionUnknown')] };
  if (wanted.some((option) => option!.category !== chosen.category)) return { 'assessment_responses.1.selected_options': [message('server.assessment.categoryMismatch')] };
  return {};
}

/**
 * The needs assessment (platform spec sections 2, 3, 7): the questions (schemas/master/assessment-questions.json),
 * and a merchant's answers, checked against them, stored, and turning the record's new_merchant flag off.
 */
export const assessmentRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.get('/assessment_questions', async () => ({
    assessment_questions: assessmentQuestions.assessment_questions,
    customer_redirect: assessmentQuestions.customer_redirect,
  }));

  app.post<{ Params: { id: string }; Body: { assessment_responses: Answer[] } }>(
    '/merchants/:id/assessment_responses',
    { schema: { body: { $ref: API } } },
    async (request, reply) => {
      const { userId } = currentUser(request);
      // The answer is sent once the transaction has committed: a reader after it sees what was stored.
      const answered = await db.transaction(async (tx) => {
        const membership = await loadMembership(tx, userId, request.params.id, true);
        if (!hasPermission(membership, ...MAY_ANSWER)) throw apiError('FORBIDDEN');
        // Ordered as the questions are, whatever order the body gives them in.
        const answers = [...request.body.assessment_responses].sort(
          (a, b) => Number(a.assessment_question_id !== STEP_ONE!.id) - Number(b.assessment_question_id !== STEP_ONE!.id),
        );
        const errors = answerErrors(answers);
        if (Object.keys(errors).length) throw validationError(errors);
        await tx.query(
          `insert into assessment_responses (merchant_uuid, user_id, responses) values ($1, $2, $3)
             on conflict (merchant_uuid) do update set user_id = excluded.user_id, responses = excluded.responses, created_at = now()`,
          [membership.record.uuid, userId, JSON.stringify(answers)],
        );
        if (membership.record.new_merchant !== false) await saveRecord(tx, { ...membership.record, new_merchant: false }, userId, 'assessment_answered', {});
        return answers;
      });
      return reply.code(201).send({ assessment_responses: answered, category: STEP_ONE!.assessment_options.find((option) => option.id === answered[0]!.selected_options[0])!.category });
    },
  );
};
