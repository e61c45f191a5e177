// A button that opens a small list of choices below it (language, currency, account). Written
// here rather than Ant Design's Dropdown, which brings its Menu, Tooltip and positioning engine
// into the first screen for three short lists. Closes on a choice, Escape or a click elsewhere.
// The keyboard is the WAI-ARIA menu button's: Enter, Space or Arrow Down open it on the first
// choice (Arrow Up on the last), the arrows, Home and End move between choices, Enter chooses,
// Escape closes it back on the button and Tab leaves it.
import { Fragment, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  /** The button's accessible name: it must contain the visible label (WCAG 2.5.3). */
  ariaLabel: string;
  /** The list's name, when not the button's ("Language" for a button named "Language: English"). */
  menuLabel?: string;
  choices: readonly MenuChoice[];
  selected?: string;
  onChoose: (key: string) => void;
  /** Full width, for the mobile drawer; the list then opens inline. */
  block?: boolean;
}

export function MenuButton({ label, icon, ariaLabel, menuLabel, choices, selected, onChoose, block = false }: MenuButtonProps) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = useId();
  /** The choice to focus once the list is shown (opened by keyboard): first or last. */
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const close = useCallback(() => setOpen(false), []);
  const backToButton = useCallback(() => button.current?.focus(), []);
  useDismiss(open, root, close, backToButton);

  const items = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const all = items();
    (focusOnOpen.current === 'first' ? all[0] : all[all.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const openWith = (at: 'first' | 'last') => {
    focusOnOpen.current = at;
    if (open) {
      const all = items();
      (at === 'first' ? all[0] : all[all.length - 1])?.focus();
      focusOnOpen.current = null;
    } else setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onListKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const next = move[event.key];
    if (next !== undefined) {
      event.preventDefault();
      all[next]?.focus();
    } else if (event.key === 'Tab') close();
  };

  return (
    <div ref={root} style={{ position: 'relative', width: block ? '100%' : undefined }}>
      <Button
        type="text"
        block={block}
        icon={icon}
        ref={button}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onKeyDown={onButtonKey}
        onClick={(event) => {
          // A click by keyboard (Enter, Space: no pointer, detail 0) opens on the first choice.
          if (!open && event.detail === 0) openWith('first');
          else setOpen((value) => !value);
        }}
      >
        {label}
      </Button>
      {open && (
        <div
          ref={list}
          id={listId}
          role="menu"
          aria-label={menuLabel ?? ariaLabel}
          onKeyDown={onListKey}
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
                  tabIndex={-1}
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
                    // The list is gone: focus stays on the button rather than falling to the page.
                    button.current?.focus();
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
