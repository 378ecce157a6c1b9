import { sortValues } from '../lead-order';
import { type LeadRecord } from '../lead-record';
import { leadRecord } from '../lead-record.fixture';

import { type CachedPage, HEAD_SIZE } from './lead-list-cache';
import { NeedsReplyWindow } from './needs-reply-window';

/** The view's leads, oldest first, as the database would answer a read of `size` of them. */
function source(count: number) {
  const leads = Array.from({ length: count }, (_, i) => leadRecord(i + 1));
  const sizes: number[] = [];
  const read = async (size: number): Promise<CachedPage> => {
    sizes.push(size);
    return { records: leads.slice(0, size), hasMore: leads.length > size };
  };
  return { leads, read, sizes };
}

const names = (page?: CachedPage) => page?.records.map((r) => r.name);
const afterOf = (page?: CachedPage): ReturnType<typeof sortValues> | undefined => {
  const last = page?.records[page.records.length - 1] as LeadRecord;
  return sortValues('active', last);
};

describe('NeedsReplyWindow', () => {
  it('pages through its window oldest first with one read per version, each lead once', async () => {
    const { leads, read, sizes } = source(HEAD_SIZE + 40);
    const window = new NeedsReplyWindow();
    const seen: string[] = [];
    let page = await window.page(1, 50, undefined, read);
    while (page && page.hasMore) {
      seen.push(...(names(page) ?? []));
      page = await window.page(1, 50, afterOf(page), read);
    }
    // Four full pages (200 leads) from the one read; the fifth starts past the window's end.
    expect(seen).toEqual(leads.slice(0, 200).map((r) => r.name));
    expect(page).toBeUndefined();
    expect(sizes).toEqual([HEAD_SIZE]);
  });

  it('answers a page ending exactly at the window’s end, with more to follow', async () => {
    const { read } = source(HEAD_SIZE + 5);
    const window = new NeedsReplyWindow();
    const first = await window.page(1, HEAD_SIZE - 1, undefined, read);
    const last = await window.page(1, 1, afterOf(first), read);
    expect(last).toEqual({
      records: [expect.objectContaining({ name: `Lead ${HEAD_SIZE}` })],
      hasMore: true,
    });
  });

  it('knows the whole view when it is shorter than the window: the last page has no more', async () => {
    const { read, sizes } = source(7);
    const window = new NeedsReplyWindow();
    const first = await window.page(3, 5, undefined, read);
    expect(first?.hasMore).toBe(true);
    const rest = await window.page(3, 5, afterOf(first), read);
    expect(names(rest)).toEqual(['Lead 6', 'Lead 7']);
    expect(rest?.hasMore).toBe(false);
    expect(sizes).toHaveLength(1);
  });

  it('reads again at a new version, after forget(), and after a failed read', async () => {
    const { read, sizes } = source(3);
    const window = new NeedsReplyWindow();
    await window.page(1, 2, undefined, read);
    await window.page(2, 2, undefined, read);
    expect(sizes).toHaveLength(2);
    window.forget();
    await window.page(2, 2, undefined, read);
    expect(sizes).toHaveLength(3);
    await expect(
      window.page(3, 2, undefined, () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    await window.page(3, 2, undefined, read);
    expect(sizes).toHaveLength(4);
  });
});
