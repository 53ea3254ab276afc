import { resolveConfig } from '../config/config';
import type { AuthUIConfig } from '../config/types';
import { popupFeatures } from '../flows/federated';
import { browserEnv, type WidgetEnv } from './env';

/**
 * FirebaseUI's public `signIn()` (checklist §0, §3.2): go to `widgetUrl?mode=select`, or open it in
 * a centred 500×600 popup when `popupMode` is on (never on mobile browsers).
 */
export function openSignInWidget(config: AuthUIConfig, env: WidgetEnv = browserEnv()): void {
  const resolved = resolveConfig(config, { href: env.href(), isMobile: env.isMobile() });
  const url = new URL(resolved.widgetUrl, env.href());
  url.searchParams.set(resolved.queryParameterForWidgetMode, 'select');
  if (resolved.popupMode) env.open(url.toString(), 'signInWidget', popupFeatures());
  else env.assign(url.toString());
}
