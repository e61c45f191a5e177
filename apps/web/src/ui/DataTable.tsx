// A read-only table in the theme's colours. Ant Design's Table brings sorting, filtering, a tree
// and virtual scrolling; a list of a few dozen rows needs none of it.
import { useEffect, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { theme } from 'antd';

/** True while the element's content is wider than the element (it scrolls sideways). */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

export interface DataColumn<T> {
  key: string;
  title?: ReactNode;
  align?: 'left' | 'right' | 'center';
  render: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => Key;
  columns: readonly DataColumn<T>[];
  caption?: string;
  onRowClick?: (row: T) => void;
}

export function DataTable<T>({ rows, rowKey, columns, caption, onRowClick }: DataTableProps<T>) {
  const { token } = theme.useToken();
  const cell = { padding: '14px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}` } as const;
  const box = useRef<HTMLDivElement>(null);
  // A table wider than its place scrolls; keyboard users reach the scrolling by focusing it
  // (WCAG 2.1.1), so only then is it a named, focusable region.
  const scrolls = useScrollsSideways(box);
  return (
    <div ref={box} tabIndex={scrolls ? 0 : undefined} role={scrolls ? 'region' : undefined} aria-label={scrolls ? caption : undefined} style={{ overflowX: 'auto', background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', color: token.colorText }}>
        {caption && <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>}
        <thead>
          <tr style={{ background: token.colorFillAlter }}>
            {columns.map((column) => (
              <th key={column.key} scope="col" style={{ ...cell, textAlign: column.align ?? 'left', fontWeight: 600, color: token.colorTextHeading, whiteSpace: 'nowrap' }}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={onRowClick ? 'hp-row-clickable' : undefined} onClick={onRowClick ? () => onRowClick(row) : undefined}>
              {columns.map((column) => (
                <td key={column.key} style={{ ...cell, textAlign: column.align ?? 'left' }}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
