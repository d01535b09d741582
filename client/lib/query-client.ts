import { QueryClient } from '@tanstack/react-query';

// No default query function: each query names its endpoint and the schema its answer is parsed with
// (see the features' api.ts files), so an unchecked answer cannot reach a screen.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
