import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../../src/shared/router';
import { SWRConfig } from 'swr';

/**
 * Renders a screen at `entry` under the route `path`, with a fresh SWR cache; any other path renders nothing but
 * records itself. Returns where the app is now (the path a navigation left it at).
 */
export function renderScreenAt(entry: string, path: string, screen: ReactElement): () => string {
  let location = '';
  function Where() {
    location = useLocation().pathname;
    return null;
  }
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={path} element={screen} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
  return () => location;
}
