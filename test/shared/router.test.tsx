import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link, MemoryRouter, Navigate, Route, Routes, useLocation, useSearchParams } from '../../src/shared/router';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

function Team() {
  return (
    <Routes>
      <Route index element={<Link to="staff">Manage staff</Link>} />
      <Route
        path="staff/*"
        element={
          <>
            <p>Staff</p>
            <Link to=".." relative="path">
              Back
            </Link>
          </>
        }
      />
    </Routes>
  );
}

const app = (entry: string) =>
  render(
    <MemoryRouter basename="/app" initialEntries={[entry]}>
      <Routes>
        <Route path="/" element={<Navigate to="/account" replace />} />
        <Route path="/account" element={<p>Sign in</p>} />
        <Route path="/account/*" element={<p>Account area</p>} />
        <Route path="/account/signin" element={<p>Sign in page</p>} />
        <Route path="/onboarding/*" element={<p>Onboarding</p>} />
        <Route path="/settings/team/*" element={<Team />} />
        <Route path="*" element={<p>Not found</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

describe('router', () => {
  it('ranks a whole path over a splat that also matches it, and a splat over the catch-all', () => {
    const { unmount } = app('/app/account/signin');
    expect(screen.getByText('Sign in page')).toBeInTheDocument();
    unmount();
    app('/app/account/password');
    expect(screen.getByText('Account area')).toBeInTheDocument();
  });

  it('matches a splat at its own path and below it; anything else is not found', () => {
    const { unmount } = app('/app/onboarding');
    expect(screen.getByText('Onboarding')).toBeInTheDocument();
    unmount();
    const again = app('/app/onboarding/website?x=1');
    expect(screen.getByText('Onboarding')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent('/onboarding/website?x=1');
    again.unmount();
    app('/app/onboardingx');
    expect(screen.getByText('Not found')).toBeInTheDocument();
  });

  it('redirects with Navigate', async () => {
    app('/app');
    expect(await screen.findByText('Sign in')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent(/^\/account$/);
  });

  it('resolves links relative to their route; a plain click moves in place, a modified one is left to the browser', () => {
    app('/app/settings/team');
    const manage = screen.getByRole('link', { name: 'Manage staff' });
    expect(manage).toHaveAttribute('href', '/app/settings/team/staff');
    expect(fireEvent.click(manage, { ctrlKey: true })).toBe(true);
    expect(screen.getByLabelText('where')).toHaveTextContent('/settings/team');
    expect(fireEvent.click(manage)).toBe(false);
    expect(screen.getByText('Staff')).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/app/settings/team');
    fireEvent.click(back);
    expect(screen.getByRole('link', { name: 'Manage staff' })).toBeInTheDocument();
  });

  it('drops an empty hash or query from a target, and reads the query', () => {
    function Query() {
      const [params] = useSearchParams();
      return (
        <>
          <Link to="/onboarding#">Profile</Link>
          <p>{params.get('identity')}</p>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/unlock?identity=a%40b.in']}>
        <Query />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/onboarding');
    expect(screen.getByText('a@b.in')).toBeInTheDocument();
  });
});
