import { addCatalogue } from '../i18n/messages-collect.ts';

/**
 * The menu screens' chrome texts (sidebar toggle, layout settings). They travel with the menu
 * screens' lazy chunk, not with the start-up catalogue: MenuSection imports this module, which
 * adds them on load.
 */
export const menuLayoutMessages = {
  'zh-CN': {
    'layout.sidebar.toggle': '菜单',
    'layout.sidebar.collapse': '收起菜单',
    'layout.sidebar.expand': '展开菜单',
    'layout.settings': '布局设置',
    'layout.settings.hint': '仅对当前浏览器生效。',
    'layout.settings.fixedHeader': '固定头部',
    'layout.settings.sidebarLogo': '侧边栏显示 Logo',
    'layout.settings.reset': '恢复默认',
    'layout.settings.done': '完成',
  },
  'en-GB': {
    'layout.sidebar.toggle': 'Menu',
    'layout.sidebar.collapse': 'Hide menu',
    'layout.sidebar.expand': 'Show menu',
    'layout.settings': 'Layout settings',
    'layout.settings.hint': 'Applies to this browser only.',
    'layout.settings.fixedHeader': 'Fixed header',
    'layout.settings.sidebarLogo': 'Logo in the sidebar',
    'layout.settings.reset': 'Restore defaults',
    'layout.settings.done': 'Done',
  },
};

export default addCatalogue(menuLayoutMessages);
