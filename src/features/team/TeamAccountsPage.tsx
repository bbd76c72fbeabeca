import { useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Route, Routes, useNavigate } from '../../shared/router';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import en from '../../../schemas/messages/team.en.json';
import { addTexts } from '../../../schemas/messages';
import { AppHeader } from '../../app/AppHeader';
import { SettingsNav } from '../../app/nav/SettingsNav';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { useCurrentMerchant } from '../../shared/api/currentMerchant';
import { usePermissions } from '../../shared/api/hooks';
import { t } from '../../shared/ui/t';
import { ErrorDialog } from '../../shared/ui/ErrorDialog';
import { NoAccessDialog } from '../../shared/ui/NoAccessDialog';
import { SuccessDialog } from '../../shared/ui/SuccessDialog';

const texts = { en };

/** A permission of the catalogue (GET acl_permissions; schemas/master/acl-permissions.json). */
interface Permission {
  uuid: string;
  name: string;
  title: string;
  permission_group: string;
}
interface Role {
  id: number;
  name: string;
  created_at: string;
  staff_invite_count: number;
  acl_permissions: Permission[];
}
interface Employee {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  accepted: boolean;
  role: { id: number; name: string };
}

/** The first message of each field a refusal names (platform spec section 8: an error strip, one line a field). */
const refusalLines = (error: unknown): string[] => {
  if (!(error instanceof ApiRequestError)) return [t('error.generic')];
  const errors = error.body.errors as Record<string, string[]> | undefined;
  return errors ? Object.values(errors).map((messages) => messages[0]!) : [error.message];
};
const shownDate = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Team accounts (platform spec section 2, /app/settings/team_accounts): the summary of employees and roles, the
 * employees (invite, change role or name, remove) and the roles (add, edit permissions, delete after moving their
 * employees). Without manage_team_accounts the no-access modal opens and nothing is fetched (spec section 6).
 */
export default function TeamAccountsPage() {
  addTexts(texts);
  const merchant = useCurrentMerchant().summary;
  const permissions = usePermissions(merchant?.mid);
  const navigate = useNavigate();
  const mayManage = permissions.data?.includes('manage_team_accounts') === true;
  const base = merchant && mayManage ? `/api/v1/merchants/${merchant.uuid}` : null;
  const roles = useSWR(base && `${base}/acl_roles`, (path: string) => apiFetch<{ acl_roles: Role[] }>(path).then((body) => body.acl_roles));
  const employees = useSWR(base && `${base}/staff_invites`, (path: string) => apiFetch<{ staff_invites: Employee[] }>(path).then((body) => body.staff_invites));
  const catalogue = useSWR(base && '/api/v1/acl_permissions', (path: string) => apiFetch<{ acl_permissions: Permission[]; permission_groups: string[] }>(path));
  const refresh = () => Promise.all([roles.mutate(), employees.mutate()]);

  let content;
  if (!permissions.data) content = <LinearProgress aria-label={t('common.loading')} />;
  else if (!mayManage)
    content = (
      <NoAccessDialog text="platform" detail={t('noAccess.platformAdmin')} onClose={() => navigate('/onboarding')} />
    );
  else if (!roles.data || !employees.data || !catalogue.data || !base) content = <LinearProgress aria-label={t('common.loading')} />;
  else
    content = (
      <Routes>
        <Route index element={<Summary employees={employees.data.length} roles={roles.data.length} />} />
        <Route path="staff/*" element={<Employees base={base} employees={employees.data} roles={roles.data} onChanged={refresh} />} />
        <Route path="roles/*" element={<Roles base={base} roles={roles.data} catalogue={catalogue.data} onChanged={refresh} />} />
      </Routes>
    );
  return (
    <>
      <AppHeader merchantName={merchant?.name ?? undefined} />
      <Container component="main" maxWidth="md" sx={{ px: { xs: 1, sm: 3 }, py: 2 }}>
        <SettingsNav />
        <Typography component="h1" variant="h5" gutterBottom>
          {t('team.title')}
        </Typography>
        {content}
      </Container>
    </>
  );
}

function Summary({ employees, roles }: { employees: number; roles: number }) {
  const card = (title: string, help: string, to: string) => (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={to} variant="contained" aria-label={`${t('team.manage')} ${title}`} sx={{ minHeight: 44 }}>
          {t('team.manage')}
        </Button>
      </CardActions>
    </Card>
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {card(t('team.employees.title', { count: employees }), t('team.employees.help'), 'staff')}
      {card(t('team.roles.title', { count: roles }), t('team.roles.help'), 'roles')}
    </Box>
  );
}

