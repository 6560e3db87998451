// The app shell (spec 2, Top bar, footer, side menu): a side menu 220 px wide (70 collapsed) with the entries
// of the user's role, a top bar with collapse, user block, language switch and logout, and a footer with the
// terms of use and the software version.

import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { SOFTWARE_VERSION } from '@portal/shared';
import { Avatar, Button, Drawer, Flex, Layout, Menu, type MenuProps, Popover, Typography } from 'antd';
import { type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSelect } from '../components/LanguageSelect.tsx';
import { MaintenanceBanner } from '../components/MaintenanceBanner.tsx';
import { TermsModal } from '../components/TermsOfUse.tsx';
import { TermsBanner } from '../features/terms/TermsBanner.tsx';
import { useAuth } from '../lib/auth.tsx';
import { focusMainContent, MAIN_CONTENT_ID } from '../lib/focus.ts';
import { usePhone } from '../lib/media.ts';
import { useOpenedOnce } from '../lib/stagedMount.ts';
import { defaultIcon, type MenuEntry, menuFor } from './menu.tsx';
import { Logo } from './PublicLayout.tsx';
import { TermsGate } from './terms.tsx';

const COLLAPSED_KEY = 'menu_collapsed';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], t: (k: string) => string): Item[] {
  return entries.map((e) =>
    e.children
      ? { key: e.key, label: t(e.label), icon: e.icon ?? defaultIcon, children: toItems(e.children, t) }
      : { key: e.key, icon: e.icon, label: <Link to={e.path ?? '/'}>{t(e.label)}</Link> },
  );
}

/** The leaf whose path is the longest prefix of the current path, and its parent group. */
function activeEntry(entries: MenuEntry[], pathname: string): { key?: string; parent?: string } {
  let best: { key?: string; parent?: string; len: number } = { len: 0 };
  const visit = (list: MenuEntry[], parent?: string) => {
    for (const e of list) {
      if (e.children) visit(e.children, e.key);
      else if (
        e.path &&
        (pathname === e.path || pathname.startsWith(`${e.path}/`)) &&
        e.path.length > best.len
      )
        best = { key: e.key, parent, len: e.path.length };
    }
  };
  visit(entries);
  return best;
}

function UserBlock() {
  const { t } = useTranslation();
  const { user, profile } = useAuth();
  if (!user) return null;
  return (
    <Flex vertical gap={4} className="user-block" data-testid="user-block">
      <Typography.Text strong>
        {user.first_name} {user.last_name}
      </Typography.Text>
      <Typography.Text type="secondary">{t(`roles.${user.role}`)}</Typography.Text>
      {profile?.supplier && <Typography.Text type="secondary">{profile.supplier.name}</Typography.Text>}
      <Typography.Text type="secondary">{user.email}</Typography.Text>
      <Link to="/profile">{t('shell.my_profile')}</Link>
    </Flex>
  );
}

