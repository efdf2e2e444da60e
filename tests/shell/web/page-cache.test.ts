import { describe, expect, it } from 'vitest';
import { PageCache } from '../../../src/shell/web/page-cache.ts';

const html = (n: number, fill = 'x') => fill.repeat(n);

describe('the cache of rendered pages', () => {
  it('serves a page only for the stamp it was made with, and drops it on another', () => {
    const c = new PageCache(1_000_000);
    const kept = c.set('duel/1', 'a', '<p>turn 1</p>');
    expect(c.get('duel/1', 'a')?.body.toString()).toBe('<p>turn 1</p>');
    expect(c.get('duel/1', 'a')?.etag).toBe(kept.etag);
    expect(c.get('duel/1', 'b')).toBeUndefined();
    expect(c.get('duel/1', 'a')).toBeUndefined();
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0, hits: 2, misses: 2 });
  });

  it('gives a page of another stamp, key or cache another ETag', () => {
    const c = new PageCache(1_000_000);
    const a = c.set('duel/1', 'a', 'same').etag;
    expect(a).toMatch(/^W\/"[\w-]{27}"$/);
    expect(c.set('duel/1', 'b', 'same').etag).not.toBe(a);
    expect(c.set('duel/2', 'a', 'same').etag).not.toBe(a);
    expect(new PageCache(1_000_000).set('duel/1', 'a', 'same').etag).not.toBe(a);
  });

  it('keeps within its budget in bytes, the least recently used out first', () => {
    const c = new PageCache(5_000, 5_000);
    for (const k of ['a', 'b', 'c']) c.set(k, 's', html(1_200));
    expect(c.get('a', 's')).toBeDefined();
    c.set('d', 's', html(1_200));
    expect(c.get('b', 's')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => c.get(k, 's') !== undefined)).toEqual([true, true, true]);
    expect(c.stats().bytes).toBeLessThanOrEqual(5_000);
  });

  it('counts bytes, not characters, and serves a page too big to keep without keeping it', () => {
    const c = new PageCache(10_000, 3_000);
    expect(c.set('wide', 's', html(1_500, 'é')).body.length).toBe(3_000);
    expect(c.get('wide', 's')).toBeUndefined();
    c.set('small', 's', html(100));
    expect(c.get('small', 's')).toBeDefined();
    const none = new PageCache(0);
    expect(none.set('k', 's', 'page').body.toString()).toBe('page');
    expect(none.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
