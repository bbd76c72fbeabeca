import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreenAt } from '../renderScreen';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aclPermissions } from '../../../schemas/registry';
import TeamAccountsPage from '../../../src/features/team/TeamAccountsPage';
import { mockFetch } from '../../fetchMock';

const UUID = '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11';
const BASE = `/api/v1/merchants/${UUID}`;
const permission = (name: string) => aclPermissions.catalogue.find((entry) => entry.name === name)!;
const ROLE = { id: 7, name: 'Uploader', created_at: '2026-11-20T10:00:00Z', staff_invite_count: 1, acl_permissions: [permission('update_profile_restricted')] };
const EMPLOYEE = { id: 3, name: 'Priya Kapoor', email: 'priya@example.com', phone: null, accepted: true, role: { id: 7, name: 'Uploader' } };

type Answer = { status?: number; body?: unknown };
function renderPage(path: string, { permissions = ['manage_team_accounts'], answers = {} }: { permissions?: string[]; answers?: Record<string, () => Answer> } = {}) {
  const calls = mockFetch(({ method, url }) => {
    if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: UUID, mid: 8800002, name: 'Nimbus' }] } };
    if (url.startsWith('/api/v1/oauth/token/info')) return { body: { acl_role: { name: 'Owner', acl_permissions: permissions.map((name) => ({ name, scopes: [] })) } } };
    if (url === '/api/v1/acl_permissions') return { body: { acl_permissions: aclPermissions.catalogue, permission_groups: aclPermissions.groups } };
    const answer = answers[`${method} ${url}`];
    if (answer) return answer();
    if (url === `${BASE}/acl_roles`) return { body: { acl_roles: [ROLE] } };
    if (url === `${BASE}/staff_invites`) return { body: { staff_invites: [EMPLOYEE] } };
    return undefined;
  });
  const where = renderScreenAt(path, "/settings/team_accounts/*", <TeamAccountsPage />);
  return { calls, user: userEvent.setup(), where };
}

afterEach(() => vi.unstubAllGlobals());

describe('TeamAccountsPage', () => {
  it('without manage_team_accounts: the no-access modal, and no roles or staff fetched', async () => {
    const { calls, user, where } = renderPage('/settings/team_accounts', { permissions: ['update_profile_restricted'] });
    // The platform spec's words (an apostrophe), not the onboarding spec's "You dont have access".
    const modal = await screen.findByRole('dialog', { name: "Oops! You don't have access to this feature." });
    expect(modal).toHaveAccessibleDescription('Please contact your merchant admin to get access.');
    expect(calls.some((call) => call.url.includes('/acl_roles') || call.url.includes('/staff_invites'))).toBe(false);
    await user.click(within(modal).getByRole('button', { name: 'Ok, got it!' }));
    expect(where()).toBe('/onboarding');
  });

  it('summarises employees and roles, then invites an employee into a role', async () => {
    const { calls, user } = renderPage('/settings/team_accounts', {
      answers: { [`POST ${BASE}/staff_invites`]: () => ({ status: 201, body: { staff_invite: { ...EMPLOYEE, id: 4 } } }) },
    });
    expect(await screen.findByRole('heading', { name: 'Manage Employees (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage Roles (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'MANAGE Manage Employees (1)' }));
    expect(await screen.findByRole('region', { name: 'Priya Kapoor' })).toHaveTextContent('Uploader');
    await user.click(screen.getByRole('button', { name: 'Add New Employee' }));
    const form = screen.getByRole('form', { name: 'Add New Employee' });
    expect(within(form).getByRole('button', { name: 'Send Invite' })).toBeDisabled();
    await user.type(within(form).getByLabelText(/^Name/), 'Ravi Kumar');
    await user.type(within(form).getByLabelText(/^Email/), 'ravi@example.com');
    await user.selectOptions(within(form).getByLabelText(/^Role/), 'Uploader');
    await user.click(within(form).getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByRole('dialog', { name: 'Employee added successfully!' })).toHaveTextContent('The role will be assigned once the employee accepts the invitation.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Ravi Kumar', email: 'ravi@example.com', acl_role_id: 7, mobile: null });
  });

  it("shows the server's refusal, one line a field", async () => {
    const { user } = renderPage('/settings/team_accounts/staff', {
      answers: { [`POST ${BASE}/staff_invites`]: () => ({ status: 422, body: { errors: { email: ['This e-mail is already invited or a member of the team'], name: ['Name should contain only alphabets'] } } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Add New Employee' }));
    const form = screen.getByRole('form', { name: 'Add New Employee' });
    await user.type(within(form).getByLabelText(/^Name/), 'Ravi 2');
    await user.type(within(form).getByLabelText(/^Email/), 'priya@example.com');
    await user.selectOptions(within(form).getByLabelText(/^Role/), 'Uploader');
    await user.click(within(form).getByRole('button', { name: 'Send Invite' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This e-mail is already invited or a member of the team');
    expect(alert).toHaveTextContent('Name should contain only alphabets');
    // Nothing typed is lost.
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Ravi 2');
  });

  it('says why a delete was refused in the generic error modal ("!" and the message), the confirmation closed', async () => {
    const REFUSAL = '1 employee(s) hold this role: move them to another role before deleting it.';
    const { user } = renderPage('/settings/team_accounts/roles', {
      answers: { [`DELETE ${BASE}/acl_roles/7`]: () => ({ status: 409, body: { error: REFUSAL, code: 'ROLE_HAS_STAFF' } }) },
    });
    await user.click(within(await screen.findByRole('region', { name: 'Uploader' })).getByRole('button', { name: 'Delete role Uploader' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete the role "Uploader"?' })).getByRole('button', { name: 'DELETE' }));
    const modal = await screen.findByRole('alertdialog', { name: REFUSAL });
    expect(within(modal).getByText('!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Delete the role "Uploader"?' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Ok, got it!' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Uploader' })).toBeInTheDocument();
  });

  it('deletes a role with staff after moving them to another role', async () => {
    const other = { ...ROLE, id: 8, name: 'Readers', staff_invite_count: 0, acl_permissions: [permission('read_transactions')] };
    const { calls, user } = renderPage('/settings/team_accounts/roles', {
      answers: {
        [`GET ${BASE}/acl_roles`]: () => ({ body: { acl_roles: [ROLE, other] } }),
        [`PUT ${BASE}/acl_roles/7/move_assoc_to_new_role/8`]: () => ({ body: { moved: 1 } }),
        [`DELETE ${BASE}/acl_roles/7`]: () => ({ status: 204 }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Uploader' });
    await user.click(within(card).getByRole('button', { name: 'VIEW PERMISSIONS' }));
    expect(within(card).getByText('Upload documents')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete role Uploader' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the role "Uploader"?' });
    await user.selectOptions(within(confirm).getByLabelText(/^Move its employees to/), 'Readers');
    await user.click(within(confirm).getByRole('button', { name: 'DELETE' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`)).toEqual([`PUT ${BASE}/acl_roles/7/move_assoc_to_new_role/8`, `DELETE ${BASE}/acl_roles/7`]));
  });
});
