import type { IdentityClient } from '../client/types';
import type { ResolvedConfig } from '../config/config';
import type { Flows } from '../flows/types';
import { memoryCookies } from '../storage/cookies';
import { WidgetStorage, type KeyValueStorage } from '../storage/storage';
import type { WidgetEnv } from './env';
import type { DialogState, FieldName, PageId, PageRegistry } from './page-types';

/** FirebaseUI's SHOW_PROCESSING_DELAY: the busy indicator appears only after this long. */
export const BUSY_INDICATOR_DELAY_MS = 500;

export interface CurrentPage<K extends PageId = PageId> {
  id: K;
  props: PageRegistry[K];
  /** Increments on every `show`, so a page re-shown with the same id mounts afresh. */
  serial: number;
}

/** What the React view renders; replaced (never mutated) on every change. */
export interface WidgetState {
  page: { [K in PageId]: CurrentPage<K> }[PageId] | null;
  infoBar: string | null;
  fieldErrors: Partial<Record<FieldName, string>>;
  /** The field to focus, with a serial so the same field can be focused again. */
  focus: { field: FieldName; serial: number } | null;
  busy: boolean;
  dialog: DialogState | null;
}

const EMPTY_STATE: WidgetState = { page: null, infoBar: null, fieldErrors: {}, focus: null, busy: false, dialog: null };

export interface WidgetAppOptions {
  /** Suffix of the storage keys and cookie names (`:<appId>`). */
  appId?: string;
}

/**
 * One widget run: the current page, its info bar and inline errors, the busy indicator, the
 * progress dialog, and the one-request-at-a-time rule. Flows drive it; the React view renders its
 * state. After `reset()` it is inert: late answers change nothing and call no callback.
 */
export class WidgetApp {
  readonly env: WidgetEnv;
  /** The flows (one object, so flow modules never import each other). */
  readonly flows: Flows;
  readonly storage: WidgetStorage;
  readonly appId: string | undefined;
  private currentConfig: ResolvedConfig;
  /** The configuration before a tenant's overrides. */
  private widgetConfig: ResolvedConfig;
  private readonly baseClient: IdentityClient;
  private currentClient: IdentityClient;
  private readonly disposers = new Set<() => void>();
  private state: WidgetState = EMPTY_STATE;
  private readonly listeners = new Set<() => void>();
  private inFlight = false;
  private busyTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private serial = 0;
  private lastPageId: PageId | null = null;
  private isDisposed = false;

  constructor(config: ResolvedConfig, client: IdentityClient, env: WidgetEnv, flows: Flows, options: WidgetAppOptions = {}) {
    this.currentConfig = config;
    this.widgetConfig = config;
    this.baseClient = client;
    this.currentClient = client;
    this.env = env;
    this.flows = flows;
    this.appId = options.appId;
    const session: KeyValueStorage = safeStorage(() => env.sessionStorage()) ?? memoryStorage();
    this.storage = new WidgetStorage(session, env.cookies ?? memoryCookies(), options.appId);
  }

  get config(): ResolvedConfig {
    return this.currentConfig;
  }

  /** Replaces the configuration (server settings merged in). */
  updateConfig(config: ResolvedConfig): void {
    this.currentConfig = config;
    this.widgetConfig = config;
  }

  /** The configuration without a tenant's overrides. */
  get baseConfig(): ResolvedConfig {
    return this.widgetConfig;
  }

  /** Uses a tenant's configuration (the base one with its overrides) until another is applied. */
  applyTenantConfig(config: ResolvedConfig): void {
    this.currentConfig = config;
  }

  /** The identity client, acting in the current tenant. */
  get client(): IdentityClient {
    return this.currentClient;
  }

  /** The tenant requests act in (checklist §3.6); null: the default accounts. */
  get tenantId(): string | null {
    return this.currentClient.tenantId;
  }

  /** Acts in another tenant from now on (null: the default accounts). */
  setTenant(tenantId: string | null): void {
    this.currentClient = this.baseClient.forTenant(tenantId);
  }

  /** Runs `dispose` on reset (listeners, One-Tap, a popup watch); returns a function that forgets it. */
  onDispose(dispose: () => void): () => void {
    if (this.isDisposed) {
      dispose();
      return () => undefined;
    }
    this.disposers.add(dispose);
    return () => this.disposers.delete(dispose);
  }

