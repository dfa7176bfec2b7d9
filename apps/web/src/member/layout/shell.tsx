import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { hidesFooter, isBarePath } from '../shell-rules.ts';
import { FooterMenu } from './footer-menu.tsx';
import { Header } from './header.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { ShellSlotsProvider, type ShellSlots } from './shell-slots.tsx';
import { SideBar } from './side-bar.tsx';

/** `slots`: what the shell shows from the features (see shell-slots.tsx). */
export function MemberShell({ slots, children }: { slots: ShellSlots; children: ReactNode }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);

  if (isBarePath(pathname)) return <main className="m-bare">{children}</main>;
  const withFooter = !hidesFooter(pathname);
  return (
    <ShellSlotsProvider value={slots}>
      <div className={withFooter ? 'm-app has-footer' : 'm-app'}>
        <Header onOpenMenu={() => setMenuOpen(true)} />
        <div className="m-body">
          <SideBar />
          <main className="m-main">{children}</main>
          {slots.communityLayer}
        </div>
        {withFooter && <FooterMenu />}
        {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)} />}
      </div>
    </ShellSlotsProvider>
  );
}
