// How to point a miner at the pool: the coin's stratum address (GET /pools), the worker name
// "<sub-account>.<worker>" (worker names: digits and lowercase letters, docs/rules.md, Validation) and
// any password. With a sub-account known, the example uses its real name.
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CoinInfo } from '@hashpool/shared';
import { usePools } from '../../../shell/site/site.queries';
import { Paragraph, Text } from '../../../ui/Text';
import { CopyValue } from '../../../ui/CopyValue';

/** The example worker in "<sub-account>.<worker>". */
export const EXAMPLE_WORKER = 'worker1';
/** The pool ignores the stratum password; miners' software insists on one, so suggest the usual "x". */
export const EXAMPLE_PASSWORD = 'x';

/** `userHint`: what the user name is where it is not a sub-account (address mining: the wallet address). */
export function ConnectGuide({ coin, account, userHint }: { coin: CoinInfo; account?: string; userHint?: string }) {
  const { t } = useTranslation('pool');
  const pool = usePools().data?.find((p) => p.coin === coin.code);
  const accountPart = account ?? t('connect.account_placeholder');
  const steps = [
    { key: 'url', label: t('connect.url'), value: pool?.stratum_url ?? '--', hint: t('connect.url_hint') },
    { key: 'user', label: t('connect.user'), value: `${accountPart}.${EXAMPLE_WORKER}`, hint: userHint ?? t('connect.user_hint') },
    { key: 'password', label: t('connect.password'), value: EXAMPLE_PASSWORD, hint: t('connect.password_hint') },
  ];
  return (
    <Flex vertical gap={16}>
      {steps.map((step, index) => (
        <Flex key={step.key} vertical gap={6}>
          <Text strong>
            {index + 1}. {step.label}
          </Text>
          <CopyValue value={step.value} label={step.label} />
          <Paragraph tone="secondary" style={{ margin: 0, fontSize: 13 }}>
            {step.hint}
          </Paragraph>
        </Flex>
      ))}
    </Flex>
  );
}
