// A small coloured label, drawn as Ant Design's Tag draws a preset colour (its light fill and border
// shades of the theme's palette, so the dark theme gets its own; the text in the darker shades of
// global.css that reach 4.5:1, as the preset tags' do), for the first screen:
// Ant Design's Tag with its styles costs the home page some 3 KB (scripts/bench-bundle.mjs).
// Elsewhere the pages use Ant Design's Tag.
import type { ReactNode } from 'react';
import { theme } from 'antd';

type Colour = 'blue' | 'purple' | 'green' | 'orange' | 'red' | 'cyan' | 'gold' | 'magenta' | 'geekblue' | 'volcano' | 'lime';

export function ColourTag({ colour, children }: { colour: Colour; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span
      className={`hp-tag-${colour}`}
      style={{
        display: 'inline-block',
        boxSizing: 'border-box',
        margin: 0,
        paddingInline: 8 - token.lineWidth,
        fontFamily: token.fontFamily,
        fontSize: token.fontSizeSM,
        lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
        whiteSpace: 'nowrap',
        background: token[`${colour}1`],
        border: `${token.lineWidth}px ${token.lineType} ${token[`${colour}3`]}`,
        borderRadius: token.borderRadiusSM,
      }}
    >
      {children}
    </span>
  );
}
