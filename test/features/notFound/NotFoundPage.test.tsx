import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../src/shared/router';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/app/App';
import NotFoundPage from '../../../src/features/notFound/NotFoundPage';

describe('NotFoundPage', () => {
  it('shows for an unknown path under /app: 404, Oops, the sub-heading and Go Back to /app/account', async () => {
    render(
      <MemoryRouter basename="/app" initialEntries={['/app/no/such/page']}>
        <App />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops')).toBeInTheDocument();
    expect(screen.getByText("It seems like we couldn't find the page you were looking for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/app/account');
  });

  it('takes its own heading, sub-heading, button label and redirect path, and can go without the button', () => {
    const { unmount } = render(
      <MemoryRouter>
        <NotFoundPage heading="410" subHeading="This page is gone." goBackLabel="Home" redirectPath="/welcome" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '410' })).toBeInTheDocument();
    expect(screen.getByText('This page is gone.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/welcome');
    unmount();
    render(
      <MemoryRouter>
        <NotFoundPage goBack={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
