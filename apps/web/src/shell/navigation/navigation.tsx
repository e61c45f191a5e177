// Navigation that ignores a move to where the user already is (docs/rules.md, Routes and access): no history
// entry, no re-render, no scroll jump.
import { forwardRef, useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler, useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { isSamePlace } from '../routing/routing-rules';

export function useSafeNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (!isSamePlace(location, to)) void navigate(to, options);
    },
    [navigate, location],
  );
}

export type SafeLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * React Router's Link built from its own hooks (useHref, useLinkClickHandler: the API it gives
 * for custom links). Link itself carries the framework mode's prefetching and route discovery,
 * which this app does not use, onto the first screen.
 */
export const SafeLink = forwardRef<HTMLAnchorElement, SafeLinkProps>(function SafeLink({ to, onClick, target, ...rest }, ref) {
  const location = useLocation();
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (isSamePlace(location, to)) event.preventDefault();
    else navigate(event);
  };
  return <a ref={ref} href={href} target={target} onClick={handleClick} {...rest} />;
});

export type LinkButtonProps = Omit<ButtonProps, 'href'> & { to: string };

/**
 * A link that looks like a button: one element and one tab stop (a Link wrapping a Button is two,
 * and announces a button that navigates). A plain click moves inside the app; a click with a
 * modifier or the middle button opens a new tab as any link does.
 */
export function LinkButton({ to, onClick, ...rest }: LinkButtonProps) {
  const navigate = useSafeNavigate();
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...rest} href={to} onClick={handleClick} />;
}
