// The header's message bell with the unread count, for logged-in users holding user.view. Default
// export: the header loads it lazily, like the account menu, so visitors never download it.
import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../../../shell/navigation/navigation';
import { poolPaths } from '../lib/constants';
import { useUnreadCount } from '../mining.queries';

/** Counts above this show as "99+": the badge is a nudge, not a statistic. */
const BADGE_MAX = 99;

export default function MessageBell({ block = false }: { block?: boolean }) {
  const { t } = useTranslation('pool');
  const unread = useUnreadCount().data ?? 0;
  const label = unread > 0 ? t('bell.unread', { count: unread }) : t('bell.label');
  return (
    <SafeLink to={unread > 0 ? `${poolPaths.messages}?unread=1` : poolPaths.messages} aria-label={label} title={label}>
      <Badge count={unread} overflowCount={BADGE_MAX} size="small" offset={[-6, 6]}>
        <Button type="text" block={block} icon={<BellOutlined />} tabIndex={-1} aria-hidden="true">
          {block ? t('bell.label') : null}
        </Button>
      </Badge>
    </SafeLink>
  );
}
