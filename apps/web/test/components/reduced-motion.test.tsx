// A visitor who asked the system for less motion (prefers-reduced-motion) gets Ant Design without
// its animations: the providers read the media query and give the theme `motion: false`.
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/providers';
import { stubMediaQueries } from './render';

function MotionProbe() {
  const { token } = theme.useToken();
  return <p>motion {String(token.motion)}</p>;
}

function askForLessMotion(reduce: boolean) {
  stubMediaQueries((query) => reduce && query === '(prefers-reduced-motion: reduce)');
}

describe('reduced motion', () => {
  it('keeps the animations by default', () => {
    askForLessMotion(false);
    render(<AppProviders><MotionProbe /></AppProviders>);
    expect(screen.getByText('motion true')).toBeTruthy();
  });

  it('turns them off when the visitor asked for less motion', () => {
    askForLessMotion(true);
    render(<AppProviders><MotionProbe /></AppProviders>);
    expect(screen.getByText('motion false')).toBeTruthy();
  });
});
