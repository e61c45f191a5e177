// Scrolls to the top when the path changes; a query-only change (filters, paging) keeps the
// position (docs/rules.md, Routes and access).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { shouldScrollToTop, type Place } from '../shell/routing/routing-rules';

export function ScrollToTop() {
  const location = useLocation();
  const previous = useRef<Place | null>(null);
  useEffect(() => {
    if (shouldScrollToTop(previous.current, location)) window.scrollTo(0, 0);
    previous.current = location;
  }, [location]);
  return null;
}