  get disposed(): boolean {
    return this.isDisposed;
  }

  // ---- React subscription ---------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): WidgetState => this.state;

  private setState(patch: Partial<WidgetState>): void {
    if (this.isDisposed) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  // ---- Pages ----------------------------------------------------------------------------

  get currentPageId(): PageId | null {
    return this.state.page?.id ?? null;
  }

  /**
   * Renders a page, replacing the current one with its info bar, inline errors and dialog, and
   * fires `uiChanged(from, to)` (`from` is null the first time).
   */
  show<K extends PageId>(id: K, props: PageRegistry[K], options: { infoBar?: string | null } = {}): void {
    if (this.isDisposed) return;
    this.serial += 1;
    const page = { id, props, serial: this.serial } as CurrentPage<K>;
    this.setState({
      page: page as WidgetState['page'],
      infoBar: options.infoBar ?? null,
      fieldErrors: {},
      focus: null,
      dialog: null,
    });
    const from = this.lastPageId;
    this.lastPageId = id;
    this.currentConfig.callbacks.uiChanged?.(from, id);
  }

  /** Shows a message in the info bar (a new one replaces the old). */
  showInfoBar(message: string): void {
    this.setState({ infoBar: message });
  }

  dismissInfoBar = (): void => {
    this.setState({ infoBar: null });
  };

  /** Sets inline errors; `focus` names the field to focus (the first invalid one). */
  setFieldErrors(errors: Partial<Record<FieldName, string>>, focus?: FieldName): void {
    this.serial += 1;
    this.setState({
      fieldErrors: { ...this.state.fieldErrors, ...errors },
      ...(focus && { focus: { field: focus, serial: this.serial } }),
    });
  }

  /** Typing in a field clears its error. */
  clearFieldError = (field: FieldName): void => {
    if (!this.state.fieldErrors[field]) return;
    const rest = { ...this.state.fieldErrors };
    delete rest[field];
    this.setState({ fieldErrors: rest });
  };

  focusField(field: FieldName): void {
    this.serial += 1;
    this.setState({ focus: { field, serial: this.serial } });
  }

  showDialog(dialog: DialogState): void {
    this.setState({ dialog });
  }

  hideDialog(): void {
    this.setState({ dialog: null });
  }

  // ---- Requests -------------------------------------------------------------------------

  /** Is a request in flight? Further submits are ignored meanwhile. */
  get pending(): boolean {
    return this.inFlight;
  }

  /**
   * Runs one request-driven step (checklist §0): ignored while another is in flight; the busy
   * indicator appears only if it takes longer than 500 ms and goes when it settles.
   */
  async run(task: () => Promise<void>): Promise<void> {
    if (this.inFlight || this.isDisposed) return;
    this.inFlight = true;
    this.busyTimer = setTimeout(() => this.setState({ busy: true }), BUSY_INDICATOR_DELAY_MS);
    try {
      await task();
    } finally {
      clearTimeout(this.busyTimer);
      this.busyTimer = undefined;
      this.inFlight = false;
      if (this.state.busy) this.setState({ busy: false });
    }
  }

  /**
   * Wraps a client promise so a reset cancels it: after `reset()` it never settles, so the rest
   * of the flow never runs (FirebaseUI cancels its pending promises the same way).
   */
  request<T>(promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      promise.then(
        (value) => {
          if (!this.isDisposed) resolve(value);
        },
        (error: unknown) => {
          if (!this.isDisposed) reject(error);
        },
      );
    });
  }

  /** A timer that a reset cancels. */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.isDisposed) resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  // ---- Reset ----------------------------------------------------------------------------

  /**
   * Removes the UI and cancels pending requests and timers; clears the pending credential and
   * the redirect status (checklist §0). The instance cannot be restarted.
   */
  reset(): void {
    if (this.isDisposed) return;
    clearTimeout(this.busyTimer);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.storage.clearOnReset();
    for (const dispose of this.disposers) {
      try {
        dispose();
      } catch (error) {
        console.error(error);
      }
    }
    this.disposers.clear();
    this.state = EMPTY_STATE;
    for (const listener of this.listeners) listener();
    this.isDisposed = true;
  }
}

function safeStorage(get: () => KeyValueStorage | null): KeyValueStorage | null {
  try {
    return get();
  } catch {
    return null;
  }
}

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
  };
}
