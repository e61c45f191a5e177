// The app's number field: no step buttons (their screen-reader labels are fixed English in
// rc-input-number), the arrow keys still step, and no feature uses Ant Design's InputNumber directly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput } from '../../src/ui/NumberInput';

describe('NumberInput', () => {
  it('has no English step buttons, and the arrow keys step', () => {
    const onChange = vi.fn();
    render(<NumberInput<number> aria-label="Units" defaultValue={2} min={1} onChange={onChange} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('[aria-label="Increase Value"]')).toBeNull();
    fireEvent.keyDown(screen.getByRole('spinbutton', { name: 'Units' }), { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 });
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('is the only place that renders Ant Design\'s InputNumber', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const hits = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && /\bInputNumber\b/.test(readFileSync(path.join(src, file), 'utf8')))
      .map((file) => file.split(path.sep).join('/'));
    expect(hits).toEqual(['ui/NumberInput.tsx']);
  });
});
