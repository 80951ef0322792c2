// The shell's `/app-config.json` as the static server generates it: where the api and the remotes'
// manifests are, from the URLs the stack actually runs on (packages/shell/README.md, Start-up).

/**
 * @param {{ api: string, alerts: string, positions: string }} urls - the stack's origins.
 * @returns {{ apiUrl: string, remotes: { alerts: string, positions: string } }}
 */
export function appConfig(urls) {
  return {
    apiUrl: urls.api,
    remotes: {
      alerts: `${urls.alerts}/mf-manifest.json`,
      positions: `${urls.positions}/mf-manifest.json`,
    },
  };
}
