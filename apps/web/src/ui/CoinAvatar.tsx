// A coin's badge: its ticker letters on a colour derived from the code. No remote logos (the CSP
// allows images only from our origin) and every coin, even a new one, gets a stable colour. A
// plain element: Ant Design's Avatar brings its group popover along.
// Each colour carries white letters at 4.5:1 or more (WCAG AA), whatever the page behind it.
const PALETTE = ['#3b5bdb', '#b35c00', '#237032', '#ae3ec9', '#0b7285', '#c2410c', '#4263eb', '#c2255c', '#087f5b', '#7048e8'];

function colourOf(code: string): string {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export function CoinAvatar({ coin, symbol, size = 36 }: { coin: string; symbol: string; size?: number }) {
  const letters = symbol.slice(0, 4);
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        background: colourOf(coin),
        color: '#fff',
        fontWeight: 600,
        fontSize: letters.length > 3 ? size / 3.6 : size / 3,
        letterSpacing: -0.2,
      }}
    >
      {letters}
    </span>
  );
}
