import type { FastifyPluginAsync } from 'fastify';
import { ifscBranchesAnswerSchema, ifscDetailAnswerSchema } from '../../schemas/api/ifscDetailAnswer';
import { message } from '../../schemas/messages';
import { authenticate } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { bankNames, branchesOf, branchOf, citiesOf, statesOf } from '../reference/ifscDirectory';
import { bankOfKnownIfsc } from '../reference/ifscPackageBank';

const query = (name: string) => ({ querystring: { $ref: `https://onboarding.local/schemas/api/ifsc-details.json#/$defs/${name}` } });

/**
 * The IFSC directory (onboarding spec section 7, Master data: ifsc_details): the search modal's cascade of lists
 * (bank names, then a bank's states, cities, branches) and the lookup of one code. Signed-in callers only.
 */
export const ifscDetailsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  // On request, before the query is validated: a caller who is not signed in learns nothing else.
  app.addHook('onRequest', authenticate(db));

  app.get('/ifsc_details/bank_names', async () => ({ bank_names: await bankNames(db) }));

  app.get<{ Querystring: { bank_name: string } }>('/ifsc_details/states', { schema: query('statesQuery') }, async (request) => ({
    states: await statesOf(db, request.query.bank_name),
  }));

  app.get<{ Querystring: { bank_name: string; state: string } }>('/ifsc_details/cities', { schema: query('citiesQuery') }, async (request) => ({
    cities: await citiesOf(db, request.query.bank_name, request.query.state),
  }));

  app.get<{ Querystring: { bank_name: string; state: string; city: string } }>(
    '/ifsc_details/branches',
    { schema: { ...query('branchesQuery'), response: { 200: ifscBranchesAnswerSchema } } },
    async (request) => ({ ifsc_details: await branchesOf(db, request.query.bank_name, request.query.state, request.query.city) }),
  );

  // A code the directory lacks but RBI's list (the `ifsc` package) knows is a real branch: its bank, no details.
  app.get<{ Params: { ifsc: string } }>('/ifsc_details/:ifsc', { schema: { response: { 200: ifscDetailAnswerSchema } } }, async (request) => {
    const code = request.params.ifsc.toUpperCase();
    if (!/^[A-Z0-9]{11}$/.test(code)) throw validationError({ ifsc_code: [message('validation.ifsc')] });
    const branch = await branchOf(db, code);
    if (branch) return { ifsc_detail: { ...branch, in_directory: true } };
    const bankName = bankOfKnownIfsc(code);
    if (!bankName) throw apiError('IFSC_NOT_FOUND');
    return { ifsc_detail: { ifsc_code: code, bank_name: bankName, branch_name: '', city: '', state: '', address: '', in_directory: false } };
  });
};
