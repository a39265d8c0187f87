// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryCache } from './query-cache';
import { ServicesContext, type ViewServices } from './services-context';
import { useQuery } from './use-query';

function Shows({ fetcher }: { fetcher: () => Promise<string> }) {
  const q = useQuery('greeting', fetcher);
  return <p>{q.status === 'success' ? q.data : q.status}</p>;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

describe('useQuery', () => {
  it('asks once per key, in a task after the commit, and shows the answer', async () => {
    const fetcher = vi.fn(async () => 'olá');
    // Only the cache is reached by this hook; the rest of the services stay out of the test.
    const services = { queries: createQueryCache() } as unknown as ViewServices;
    render(
      <ServicesContext.Provider value={services}>
        <Shows fetcher={fetcher} />
        <Shows fetcher={fetcher} />
      </ServicesContext.Provider>,
    );
    // The effects ran in the commit's task; building the request waits for a task of its own.
    expect(fetcher).not.toHaveBeenCalled();
    expect(screen.getAllByText('loading')).toHaveLength(2);
    await act(nextTask);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(await screen.findAllByText('olá')).toHaveLength(2);
  });
});
