// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryCache } from './query-cache';
import { ServicesProvider } from './services-provider';
import type { QueryServices } from './query-services';
import { useQuery } from './use-query';

function Shows({ fetcher }: { fetcher: () => Promise<string> }) {
  const q = useQuery('greeting', fetcher);
  return <p>{q.status === 'success' ? q.data : q.status}</p>;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

describe('useQuery', () => {
  it('asks once per key, in a task after the commit, and shows the answer', async () => {
    const fetcher = vi.fn(async () => 'olá');
    // Only the cache is reached by this hook (the fetcher is the test's, the client an empty stand-in).
    const services = { api: {}, queries: createQueryCache() } as unknown as QueryServices;
    render(
      <ServicesProvider services={services}>
        <Shows fetcher={fetcher} />
        <Shows fetcher={fetcher} />
      </ServicesProvider>,
    );
    // The effects ran in the commit's task; building the request waits for a task of its own.
    expect(fetcher).not.toHaveBeenCalled();
    expect(screen.getAllByText('loading')).toHaveLength(2);
    await act(nextTask);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(await screen.findAllByText('olá')).toHaveLength(2);
  });
});
