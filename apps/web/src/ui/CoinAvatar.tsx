// A coin's badge: its ticker letters on a colour derived from the code. No remote logos (the CSP
// allows images only from our origin) and every coin, even a new one, gets a stable colour. A
// plain element: Ant Design's Avatar brings its group popover along.
const PALETTE = ['#3b5bdb', '#f08c00', '#2f9e44', '#ae3ec9', '#1098ad', '#e8590c', '#5c7cfa', '#c2255c', '#0ca678', '#7048e8'];

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
