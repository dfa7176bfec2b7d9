import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { audienceOfPage } from '../api/audience.ts';
import { Loading } from '../ui/states.tsx';

// One chunk per audience: a player never downloads the back offices, and the reverse.
const MemberApp = lazy(() => import('../member/member-app.tsx'));
const PartnerApp = lazy(() => import('../partner/partner-app.tsx'));
const AdminApp = lazy(() => import('../admin/admin-app.tsx'));

export function AudienceSwitch() {
  const { pathname } = useLocation();
  const audience = audienceOfPage(pathname);
  return <Suspense fallback={<Loading />}>{audience === 'agent' ? <PartnerApp /> : audience === 'admin' ? <AdminApp /> : <MemberApp />}</Suspense>;
}
