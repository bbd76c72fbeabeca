import { describe, expect, it } from 'vitest';
import { snap, startProductInBrowser } from './harness';
import { merchantOfPage, signInByOtp, signUpWithPan } from './journey';

const product = startProductInBrowser();
/** The money product's host (Chromium resolves *.localhost to this machine): team accounts are that product's. */
const moneyUrl = () => product.baseUrl.replace('127.0.0.1', 'money.localhost');


describe('team accounts', () => {
  it('the owner adds a role and invites an employee; the employee signs in by OTP and meets the no-access modal on team accounts', async () => {
    const owner = await product.phonePage();
    // Team accounts are the money product's (platform spec section 2): a merchant signed up on its host is of it.
    await signUpWithPan(owner, moneyUrl(), { pan: 'AAACP7311K', entity: 'Private Limited', prefix: 'team.owner' });
    const { uuid } = await merchantOfPage(owner, product.baseUrl);
    expect((await product.query<{ product: string }>(`select record->>'product' as product from merchants where uuid = $1`, [uuid]))[0]?.product).toBe('PayUmoney');

    await owner.goto(`${moneyUrl()}/app/settings/team_accounts`);
    await owner.getByRole('heading', { name: 'Manage Roles (0)' }).waitFor();
    await snap(owner, 'team-summary');
    await owner.getByRole('link', { name: 'MANAGE Manage Roles (0)' }).click();
    await owner.getByRole('button', { name: 'Add New Role' }).click();
    const roleForm = owner.getByRole('form', { name: 'Add New Role' });
    await roleForm.getByLabel(/^Role name/).fill('Document uploader');
    await roleForm.getByRole('checkbox', { name: 'Upload documents' }).check();
    await snap(owner, 'team-role-form');
    await roleForm.getByRole('button', { name: 'Save' }).click();
    const role = owner.getByRole('region', { name: 'Document uploader' });
    await role.getByRole('button', { name: 'VIEW PERMISSIONS' }).click();
    await role.getByText('Upload documents').waitFor();

    await owner.getByRole('link', { name: 'Back' }).click();
    await owner.getByRole('link', { name: 'MANAGE Manage Employees (0)' }).click();
    await owner.getByRole('button', { name: 'Add New Employee' }).click();
    const inviteForm = owner.getByRole('form', { name: 'Add New Employee' });
    const email = `team.employee.${Date.now()}@example.com`;
    await inviteForm.getByLabel(/^Name/).fill('Priya Kapoor');
    await inviteForm.getByLabel(/^Email/).fill(email);
    await inviteForm.getByLabel(/^Role/).selectOption({ label: 'Document uploader' });
    await snap(owner, 'team-invite-form');
    await inviteForm.getByRole('button', { name: 'Send Invite' }).click();
    await owner.getByRole('dialog', { name: 'Employee added successfully!' }).waitFor();
    await snap(owner, 'team-invite-sent');
    // The success modal closes itself (3 s) and leaves focus where the invite form was, not on the page's body.
    await owner.getByRole('dialog', { name: 'Employee added successfully!' }).waitFor({ state: 'detached', timeout: 5_000 });
    await expect.poll(() => owner.evaluate(() => document.activeElement?.textContent)).toBe('Add New Employee');
    await owner.getByRole('region', { name: 'Priya Kapoor' }).getByText('Invited: the role is assigned once they accept the invitation').waitFor();

    // The employee signs in with the invited e-mail: the owner's merchant, in the role, and no team management.
    const employee = await product.phonePage();
    await signInByOtp(employee, moneyUrl(), email);
    expect((await merchantOfPage(employee, product.baseUrl)).uuid).toBe(uuid);
    await employee.goto(`${moneyUrl()}/app/settings/team_accounts`);
    const noAccess = employee.getByRole('dialog', { name: "Oops! You don't have access to this feature." });
    await noAccess.waitFor();
    await snap(employee, 'team-no-access');
    await noAccess.getByRole('button', { name: 'Ok, got it!' }).click();
    await employee.waitForURL(/\/app\/onboarding$/);

    // The owner sees the invitation accepted.
    await owner.reload();
    await expect.poll(() => owner.getByRole('region', { name: 'Priya Kapoor' }).getByText('Invited: the role is assigned once they accept the invitation').count()).toBe(0);

    // A role that still has an employee is not deleted: the generic error modal says why ("!" and the message).
    await owner.goto(`${moneyUrl()}/app/settings/team_accounts/roles`);
    await owner.getByRole('region', { name: 'Document uploader' }).getByRole('button', { name: 'Delete role Document uploader' }).click();
    await owner.getByRole('dialog', { name: 'Delete the role "Document uploader"?' }).getByRole('button', { name: 'DELETE' }).click();
    const refused = owner.getByRole('alertdialog', { name: '1 employee(s) hold this role: move them to another role before deleting it.' });
    await refused.waitFor();
    await snap(owner, 'team-role-delete-refused');
    await refused.getByRole('button', { name: 'Ok, got it!' }).click();
    await refused.waitFor({ state: 'detached' });
    await owner.getByRole('region', { name: 'Document uploader' }).waitFor();
    await employee.context().close();
    await owner.context().close();
  });
});
