import { BrowserRouter } from 'react-router-dom';
import { AppStatus } from '@client/components/AppStatus';
import { AppProviders } from './providers/AppProviders';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
        <AppStatus />
      </AppProviders>
    </BrowserRouter>
  );
}
