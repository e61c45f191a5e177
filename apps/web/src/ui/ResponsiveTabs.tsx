// A tab bar on wide screens and a labelled select on phones, for tab sets that do not fit a
// phone's width. There Ant Design's tab bar scrolls and adds an overflow ("…") button inside the
// tab list, which is not a tab (axe: aria-required-children), and hides the tabs it cut off. The
// select names the set (its aria-label) and shows the chosen tab; the arrow keys and Enter choose
// as in any select. The caller owns the active key, so a page keeps it in its address as before.
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Flex, Select, Tabs, type TabsRef } from 'antd';
import { useIsMobile } from './responsive';

export interface ResponsiveTab<K extends string> {
  key: K;
  /** The tab's title, and the option's. */
  label: ReactNode;
  /** The tab's content; none for tabs that only filter what is shown elsewhere. */
  children?: ReactNode;
}

interface ResponsiveTabsProps<K extends string> {
  /** Names the set: the tab list's and the select's accessible name. */
  label: string;
  activeKey: K;
  onChange: (key: K) => void;
  items: readonly ResponsiveTab<K>[];
  /** Unmounts the content of tabs not shown (the select form never mounts it). */
  destroyOnHidden?: boolean;
  /** Style of the tab bar (wide screens). */
  style?: CSSProperties;
  /** Width of the select on phones; the full width by default. */
  selectWidth?: number | string;
}

export function ResponsiveTabs<K extends string>({ label, activeKey, onChange, items, destroyOnHidden, style, selectWidth = '100%' }: ResponsiveTabsProps<K>) {
  const isMobile = useIsMobile();
  const tabs = useRef<TabsRef>(null);
  // Ant Design puts other props on the wrapper, not on the tab list, and a name on a plain div is
  // lost (ARIA prohibits it there): the label goes onto the tab list itself.
  useEffect(() => {
    tabs.current?.nativeElement?.querySelector('[role="tablist"]')?.setAttribute('aria-label', label);
  }, [label, isMobile]);
  if (!isMobile) {
    return <Tabs ref={tabs} activeKey={activeKey} onChange={(key) => onChange(key as K)} destroyOnHidden={destroyOnHidden} style={style} items={[...items]} />;
  }
  const active = items.find((item) => item.key === activeKey);
  return (
    <Flex vertical gap={16} style={{ paddingTop: 12, flex: selectWidth === '100%' ? '1 1 100%' : undefined }}>
      <Select<K> aria-label={label} value={activeKey} onChange={onChange} options={items.map((item) => ({ value: item.key, label: item.label }))} style={{ width: selectWidth }} />
      {active?.children}
    </Flex>
  );
}
