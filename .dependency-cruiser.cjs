/**
 * Import rules the type checker cannot state (`npm run lint` runs them): workspaces meet only
 * through their package names, the page server never imports the gateway, and the gateway's
 * folders depend on one another in one direction only, so each can be read (and changed) from
 * the folders below it up.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-relative-imports-across-packages',
      comment:
        'A workspace reaches another only through its package name and exports, so each can move or build alone.',
      severity: 'error',
      from: { path: '^(common|service|gateway|store|web|web-server|playground)/' },
      to: { dependencyTypes: ['local'], pathNot: ['^$1/', 'node_modules'] },
    },
    {
      name: 'page-server-gets-the-gateway-as-arguments',
      comment:
        'The page server receives what it needs from the gateway (execute, context, CSRF rule) as arguments.',
      severity: 'error',
      from: { path: '^web-server/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'stores-know-no-user',
      comment: 'The stores serve whoever opens them: they never import the gateway or the page server.',
      severity: 'error',
      from: { path: '^store/' },
      to: { path: ['^(gateway|web-server)/', '^@shop/(gateway|web-server)'] },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Two folders of the gateway must not import each other, directly or through a third.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^gateway/src' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      comment: 'No file of the gateway imports itself back through others.',
      severity: 'error',
      from: { path: '^gateway/src' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '__generated__' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
