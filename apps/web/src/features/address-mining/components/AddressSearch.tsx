// The address search of the dashboard and the IP statistics: checks the coin's format before it
// asks (the same rule as the server), keeps the last ten searches, and puts the address in the
// page's address (?address=) so a result can be shared and reloaded.
import { useState } from 'react';
import { Button, Flex, Input, Tag, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isValidMiningAddress, type CoinInfo } from '@hashpool/shared';
import { Text } from '../../../ui/Text';
import { readSearchHistory, rememberSearch, type SearchItem } from '../lib/search-history';

export function AddressSearch({ coin, address, onSearch }: { coin: CoinInfo; address: string | null; onSearch: (address: string) => void }) {
  const { t } = useTranslation('mining');
  const { token } = theme.useToken();
  const [text, setText] = useState(address ?? '');
  const [wrong, setWrong] = useState(false);
  const [history, setHistory] = useState<SearchItem[]>(readSearchHistory);
  const search = (value: string) => {
    const trimmed = value.trim();
    if (!isValidMiningAddress(coin.code, trimmed)) {
      setWrong(true);
      return;
    }
    setWrong(false);
    setText(trimmed);
    setHistory((h) => rememberSearch(h, { pool: coin.code, addr: trimmed }));
    onSearch(trimmed);
  };
  const mine = history.filter((h) => h.pool === coin.code);
  return (
    <Flex vertical gap={8}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(text);
        }}
      >
        <Flex gap={8}>
          <Input
            aria-label={t('search.label', { coin: coin.symbol })}
            placeholder={t('search.placeholder', { coin: coin.symbol })}
            value={text}
            status={wrong ? 'error' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setWrong(false);
            }}
            style={{ fontFamily: 'monospace', flex: 1, minWidth: 0 }}
          />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search.button')}
          </Button>
        </Flex>
      </form>
      {wrong && (
        <Text role="alert" style={{ color: token.colorErrorText }}>
          {t('search.wrong', { coin: coin.symbol })}
        </Text>
      )}
      {mine.length > 0 && (
        <Flex gap={6} wrap align="center" data-testid="search-history">
          <Text tone="secondary" style={{ fontSize: 13 }}>
            {t('search.history')}
          </Text>
          {mine.map((h) => (
            <Tag key={h.addr} style={{ cursor: 'pointer', fontFamily: 'monospace', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }} onClick={() => search(h.addr)} title={h.addr}>
              {h.addr.length > 20 ? `${h.addr.slice(0, 10)}…${h.addr.slice(-6)}` : h.addr}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
