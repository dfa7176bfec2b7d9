import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { DialogHost } from '../ui/dialog.tsx';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { AudienceSwitch } from './audience-switch.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client never throws on its own; retries would only repeat a server's "no".
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ErrorBoundary>
          <AudienceSwitch />
        </ErrorBoundary>
        <DialogHost />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
