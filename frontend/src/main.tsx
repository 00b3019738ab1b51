import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { AppIntlProvider } from './app/intl-provider';
import { createAppRouter } from './app/router';
import { createStore } from './app/store';
import './app/theme.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createStore();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <AppIntlProvider>
        <RouterProvider router={router} />
      </AppIntlProvider>
    </Provider>
  </StrictMode>,
);
