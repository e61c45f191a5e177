// A bordered surface in the theme's container colour, like Ant Design's Card without its tabs and
// skeleton (which Card always bundles).
import type { HTMLAttributes, ReactNode } from 'react';
import { theme } from 'antd';

interface PanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** Lifts on hover: for panels that are links. */
  hoverable?: boolean;
  padding?: number | string;
  title?: ReactNode;
}

export function Panel({ hoverable, padding = 24, title, style, children, ...rest }: PanelProps) {
  const { token } = theme.useToken();
  return (
    <div
      className={hoverable ? 'hp-panel-hoverable' : undefined}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding,
        ...style,
      }}
      {...rest}
    >
      {/* A heading for assistive technology (a page's sections), with the panel's own look. */}
      {title && (
        <div role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 16, marginBottom: 16, color: token.colorTextHeading }}>
          {title}
        </div>
      )}
      {children}
    </div>
  );
}
