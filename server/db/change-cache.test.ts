import { describe, expect, it } from 'vitest';
import { createChangeCache } from './change-cache';
import { ANY_TABLE, type ChangeFeed } from './change-feed';

/** A feed the test drives: `emit` is a committed change, `live`/`local` its state. */
function testFeed(state: { live?: boolean; local?: boolean } = {}) {
  const listeners = new Set<(table: string) => void>();
  const feed = {
    live: state.live ?? true,
    local: state.local ?? true,
    subscribe(onChange: (table: string) => void) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    emit: (change: string) => listeners.forEach((l) => l(change)),
  };
  return feed satisfies ChangeFeed;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A build that counts its calls and answers `value` and its call number. */
function counter(value: string) {
  let calls = 0;
  const build = async () => `${value}#${++calls}`;
  return { build, calls: () => calls };
}

describe('a cache of values built from rows', () => {
  it('keeps a value until a change to one of its tables, and only then builds again', async () => {
    const feed = testFeed();
    const cache = createChangeCache<string>(feed, ['plans', 'languages']);
    const b = counter('theme');
    expect(await cache.get('k', b.build)).toBe('theme#1');
    expect(await cache.get('k', b.build)).toBe('theme#1');
    expect(cache.peek('k')).toBe('theme#1');
    feed.emit('orders');
    expect(cache.peek('k')).toBe('theme#1');
    feed.emit('languages');
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.get('k', b.build)).toBe('theme#2');
    feed.emit(ANY_TABLE);
    expect(await cache.get('k', b.build)).toBe('theme#3');
  });

  it('does not keep what a build read before a change that came in while it ran, nor lets a later read join it', async () => {
    const feed = testFeed();
    const cache = createChangeCache<string>(feed, ['site_settings']);
    const before = deferred<string>();
    const first = cache.get('k', () => before.promise);
    feed.emit('site_settings');
    const second = cache.get('k', async () => 'after the change');
    before.resolve('read before the change');
    expect(await first).toBe('read before the change');
    expect(await second).toBe('after the change');
    expect(cache.peek('k')).toBe('after the change');
  });

  it('reads at once share one build', async () => {
    const cache = createChangeCache<string>(testFeed(), ['plans']);
    const b = counter('plans');
    expect(await Promise.all([cache.get('k', b.build), cache.get('k', b.build), cache.get('k', b.build)])).toEqual(['plans#1', 'plans#1', 'plans#1']);
    expect(b.calls()).toBe(1);
  });

  it('a failed build is not kept', async () => {
    const cache = createChangeCache<string>(testFeed(), ['plans']);
    await expect(cache.get('k', () => Promise.reject(new Error('relation "plans" does not exist')))).rejects.toThrow('does not exist');
    expect(await cache.get('k', async () => 'now it works')).toBe('now it works');
  });

  it("a change to one account's rows drops that account's values only", async () => {
    const feed = testFeed();
    const cache = createChangeCache<string>(feed, ['orders', 'sessions']);
    await cache.get('orders of 5', async () => 'five', '5');
    await cache.get('orders of 6', async () => 'six', '6');
    // A value whose account is known only once built (a session looked up by its token).
    await cache.get(
      'token of 7',
      async () => 'seven',
      (value) => (value === 'seven' ? '7' : '?'),
    );
    feed.emit('orders:5');
    expect(cache.peek('orders of 5')).toBeUndefined();
    expect(cache.peek('orders of 6')).toBe('six');
    feed.emit('sessions:7');
    expect(cache.peek('token of 7')).toBeUndefined();
    expect(cache.peek('orders of 6')).toBe('six');
    feed.emit('orders');
    expect(cache.peek('orders of 6')).toBeUndefined();
  });

  it('a build whose account is not known yet is dropped by a change to any account', async () => {
    const feed = testFeed();
    const cache = createChangeCache<string>(feed, ['sessions']);
    const lookUp = deferred<string>();
    const first = cache.get(
      'token',
      () => lookUp.promise,
      () => '7',
    );
    feed.emit('sessions:8');
    lookUp.resolve('read before the change');
    await first;
    expect(cache.peek('token')).toBeUndefined();
  });

  it('keeps nothing while changes may go unseen, nor, when asked, while other processes write', async () => {
    const down = testFeed({ live: false });
    const b = counter('x');
    const whileDown = createChangeCache<string>(down, ['plans']);
    expect([await whileDown.get('k', b.build), await whileDown.get('k', b.build)]).toEqual(['x#1', 'x#2']);

    const shared = testFeed({ local: false });
    const c = counter('y');
    const accountData = createChangeCache<string>(shared, ['orders'], { localOnly: true });
    expect([await accountData.get('k', c.build), await accountData.get('k', c.build)]).toEqual(['y#1', 'y#2']);
    const catalogue = createChangeCache<string>(shared, ['plans']);
    expect([await catalogue.get('k', c.build), await catalogue.get('k', c.build)]).toEqual(['y#3', 'y#3']);
  });

  it('holds at most maxEntries values, dropping the oldest', async () => {
    const cache = createChangeCache<string>(testFeed(), ['plans'], { maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 'b', 'c']);
  });
});
