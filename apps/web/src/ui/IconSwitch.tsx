// An on/off switch with an icon for each state, drawn as Ant Design's Switch draws it (its size,
// colours and moving handle; global.css `hp-switch`), for the header's theme switch: Ant Design's
// Switch with its styles costs every first screen some 2.5 KB (scripts/bench-bundle.mjs).
// Elsewhere the pages use Ant Design's Switch.
import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

interface IconSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  checkedIcon: ReactNode;
  uncheckedIcon: ReactNode;
  /** The switch's name (its visible state is the icon only). */
  label: string;
}

export function IconSwitch({ checked, onChange, checkedIcon, uncheckedIcon, label }: IconSwitchProps) {
  const { token } = theme.useToken();
  const colours = {
    '--hp-switch-off': token.colorTextQuaternary,
    '--hp-switch-off-hover': token.colorTextTertiary,
    '--hp-switch-on': token.colorPrimary,
    '--hp-switch-on-hover': token.colorPrimaryHover,
  } as CSSProperties;
  return (
    <button type="button" role="switch" aria-checked={checked} aria-label={label} title={label} className="hp-switch" style={colours} onClick={() => onChange(!checked)}>
      <span className="hp-switch-icon" aria-hidden="true">
        {checked ? checkedIcon : uncheckedIcon}
      </span>
      <span className="hp-switch-handle" aria-hidden="true" />
    </button>
  );
}
