// The frame of a feature's page of the operators' area (features/*/feature.ts, adminRoute): the
// route's title as the page's heading, then the feature's component with the operator's timezone
// (a spinner until GET /users/mine gives it, its failure with a retry). The area's side menu is
// its layout's (app/layout/AdminLayout.tsx).
import type { ComponentType } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { namespaceOf } from '../features/messages';
import { useRouteTable } from '../routing/route-table-context';
import { findRoute, normalizePath } from '../routing/routing-rules';
import { useMine } from '../session/user.queries';
import { LoadFailed } from '../../ui/LoadFailed';
import { PageSpinner } from '../../ui/PageSpinner';
import { Panel } from '../../ui/Panel';
import { useIsMobile } from '../../ui/responsive';
import { Title } from '../../ui/Text';

/** What every page of the operators' area gets from its frame. */
export interface AdminPageProps {
  /** The operator's timezone, for the times the page shows. */
  timezone: string;
}

export function AdminSection({ section: Section }: { section: ComponentType<AdminPageProps> }) {
  const { pathname } = useLocation();
  const title = findRoute(normalizePath(pathname), useRouteTable().routes)?.title ?? 'admin:title';
  const { t } = useTranslation(namespaceOf(title));
  const mine = useMine();
  const timezone = mine.data?.timezone;
  const isMobile = useIsMobile();
  return (
    <Flex vertical gap={16}>
      <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
        {t(title)}
      </Title>
      {timezone ? (
        <Panel padding={isMobile ? 16 : 24}>
          <Section timezone={timezone} />
        </Panel>
      ) : mine.isError ? (
        <LoadFailed query={mine} />
      ) : (
        <PageSpinner />
      )}
    </Flex>
  );
}
