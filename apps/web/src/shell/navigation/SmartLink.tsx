// A link to a URL from the server (footer links, banners, announcements): app routes navigate in
// place, anything else (another site, server pages such as /api/docs) is an ordinary link.
import type { CSSProperties, ReactNode } from 'react';
import { SafeLink } from './navigation';

export function isAppRoute(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/api/') && url !== '/api';
}

export function SmartLink({ url, children, style }: { url: string; children: ReactNode; style?: CSSProperties }) {
  if (isAppRoute(url)) {
    return (
      <SafeLink to={url} style={style}>
        {children}
      </SafeLink>
    );
  }
  const external = /^https?:\/\//.test(url);
  return (
    <a href={url} style={style} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
