// The shared tab bar: tabs named by their label on wide screens (arrow keys move, Enter opens),
// a select of the same name on phones, and in both forms choosing shows that tab's content.
import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MOBILE_BREAKPOINT } from '../../src/ui/responsive';
import { ResponsiveTabs } from '../../src/ui/ResponsiveTabs';
import { stubMediaQueries } from './render';

type Key = 'ranking' | 'asic' | 'gpu';
const ITEMS = [
  { key: 'ranking', label: 'Profitability', children: <p>ranking content</p> },
  { key: 'asic', label: 'ASIC calculator', children: <p>asic content</p> },
  { key: 'gpu', label: 'GPU calculator', children: <p>gpu content</p> },
] as const;

/** A page that keeps the chosen tab, as the pages keep it in their address. */
function Page({ onChange }: { onChange: (key: Key) => void }) {
  const [active, setActive] = useState<Key>('ranking');
  return (
    <ResponsiveTabs<Key>
      label="Catalogue view"
      activeKey={active}
      onChange={(key) => {
        onChange(key);
        setActive(key);
      }}
      destroyOnHidden
      items={ITEMS}
    />
  );
}

/** A window as wide as a phone: the queries for "narrower than the breakpoint" match. */
function phoneWidth() {
  stubMediaQueries((query) => query.includes(`max-width: ${MOBILE_BREAKPOINT - 0.02}px`));
}

describe('ResponsiveTabs', () => {
  it('is a named tab list on wide screens: a click or the arrow keys and Enter choose a tab', async () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    const list = screen.getByRole('tablist', { name: 'Catalogue view' });
    expect(within(list).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profitability', 'ASIC calculator', 'GPU calculator']);
    expect(screen.getByRole('tab', { name: 'Profitability' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('ranking content')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'GPU calculator' }));
    expect(onChange).toHaveBeenLastCalledWith('gpu');
    expect(screen.getByRole('tab', { name: 'GPU calculator' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('gpu content')).toBeTruthy();
    expect(screen.queryByText('ranking content')).toBeNull();

    // From the chosen tab, Arrow Right wraps to the first; Enter opens it.
    const gpu = screen.getByRole('tab', { name: 'GPU calculator' });
    act(() => gpu.focus());
    fireEvent.keyDown(gpu, { key: 'ArrowRight', code: 'ArrowRight' });
    const ranking = screen.getByRole('tab', { name: /Profitability/ });
    expect(document.activeElement).toBe(ranking);
    fireEvent.keyDown(ranking, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('ranking');
    expect(screen.getByRole('tab', { name: /Profitability/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('is a select of the same name on a phone, showing the chosen tab and its content only', async () => {
    phoneWidth();
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Catalogue view' });
    expect(select.closest('.ant-select')?.textContent).toBe('Profitability');
    expect(screen.getByText('ranking content')).toBeTruthy();
    expect(screen.queryByText('asic content')).toBeNull();

    // By keyboard, as any select: Arrow Down opens the list, again moves, Enter chooses.
    act(() => select.focus());
    fireEvent.keyDown(select, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    expect(await screen.findByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(select, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    fireEvent.keyDown(select, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith('asic');
    expect(select.closest('.ant-select')?.textContent).toBe('ASIC calculator');
    expect(screen.getByText('asic content')).toBeTruthy();
    expect(screen.queryByText('ranking content')).toBeNull();
  });
});
