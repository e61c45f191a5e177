// Chart colours from the Ant Design theme tokens, so the charts follow the light and dark themes
// exactly like the rest of the page (ECharts' own dark theme would use different greys).

/** The token fields the charts read: a subset of Ant Design's GlobalToken. */
export interface PaletteTokens {
  colorPrimary: string;
  colorWarning: string;
  colorSuccess: string;
  colorText: string;
  colorTextSecondary: string;
  colorBorderSecondary: string;
  colorBgElevated: string;
  colorBorder: string;
}

export interface ChartPalette {
  text: string;
  axisLabel: string;
  axisLine: string;
  splitLine: string;
  tooltipBackground: string;
  tooltipBorder: string;
  /** One colour per series, in order. */
  series: readonly string[];
}

export function chartPalette(token: PaletteTokens): ChartPalette {
  return {
    text: token.colorText,
    axisLabel: token.colorTextSecondary,
    axisLine: token.colorBorder,
    splitLine: token.colorBorderSecondary,
    tooltipBackground: token.colorBgElevated,
    tooltipBorder: token.colorBorderSecondary,
    series: [token.colorPrimary, token.colorWarning, token.colorSuccess],
  };
}
