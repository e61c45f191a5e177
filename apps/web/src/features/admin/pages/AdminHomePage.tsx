// /admin and the old /admin/wallet (any operator role: the routes' access): the operators' area
// has no page of its own; it sends the operator to the page an old link names (?tab=ledger is
// /admin/ledger) when their roles allow it, else to the first page of its side menu they may
// open. An operator whose roles open none of them sees why.
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../../../shell/routing/route-table-context';
import { StatusResult } from '../../../ui/StatusResult';
import { adminHomeTarget } from '../lib/admin-home';

export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const target = adminHomeTarget(useMenu('admin').map((entry) => entry.to), params.get('tab'));
  if (!target) return <StatusResult status="info" title={t('title')} subtitle={t('subtitle')} />;
  return <Navigate to={target} replace />;
}
