// The main navigation as plain links: a row in the desktop header, a column in the mobile drawer.
// Its entries are the route table's `main` menu (app/routes.ts). In the row, the entries that do not
// fit the header's width (long words in Russian or Japanese, a narrow window) move into a "More"
// menu at its end, so every entry stays reachable; an invisible copy of the row measures them.
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { theme } from 'antd';
import { DownOutlined } from '../../ui/first-screen-icons';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../../shell/navigation/navigation';
import { useActiveMenuKey, useMenu } from '../../shell/routing/route-table-context';
import { useDismiss } from '../../ui/use-dismiss';

const GAP = 4;

export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const items = useMenu('main');
  const active = useActiveMenuKey('main');
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(items.length);

  const entryStyle = (current: boolean): CSSProperties => ({
    display: 'block',
    lineHeight: '22px',
    padding: vertical ? '10px 12px' : '6px 12px',
    borderRadius: token.borderRadius,
    whiteSpace: 'nowrap',
    fontWeight: current ? 600 : 400,
    color: token.colorText,
    background: current ? token.colorPrimaryBg : undefined,
  });

  // How many entries fit beside the "More" button; all of them when the whole row fits.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    const room = nav?.parentElement;
    if (vertical || !nav || !measure || !room) return;
    const fit = () => {
      const widths = Array.from(measure.children, (child) => (child as HTMLElement).offsetWidth + GAP);
      const more = widths.pop() ?? 0;
      const available = room.clientWidth;
      if (widths.reduce((sum, w) => sum + w, 0) <= available) return setShown(widths.length);
      let used = more;
      let count = 0;
      while (count < widths.length && used + widths[count]! <= available) used += widths[count++]!;
      setShown(count);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(room);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [vertical, items]);

  if (vertical) {
    return (
      <nav aria-label={t('header.navigation')} style={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: GAP, minWidth: 0 }}>
        {items.map((item) => (
          <SafeLink key={item.key} to={item.to} onClick={onNavigate} aria-current={item.key === active ? 'page' : undefined} style={entryStyle(item.key === active)}>
            {t(item.label)}
          </SafeLink>
        ))}
      </nav>
    );
  }

  const inRow = items.slice(0, shown);
  const inMore = items.slice(shown);
  return (
    <nav ref={navRef} aria-label={t('header.navigation')} style={{ display: 'flex', alignItems: 'center', gap: GAP, minWidth: 0 }}>
      {inRow.map((item) => (
        <SafeLink key={item.key} to={item.to} aria-current={item.key === active ? 'page' : undefined} style={entryStyle(item.key === active)}>
          {t(item.label)}
        </SafeLink>
      ))}
      {inMore.length > 0 && <MoreMenu items={inMore.map((item) => ({ key: item.key, to: item.to, label: t(item.label) }))} active={active} entryStyle={entryStyle} />}
      {/* The row as it would be whole (widths only): every entry, then the "More" button. */}
      <div ref={measureRef} aria-hidden style={{ position: 'absolute', visibility: 'hidden', height: 0, overflow: 'hidden', display: 'flex', width: 'max-content', gap: GAP, pointerEvents: 'none' }}>
        {items.map((item) => (
          <span key={item.key} style={{ ...entryStyle(true), flexShrink: 0 }}>
            {t(item.label)}
          </span>
        ))}
        <span style={{ ...entryStyle(true), flexShrink: 0 }}>
          {t('header.more')} <DownOutlined style={{ fontSize: 10 }} />
        </span>
      </div>
    </nav>
  );
}

interface MoreItem {
  key: string;
  to: string;
  label: string;
}

/** The entries that did not fit: a disclosure button and a list of links under it. */
function MoreMenu({ items, active, entryStyle }: { items: MoreItem[]; active: string | undefined; entryStyle: (current: boolean) => CSSProperties }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number }>({ top: 0, right: 0 });
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = items.some((item) => item.key === active);

  // Closed by a press elsewhere or Escape (focus back on the button).
  useDismiss(open, box, () => setOpen(false), () => button.current?.focus());

  const toggle = () => {
    // The header clips what leaves it, so the list is placed on the page under the button.
    const rect = button.current?.getBoundingClientRect();
    if (rect) setPlace({ top: rect.bottom + 4, right: Math.max(8, window.innerWidth - rect.right) });
    setOpen((o) => !o);
  };

  return (
    <div ref={box}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="main-navigation-more"
        aria-current={current ? 'page' : undefined}
        onClick={toggle}
        // `font` first: it would reset the entry's line height to the header's.
        style={{ font: 'inherit', ...entryStyle(current), background: current ? token.colorPrimaryBg : 'transparent', border: 'none', cursor: 'pointer' }}
      >
        {t('header.more')} <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </button>
      {open && (
        <ul
          id="main-navigation-more"
          style={{
            position: 'fixed',
            top: place.top,
            right: place.right,
            zIndex: 1050,
            margin: 0,
            padding: 4,
            listStyle: 'none',
            minWidth: 160,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {items.map((item) => (
            <li key={item.key}>
              <SafeLink to={item.to} aria-current={item.key === active ? 'page' : undefined} onClick={() => setOpen(false)} style={entryStyle(item.key === active)}>
                {item.label}
              </SafeLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
