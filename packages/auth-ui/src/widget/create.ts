import type { IdentityClient } from '../client/types';
import { resolveConfig } from '../config/config';
import type { AuthUIConfig } from '../config/types';
import { createFlows } from '../flows';
import type { Flows } from '../flows/types';
import { WidgetApp } from './app';
import { browserEnv, type WidgetEnv } from './env';

export interface WidgetOptions {
  /** Suffix of storage keys and cookie names. */
  appId?: string;
  /** The browser by default; tests pass a fake. */
  env?: WidgetEnv;
  /** Flow overrides (tests, or a host that plugs in its own step). */
  flows?: Partial<Flows>;
}

/** Resolves and validates the configuration (this throws on invalid phone country lists) and builds a run. */
export function createWidgetApp(config: AuthUIConfig, client: IdentityClient, options: WidgetOptions = {}): WidgetApp {
  const env = options.env ?? browserEnv();
  const resolved = resolveConfig(config, { href: env.href(), isMobile: env.isMobile() });
  return new WidgetApp(resolved, client, env, createFlows(options.flows), options.appId ? { appId: options.appId } : {});
}
