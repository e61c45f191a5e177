// A button that opens a small list of choices below it (language, currency, account). Written
// here rather than Ant Design's Dropdown, which brings its Menu, Tooltip and positioning engine
// into the first screen for three short lists. Closes on a choice, Escape or a click elsewhere.
import { Fragment, useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';
import { Button, theme } from 'antd';

export interface MenuChoice {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Lang attribute of the label, for names written in their own language. */
  lang?: string;
  /** Choices are grouped by this key: a line separates one group from the next. */
  group?: string;
  /** A caption above the group, given on its first choice (the account menu's "Switch sub-account"). */
  groupLabel?: ReactNode;
}

interface MenuButtonProps {
  label: ReactNode;
  icon?: ReactNode;
  ariaLabel: string;
  choices: readonly MenuChoice[];
  selected?: string;
  onChoose: (key: string) => void;
  /** Full width, for the mobile drawer; the list then opens inline. */
  block?: boolean;
}

export function MenuButton({ label, icon, ariaLabel, choices, selected, onChoose, block = false }: MenuButtonProps) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useDismiss(open, root, () => setOpen(false));

  return (
    <div ref={root} style={{ position: 'relative', width: block ? '100%' : undefined }}>
      <Button
        type="text"
        block={block}
        icon={icon}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </Button>
      {open && (
        <div
          id={listId}
          role="menu"
          aria-label={ariaLabel}
          style={{
            position: block ? 'static' : 'absolute',
            insetInlineEnd: 0,
            top: 'calc(100% + 4px)',
            zIndex: 1050,
            minWidth: 160,
            padding: 4,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            display: 'flex',
            flexDirection: 'column',
            // The header's 64 px line height must not reach the captions.
            lineHeight: token.lineHeight,
          }}
        >
          {choices.map((choice, index) => {
            const checked = choice.key === selected;
            const startsGroup = index > 0 && choice.group !== choices[index - 1]!.group;
            const caption = index === 0 || startsGroup ? choice.groupLabel : null;
            return (
              <Fragment key={choice.key}>
                {startsGroup && <div role="separator" style={{ height: 1, margin: '4px 0', background: token.colorSplit }} />}
                {caption && (
                  <div style={{ padding: '4px 15px 2px', fontSize: token.fontSizeSM, color: token.colorTextSecondary }} aria-hidden="true">
                    {caption}
                  </div>
                )}
                <Button
                  role="menuitemradio"
                  aria-checked={checked}
                  type="text"
                  icon={choice.icon}
                  lang={choice.lang}
                  style={{
                    justifyContent: 'flex-start',
                    background: checked ? token.colorPrimaryBg : undefined,
                    fontWeight: checked ? 600 : undefined,
                  }}
                  onClick={() => {
                    setOpen(false);
                    onChoose(choice.key);
                  }}
                >
                  {choice.label}
                </Button>
              </Fragment>
            );
          })}
        </div>
      )}
    </div>
  );
}