function Confirm({ title, confirm, onConfirm, onCancel, children }: { title: string; confirm: string; onConfirm(): void; onCancel(): void; children?: React.ReactNode }) {
  const id = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={id} fullWidth maxWidth="xs">
      <DialogTitle id={id}>{title}</DialogTitle>
      {children && <DialogContent>{children}</DialogContent>}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} sx={{ minHeight: 44 }}>
          {t('team.cancelButton')}
        </Button>
        <Button variant="contained" onClick={onConfirm} sx={{ minHeight: 44 }}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RoleSelect({ id, roles, value, onChange, label = t('team.employees.role') }: { id: string; roles: Role[]; value: number | ''; onChange(value: number | ''): void; label?: string }) {
  return (
    <TextField
      id={id}
      select
      label={label}
      required
      value={value}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      <option value="">{t('team.employees.chooseRole')}</option>
      {roles.map((role) => (
        <option key={role.id} value={role.id}>
          {role.name}
        </option>
      ))}
    </TextField>
  );
}

/**
 * A team call and what follows it: busy while it runs, the lists read again after it, and on a refusal the server's
 * lines (one a field) instead of `after`: in the error strip above a form, which stays as typed (platform spec section
 * 8: invite, edit, role create or edit), or, for a call made from a confirmation (a delete), in the generic error modal.
 */
function useTeamAction(onChanged: () => Promise<unknown>) {
  const [refusal, setRefusal] = useState<{ lines: string[]; shown: 'strip' | 'modal' } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, after: () => void, shown: 'strip' | 'modal' = 'strip') => {
    setBusy(true);
    setRefusal(null);
    try {
      await work();
      await onChanged();
      after();
    } catch (error) {
      setRefusal({ lines: refusalLines(error), shown });
    } finally {
      setBusy(false);
    }
  };
  const problems = refusal?.shown === 'strip' ? refusal.lines : [];
  const failure = refusal?.shown === 'modal' ? <ErrorDialog message={refusal.lines} onClose={() => setRefusal(null)} /> : null;
  return { busy, problems, failure, run };
}

/** The error strip of a refused team call (platform spec section 8). */
function Problems({ lines }: { lines: string[] }) {
  return lines.length > 0 ? (
    <Alert severity="error" role="alert">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  ) : null;
}