/** The skip link moves focus itself: the router owns the URL, so its hash must not change. */
function skipToContent(e: MouseEvent) {
  e.preventDefault();
  focusMainContent();
}

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [userOpen, setUserOpen] = useState(false);
  const [terms, setTerms] = useState(false);
  const entries = useMemo(() => (user ? menuFor(user) : []), [user]);
  const active = activeEntry(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (active.parent ? [active.parent] : []));

  // On a phone the menu is a drawer, closed by default and closed again after choosing a page. It and the terms
  // dialog are rendered from the first time they open (antd builds a closed drawer's and dialog's styles and
  // wrappers on every page's first render otherwise), and stay for their closing animation.
  const phone = usePhone();
  const [drawer, setDrawer] = useState(false);
  const drawerOpened = useOpenedOnce(drawer);
  const termsOpened = useOpenedOnce(terms);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the drawer
  useEffect(() => setDrawer(false), [pathname]);

  const menuToggle = useRef<HTMLButtonElement>(null);
  // The page the drawer was opened on: closed on another page means a page was chosen.
  const drawerPath = useRef(pathname);
  const toggle = () => {
    drawerPath.current = pathname;
    if (phone) return setDrawer(!drawer);
    localStorage.setItem(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  const menuOpen = phone ? drawer : !collapsed;
  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      items={toItems(entries, t)}
      selectedKeys={active.key ? [active.key] : []}
      onClick={() => setDrawer(false)}
      {...(collapsed && !phone ? {} : { openKeys, onOpenChange: setOpenKeys })}
      aria-label={t('shell.navigation')}
    />
  );

  return (
    <Layout className="shell">
      {/* The first thing Tab reaches: past the menu and the top bar straight to the page (WCAG 2.4.1). */}
      <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skipToContent}>
        {t('common.skip_to_content')}
      </a>
      {phone && drawerOpened && (
        <Drawer
          placement="left"
          open={drawer}
          onClose={() => setDrawer(false)}
          afterOpenChange={(visible) => {
            // Closed with Escape or a click outside: focus goes back to the button that opens the menu; after
            // choosing a page, to that page.
            if (visible) return;
            const active = document.activeElement;
            if (active && active !== document.body && !active.closest('.shell-drawer')) return;
            if (pathname === drawerPath.current) menuToggle.current?.focus();
            else focusMainContent();
          }}
          size={260}
          closable={false}
          className="shell-drawer"
          styles={{ body: { padding: 0, background: '#001529' } }}
          aria-label={t('shell.navigation')}
        >
          <Link to="/tenders" className="shell-brand" title={t('app.name')}>
            <Logo size={32} />
            <span className="shell-brand-name">{t('app.short_name')}</span>
          </Link>
          <nav data-testid="menu-drawer">{menu}</nav>
        </Drawer>
      )}
      {!phone && (
        <Layout.Sider
          width={220}
          collapsedWidth={70}
          collapsed={collapsed}
          trigger={null}
          className="shell-sider"
          aria-label={t('shell.navigation')}
        >
          <Link to="/tenders" className="shell-brand" title={t('app.name')}>
            <Logo size={32} />
            {!collapsed && <span className="shell-brand-name">{t('app.short_name')}</span>}
          </Link>
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="shell-header">
          <Button
            type="text"
            icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={toggle}
            aria-label={menuOpen ? t('shell.collapse_menu') : t('shell.expand_menu')}
            aria-expanded={menuOpen}
            data-testid="menu-toggle"
            ref={menuToggle}
          />
          <Typography.Text className="shell-title">{t('app.name')}</Typography.Text>
          <Flex gap={8} align="center" className="shell-actions">
            <LanguageSelect variant="borderless" />
            <Popover
              open={userOpen}
              onOpenChange={setUserOpen}
              trigger="click"
              placement="bottomRight"
              content={<UserBlock />}
            >
              <Button
                type="text"
                aria-expanded={userOpen}
                // The visible name starts the accessible name (WCAG 2.5.3), then what the button opens.
                aria-label={`${user ? `${user.first_name} ${user.last_name}` : ''} – ${t('shell.user_block')}`}
                className="shell-user"
              >
                <Avatar size="small" icon={<UserOutlined />} />
                <span className="shell-user-name">{user ? `${user.first_name} ${user.last_name}` : ''}</span>
              </Button>
            </Popover>
            <Button
              type="text"
              icon={<LogoutOutlined />}
              onClick={() => void logout()}
              aria-label={phone ? t('shell.logout') : undefined}
            >
              {phone ? null : t('shell.logout')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content className="shell-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <MaintenanceBanner />
          <TermsBanner />
          {children}
        </Layout.Content>
        <Layout.Footer className="shell-footer">
          <Button type="link" size="small" onClick={() => setTerms(true)}>
            {t('footer.terms')}
          </Button>
          <span>·</span>
          <span>{t('footer.text', { version: SOFTWARE_VERSION })}</span>
        </Layout.Footer>
      </Layout>
      {termsOpened && <TermsModal open={terms} onClose={() => setTerms(false)} />}
      <TermsGate />
    </Layout>
  );
}
