// A fetched file opens in a tab that was opened inside the click, before the fetch's await.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openFileInNewTab } from '../../src/ui/save-file';

function fakeTab() {
  return { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
}

afterEach(() => vi.restoreAllMocks());

describe('openFileInNewTab', () => {
  it('opens the tab before loading, cuts it from this page and shows the file in it', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:certificate');
    let opensBeforeLoad = -1;
    await openFileInNewTab(async () => {
      opensBeforeLoad = open.mock.calls.length;
      return new Blob(['%PDF']);
    });
    expect(opensBeforeLoad).toBe(1);
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('blob:certificate');
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab when loading fails and passes the error on', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await expect(openFileInNewTab(() => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(tab.close).toHaveBeenCalledOnce();
  });
});