function Employees({ base, employees, roles, onChanged }: { base: string; employees: Employee[]; roles: Role[]; onChanged(): Promise<unknown> }) {
  const id = useId();
  const [form, setForm] = useState<{ name: string; email: string; phone: string; role: number | '' } | null>(null);
  const [editing, setEditing] = useState<{ id: number; role: number | ''; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Employee | null>(null);
  const [closing, setClosing] = useState(false);
  const [done, setDone] = useState<{ added: true } | { updated: number } | null>(null);
  const { busy, problems, failure, run } = useTeamAction(onChanged);
  const addButton = useRef<HTMLButtonElement>(null);
  const editButtonId = (employee: { id: number }) => `${id}-edit-${employee.id}`;
  const invite = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    void run(
      () => apiFetch(`${base}/staff_invites`, { method: 'POST', body: { name: form.name.trim(), email: form.email.trim(), acl_role_id: form.role === '' ? undefined : form.role, mobile: form.phone.trim() || null } }),
      () => (setForm(null), setDone({ added: true })),
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h6">
        {t('team.employees.title', { count: employees.length })}
      </Typography>
      <Problems lines={problems} />
      {employees.length === 0 && <Typography color="text.secondary">{t('team.employees.none')}</Typography>}
      {employees.map((employee) => (
        <Card key={employee.id} variant="outlined" component="section" aria-label={employee.name}>
          <CardContent>
            <Typography component="h3" variant="subtitle1">
              {employee.name}
            </Typography>
            {editing?.id === employee.id ? (
              <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
                <TextField id={`${id}-edit-name`} label={t('team.employees.name')} value={editing.name} onChange={(event) => setEditing({ ...editing, name: event.target.value })} required fullWidth />
                <RoleSelect id={`${id}-edit-role`} roles={roles} value={editing.role} onChange={(role) => setEditing({ ...editing, role })} />
              </Box>
            ) : (
              <>
                <Typography variant="body2">{employee.role.name}</Typography>
                {employee.phone && <Typography variant="body2">{employee.phone}</Typography>}
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {employee.email}
                </Typography>
                {!employee.accepted && (
                  <Typography variant="caption" color="text.secondary">
                    {t('team.employees.pending')}
                  </Typography>
                )}
              </>
            )}
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {editing?.id === employee.id ? (
              <>
                <Button
                  variant="contained"
                  disabled={busy}
                  onClick={() => void run(() => apiFetch(`${base}/staff_invites/${employee.id}`, { method: 'PUT', body: { acl_role_id: editing.role === '' ? undefined : editing.role, name: editing.name.trim() } }), () => (setEditing(null), setDone({ updated: employee.id })))}
                  sx={{ minHeight: 44 }}
                >
                  {t('team.employees.save')}
                </Button>
                <Button onClick={() => setEditing(null)} sx={{ minHeight: 44 }}>
                  {t('team.employees.cancel')}
                </Button>
              </>
            ) : (
              <>
                <Button id={editButtonId(employee)} onClick={() => setEditing({ id: employee.id, role: employee.role.id, name: employee.name })} aria-label={t('team.employees.edit', { name: employee.name })} sx={{ minHeight: 44 }}>
                  ✎
                </Button>
                <Button color="error" onClick={() => setDeleting(employee)} aria-label={t('team.employees.delete', { name: employee.name })} sx={{ minHeight: 44 }}>
                  🗑
                </Button>
              </>
            )}
          </CardActions>
        </Card>
      ))}
      {form ? (
        <Card variant="outlined" component="form" onSubmit={invite} aria-label={t('team.employees.add')}>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Typography component="h3" variant="subtitle1">
              {t('team.employees.add')}
            </Typography>
            <TextField id={`${id}-name`} label={t('team.employees.name')} value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} required autoComplete="name" fullWidth />
            <TextField id={`${id}-email`} type="email" label={t('team.employees.email')} value={form.email} onChange={(event) => setForm({ ...form, email: event.target.value })} required autoComplete="email" fullWidth />
            <TextField id={`${id}-phone`} type="tel" label={t('team.employees.phone')} value={form.phone} onChange={(event) => setForm({ ...form, phone: event.target.value })} autoComplete="tel" fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }} />
            <RoleSelect id={`${id}-role`} roles={roles} value={form.role} onChange={(role) => setForm({ ...form, role })} />
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy || !form.name.trim() || !form.email.trim() || form.role === ''} sx={{ minHeight: 44 }}>
              {t('team.employees.sendInvite')}
            </Button>
            <Button onClick={() => setClosing(true)} sx={{ minHeight: 44 }}>
              {t('team.employees.cancel')}
            </Button>
          </CardActions>
        </Card>
      ) : (
        <Button ref={addButton} variant="outlined" onClick={() => setForm({ name: '', email: '', phone: '', role: '' })} sx={{ minHeight: 44, justifySelf: 'start' }}>
          {t('team.employees.add')}
        </Button>
      )}
      <Button component={RouterLink} to=".." relative="path" sx={{ minHeight: 44, justifySelf: 'start' }}>
        {t('team.back')}
      </Button>
      {closing && (
        <Confirm title={t('team.closeConfirm')} confirm={t('team.close')} onConfirm={() => (setClosing(false), setForm(null))} onCancel={() => setClosing(false)} />
      )}
      {deleting && (
        <Confirm
          title={t('team.employees.deleteConfirm', { name: deleting.name })}
          confirm={t('team.employees.deleteButton')}
          onConfirm={() => {
            setDeleting(null);
            void run(() => apiFetch(`${base}/staff_invites/${deleting.id}`, { method: 'DELETE' }), () => undefined, 'modal');
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
      {done && 'added' in done && <SuccessDialog title={t('team.employees.added')} help={t('team.employees.addedHelp')} onClose={() => setDone(null)} returnFocusTo={() => addButton.current} />}
      {done && 'updated' in done && (
        <SuccessDialog title={t('team.employees.updated')} onClose={() => setDone(null)} returnFocusTo={() => document.getElementById(editButtonId({ id: done.updated }))} />
      )}
      {failure}
    </Box>
  );
}

function Roles({ base, roles, catalogue, onChanged }: { base: string; roles: Role[]; catalogue: { acl_permissions: Permission[]; permission_groups: string[] }; onChanged(): Promise<unknown> }) {
  const id = useId();
  const [form, setForm] = useState<{ id?: number; name: string; chosen: string[] } | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ role: Role; moveTo: number | '' } | null>(null);
  const { busy, problems, failure, run } = useTeamAction(onChanged);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const body = { acl_role: { name: form.name.trim(), acl_permission_uuids: form.chosen } };
    void run(() => apiFetch(form.id ? `${base}/acl_roles/${form.id}` : `${base}/acl_roles`, { method: form.id ? 'PUT' : 'POST', body }), () => setForm(null));
  };
  // The roles' alert dialog (platform spec sections 2 and 8) says why a role could not be moved from or deleted.
  const remove = (role: Role, moveTo: number | '') => {
    setDeleting(null);
    return run(
      async () => {
        if (role.staff_invite_count > 0 && moveTo !== '') await apiFetch(`${base}/acl_roles/${role.id}/move_assoc_to_new_role/${moveTo}`, { method: 'PUT' });
        await apiFetch(`${base}/acl_roles/${role.id}`, { method: 'DELETE' });
      },
      () => undefined,
      'modal',
    );
  };
  const toggle = (uuid: string) => form && setForm({ ...form, chosen: form.chosen.includes(uuid) ? form.chosen.filter((chosen) => chosen !== uuid) : [...form.chosen, uuid] });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h6">
        {t('team.roles.title', { count: roles.length })}
      </Typography>
      <Problems lines={problems} />
      {roles.length === 0 && <Typography color="text.secondary">{t('team.roles.none')}</Typography>}
      {roles.map((role) => (
        <Card key={role.id} variant="outlined" component="section" aria-label={role.name}>
          <CardContent>
            <Typography component="h3" variant="subtitle1">
              {role.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('team.roles.addedOn', { date: shownDate(role.created_at) })}
            </Typography>
            {shown === role.id && (
              <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
                {role.acl_permissions.map((permission) => (
                  <li key={permission.uuid}>
                    <Typography variant="body2">{permission.title}</Typography>
                  </li>
                ))}
              </Box>
            )}
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setShown(shown === role.id ? null : role.id)} aria-expanded={shown === role.id} sx={{ minHeight: 44 }}>
              {t(shown === role.id ? 'team.roles.hidePermissions' : 'team.roles.viewPermissions')}
            </Button>
            <Button onClick={() => setForm({ id: role.id, name: role.name, chosen: role.acl_permissions.map((permission) => permission.uuid) })} aria-label={t('team.roles.edit', { name: role.name })} sx={{ minHeight: 44 }}>
              ✎
            </Button>
            <Button color="error" onClick={() => setDeleting({ role, moveTo: '' })} aria-label={t('team.roles.delete', { name: role.name })} sx={{ minHeight: 44 }}>
              🗑
            </Button>
          </CardActions>
        </Card>
      ))}
      {form ? (
        <Card variant="outlined" component="form" onSubmit={save} aria-label={form.id ? t('team.roles.edit', { name: form.name }) : t('team.roles.add')}>
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <TextField id={`${id}-name`} label={t('team.roles.name')} value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} required fullWidth slotProps={{ htmlInput: { maxLength: 50 } }} />
            <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
              {t('team.roles.permissions')}
            </Typography>
            {catalogue.permission_groups.map((group) => (
              <Box key={group} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="caption" color="text.secondary">
                  {group}
                </Typography>
                {catalogue.acl_permissions
                  .filter((permission) => permission.permission_group === group)
                  .map((permission) => (
                    <FormControlLabel key={permission.uuid} control={<Checkbox checked={form.chosen.includes(permission.uuid)} onChange={() => toggle(permission.uuid)} />} label={permission.title} sx={{ display: 'flex', minHeight: 44 }} />
                  ))}
              </Box>
            ))}
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy || !form.name.trim() || form.chosen.length === 0} sx={{ minHeight: 44 }}>
              {form.id ? t('team.roles.submit') : t('team.employees.save')}
            </Button>
            <Button onClick={() => setForm(null)} sx={{ minHeight: 44 }}>
              {t('team.employees.cancel')}
            </Button>
          </CardActions>
        </Card>
      ) : (
        <Button variant="outlined" onClick={() => setForm({ name: '', chosen: [] })} sx={{ minHeight: 44, justifySelf: 'start' }}>
          {t('team.roles.add')}
        </Button>
      )}
      <Button component={RouterLink} to=".." relative="path" sx={{ minHeight: 44, justifySelf: 'start' }}>
        {t('team.back')}
      </Button>
      {deleting && (
        <Confirm title={t('team.roles.deleteConfirm', { name: deleting.role.name })} confirm={t('team.employees.deleteButton')} onConfirm={() => void remove(deleting.role, deleting.moveTo)} onCancel={() => setDeleting(null)}>
          {deleting.role.staff_invite_count > 0 && (
            <RoleSelect id={`${id}-move`} label={t('team.roles.moveTo')} roles={roles.filter((role) => role.id !== deleting.role.id)} value={deleting.moveTo} onChange={(moveTo) => setDeleting({ ...deleting, moveTo })} />
          )}
        </Confirm>
      )}
      {failure}
    </Box>
  );
}
