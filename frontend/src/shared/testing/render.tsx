import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createStore, type AppStore } from '../../app/store';
import de from '../../lang/de.json';

// Renders a component the way the console does: the real store (RTK Query against the fetch
// stub), German messages and a router at `path`.
export type Rendered = RenderResult & { user: UserEvent; store: AppStore };

export function renderConsole(ui: ReactElement, { path = '/', store = createStore() }: { path?: string; store?: AppStore } = {}): Rendered {
  function Providers({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <IntlProvider locale="de" defaultLocale="de" messages={de}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </IntlProvider>
      </Provider>
    );
  }
  const user = userEvent.setup();
  return Object.assign(render(ui, { wrapper: Providers }), { user, store });
}

export type RenderedRouter = Rendered & { router: ReturnType<typeof createMemoryRouter> };

/**
 * The same providers around a data router at `path`, for components that read route meta
 * through useMatches or submit forms through the router.
 */
export function renderWithDataRouter(routes: RouteObject[], { path = '/', store = createStore() }: { path?: string; store?: AppStore } = {}): RenderedRouter {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const rendered = render(
    <Provider store={store}>
      <IntlProvider locale="de" defaultLocale="de" messages={de}>
        <RouterProvider router={router} />
      </IntlProvider>
    </Provider>,
  );
  return Object.assign(rendered, { user, store, router });
}
