import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import type { Plugin } from 'vite'
import linguiSourceMessages from './tooling/lingui-source-messages.ts'
import { mantineStaticCssVariables } from './tooling/mantine-static-css-variables.ts'
import { flowsCoverage } from './tooling/flows-coverage-plugin.ts'
import { cssVariablesResolver, theme } from './src/app/theme.ts'

const manifest: Partial<ManifestOptions> = {
  name: 'Movatic WMS',
  short_name: 'Movatic',
  description: 'Movatic WMS: warehouse management',
  lang: 'pt',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#1c7ed6',
  icons: [
    { src: 'pwa-192.png', sizes: '192x192', type: 'image/png' },
    { src: 'pwa-512.png', sizes: '512x512', type: 'image/png' },
    { src: 'pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  ],
}

/**
 * Issue 6: the handheld collector installs as an app of its own that opens on its menu (/m/home), portrait.
 * The collector's layout points the page's manifest link here while /m/* is open; the service worker precaches it
 * with the shell (globPatterns), so the installed collector opens offline.
 */
function collectorManifest(): Plugin {
  const collector: Partial<ManifestOptions> = {
    ...manifest,
    id: '/m/home',
    name: 'Movatic WMS Coletor',
    short_name: 'Coletor',
    description: 'Movatic WMS: coletor de mão',
    start_url: '/m/home',
    orientation: 'portrait',
    shortcuts: [
      { name: 'Scan', url: '/m/scan' },
      { name: 'Consulta', url: '/m/lookup' },
      { name: 'Tarefas', url: '/m/tasks' },
    ],
  }
  return {
    name: 'movatic-collector-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'collector.webmanifest', source: JSON.stringify(collector, null, 2) })
    },
  }
}

/**
 * What every screen runs before it draws (React, the router, XState and the session machine, Lingui, the API client),
 * in one chunk: left to the splitter they came as some fifteen chunks (the entry, the router's core, xstate, the
 * client, then 0.2-2 kB pieces), each gzipped on its own (issue 16's first-load budget counts every byte of them)
 */
const APP_CORE =
  /\/src\/(main\.tsx|routes\/(__root|login|m|m_\.sim|m\/[a-z$]+)\.tsx|app\/(require-auth|query-context)\.ts|assets\/movatic-logo\.svg)$|node_modules\/(react|react-dom|scheduler|@tanstack\/(react-router|router-core|history|store|react-store)|use-sync-external-store|xstate|@xstate\/react|use-isomorphic-layout-effect|@lingui\/(core|react)|ofetch|ufo|destr)\/|@tabler\/icons-react\/dist\/esm\/(createReactComponent|defaultAttributes)\.mjs$|\/src\/lib\/(api-client|i18n|storage|session|flows-inspector|flows-reporter|flows-reporting)\.tsx?$|\/contracts\/flows\/flows\.rules\.ts$|rolldown\/runtime\.js$|\/machines\/(session\/(session\.machine|session-user|login-error)|flows\/(mask-secrets|transition-id|state-text))\.ts$/

const MANTINE_BASE =
  /node_modules\/@mantine\/(core\/esm\/(core\/(?!MantineProvider\/use-mantine-color-scheme\/|utils\/(create-scoped-keydown-handler|close-on-escape|find-element-in-shadow-dom)\/)|components\/(Box|Button|Group|Text|Stack|Paper|Title|Transition|Loader|UnstyledButton|Badge)\/))/
/** the rest of Mantine's styling core, and the pieces the login page and the desktop's shell add, in one chunk: not in the handheld's screens */
const MANTINE_MORE = /node_modules\/@mantine\/core\/esm\/(core\/|components\/(Image|Center|Portal|Affix)\/)/

const COLLECTOR_SHELL = /\/src\/(components\/collector-layout(\.module\.css)?|features\/collector\/(components\/pending-badge|outbox\/(outbox-context|outbox-names|outbox-peek)|feedback\/feedback(-settings)?|components\/scan-screen\.module\.css|hooks\/use-device-request))(\.tsx?)?$|\/src\/routes\/m\.tsx\?tsr-split|\/src\/collectorRouteTree\.gen\.ts$/
const COLLECTOR_SCANNER = /\/machines\/scanner\/scanner\.machine\.ts$|\/src\/lib\/use-scanner-machine\.ts$|\/src\/features\/collector\/(hooks\/use-scanner|camera-reader)\.ts$|\/contracts\/gs1\/gs1(-form)?\.ts$/
const COLLECTOR_OUTBOX = /\/src\/features\/collector\/(outbox\/(outbox-db|outbox-provider)|idb-connection|components\/move-target)\.tsx?$|node_modules\/idb\//
/** the outbox's sending code: loaded once there is something to send (outbox-provider.tsx), not with a flow's first screen */
const COLLECTOR_SENDER = /\/src\/features\/collector\/outbox\/(outbox-send|outbox-sender|ship-commands|pick-commands|refill-commands|outbox-transport)\.ts$|\/machines\/outbox\/outbox\.machine\.ts$/

const COLLECTOR_ICONS = /@tabler\/icons-react\/dist\/esm\/(icons\/Icon(Settings|WifiOff|AlertTriangle|ListCheck|Scan|Refresh|Search|Home|CloudUpload|X|Check|Logout|ArrowRight|ClipboardCheck|Package|Truck)\.mjs)$/
const FLOWS = 'move|count|putaway|receive|ship|pick|replenish'
const COLLECTOR_FLOW = new RegExp(`/src/routes/m/(${FLOWS}|tasks|scan|lookup|pending|settings|home)\\.tsx\\?tsr-split|/src/features/collector/components/(${FLOWS}|tasks|scan|lookup|pending|settings)-screen\\.tsx$|/src/features/collector/(${FLOWS})-texts\\.ts$|/machines/(${FLOWS})/[a-z]+\\.machine\\.ts$`)
/** the collector's requests that one screen alone makes, with that screen */
const COLLECTOR_API: Record<string, string> = {
  'get-count-tasks': 'count',
  'close-receive-pallet': 'receive',
  'get-label-printers': 'receive',
  'get-receivable-documents': 'receive',
  'get-receive-document': 'receive',
  'get-ship-orders': 'ship',
  'get-pick-batches': 'pick',
  'get-refill': 'replenish',
  'get-my-tasks': 'tasks',
  'task-action': 'tasks',
}
/** A handheld screen's own chunk: its route component, screen, texts, machine and requests (null: not a screen's own module) */
function collectorScreenChunk(id: string): string | null {
  // /m/pick's machine and what it keeps on the device (the flow's name is not its folder's)
  if (/\/machines\/cluster-pick\/cluster-pick\.machine\.ts$|\/src\/features\/collector\/pick-batch-store\.ts$/.test(id)) return 'm-pick'
  // /m/replenish's store on the device
  if (/\/src\/features\/collector\/refill-store\.ts$/.test(id)) return 'm-replenish'
  const flow = COLLECTOR_FLOW.exec(id)
  if (flow) return `m-${flow[1] ?? flow[2] ?? flow[3] ?? flow[4]}`
  const request = /\/src\/features\/collector\/api\/([a-z-]+)\.ts$/.exec(id)?.[1]
  return request && COLLECTOR_API[request] ? `m-${COLLECTOR_API[request]}` : null
}

// STACK.md: this plugin order is the one that works (router first, Lingui macro through babel).
export default defineConfig({
  // one id per build: the handheld announces "ready offline" once per installed version (src/components/pwa-banner.tsx)
  define: { __APP_BUILD_ID__: JSON.stringify(new Date().toISOString()) },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // a route's loader goes into its route chunk with the component (the default keeps loaders in the entry,
      // and with them every list's query options and probes: the login page does not need them)
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    // issue 16: the handheld's own route tree, the same route files without the desktop's (_app): a page opened on
    // /m/* starts with it (src/main.tsx), so its first load carries no desktop route's entry
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/collectorRouteTree.gen.ts',
      routeFileIgnorePattern: '^_app',
      tmpDir: 'node_modules/.tanstack-collector',
    }),
    // issue 16: Mantine's theme variables as a CSS file made here, not computed by every page it loads
    mantineStaticCssVariables(theme, cssVariablesResolver),
    react(),
    // the macro keeps each message's Portuguese source, compiled into the chunk (tooling/lingui-source-messages.ts)
    babel({ plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], linguiSourceMessages] }),
    lingui(),
    VitePWA({
      // SPEC 1: an update shows a banner offering a refresh; the user decides
      registerType: 'prompt',
      // issue 16: src/lib/service-worker.ts registers sw.js, without workbox-window; the plugin injects nothing
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest,
      workbox: {
        // the app shell: every built script, style, page and icon
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // the flows screen's graph layout (elkjs, ~1.5 MB) is for analysts on a desktop: not precached on every handheld
        globIgnores: ['**/elk.bundled-*.js'],
        navigateFallback: 'index.html',
        // the API is never answered from the cache
        navigateFallbackDenylist: [/^\/api/],
      },
    }),
    collectorManifest(),
    // docs/requirements.md §22.1: the flows' test coverage, computed here and shipped as /flows-coverage/*.json
    flowsCoverage(fileURLToPath(new URL('.', import.meta.url))),
  ],
  build: {
    // every browser the app supports (Chromium on the handhelds, Safari, Firefox) preloads modules itself: no
    // polyfill in every first load
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app-core', test: APP_CORE, priority: 2 },
            {
              // Mantine's styling core and the layout primitives every screen draws with, in one chunk: split by
              // which routes share them they came as twenty chunks of 0.3-1.5 kB, each gzipped on its own
              name: 'mantine-base',
              test: MANTINE_BASE,
              priority: 1,
            },
            { name: 'mantine-more', test: MANTINE_MORE, priority: 1 },
            { name: 'collector-shell', test: COLLECTOR_SHELL, includeDependenciesRecursively: false },
            { name: 'collector-scanner', test: COLLECTOR_SCANNER, includeDependenciesRecursively: false },
            { name: 'collector-outbox', test: COLLECTOR_OUTBOX, includeDependenciesRecursively: false },
            { name: 'collector-sender', test: COLLECTOR_SENDER, includeDependenciesRecursively: false },
            { name: 'collector-offline', test: /\/src\/features\/collector\/offline\/offline-cache(-provider)?\.tsx?$/, includeDependenciesRecursively: false },
            { name: 'collector-icons', test: COLLECTOR_ICONS, includeDependenciesRecursively: false },
            { name: collectorScreenChunk, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
})
