import type { PhoneConfig } from '../client/types';
import { asAuthError } from '../errors';
import { getErrorMessage } from '../strings';
import type { WidgetApp } from '../widget/app';
import { SCRIPT_LOAD_TIMEOUT_MS } from '../widget/scripts';

/** Google's reCAPTCHA script, loaded only when the server names reCAPTCHA (explicit rendering). */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';

const MAX_TIMER_MS = 2 ** 31 - 1;

/** The part of `window.grecaptcha` the widget uses. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, parameters: Record<string, unknown>): number;
  execute(widgetId?: number): void;
  reset(widgetId?: number): void;
}

export type CaptchaStatus = 'loading' | 'ready' | 'solving' | 'solved' | 'error';

export interface CaptchaState {
  /** Unknown until the server's phone settings arrive. */
  provider: 'altcha' | 'recaptcha' | null;
  status: CaptchaStatus;
  /** reCAPTCHA `size: 'invisible'`: no widget; Verify runs the challenge. */
  invisible: boolean;
}

export interface CaptchaOptions {
  /** The phone option's `recaptchaParameters` (reserved keys already removed). */
  recaptchaParameters?: Record<string, unknown>;
  /** The captcha cannot be shown (script or settings failed): the flow leaves the page. */
  onRenderError: (message: string) => void;
  /** An invisible reCAPTCHA produced a token after Verify: the flow submits again. */
  onInvisibleToken?: () => void;
}

/**
 * The captcha of the phone start page (checklist §5.6). By default ALTCHA: a visible "I'm not a
 * robot" checkbox that fetches a proof-of-work challenge and solves it in the browser. When the
 * server says reCAPTCHA, Google's script is loaded (only then) and the widget rendered with the
 * site key and the configured `recaptchaParameters`. A token is good for one send: after a send
 * error the flow calls `reset()`.
 */
export class CaptchaController {
  private state: CaptchaState = { provider: null, status: 'loading', invisible: false };
  private readonly listeners = new Set<() => void>();
  private currentToken: string | null = null;
  private config: PhoneConfig | null = null;
  private widgetId: number | undefined;
  private grecaptcha: Grecaptcha | null = null;
  private mounted: HTMLElement | null = null;
  private abort: AbortController | null = null;
  /** Bumped by every reset, so a solve that finishes after it is dropped. */
  private generation = 0;

  constructor(
    private readonly app: WidgetApp,
    private readonly options: CaptchaOptions,
  ) {
    app.onDispose(() => this.abort?.abort());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): CaptchaState => this.state;

  private set(patch: Partial<CaptchaState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The solved payload or token, or null. */
  get token(): string | null {
    return this.currentToken;
  }

  /** The server's settings arrived: which captcha to show. */
  configure(config: PhoneConfig): void {
    this.config = config;
    if (config.captcha.provider === 'altcha') {
      this.set({ provider: 'altcha', status: 'ready', invisible: false });
      return;
    }
    this.set({ provider: 'recaptcha', status: 'loading', invisible: this.options.recaptchaParameters?.size === 'invisible' });
    if (this.mounted) void this.renderRecaptcha(this.mounted);
  }

  // ---- ALTCHA ---------------------------------------------------------------------------

  /** The checkbox was ticked: fetch a challenge and solve it. */
  async solve(): Promise<void> {
    const config = this.config;
    if (config?.captcha.provider !== 'altcha' || this.state.status === 'solving' || this.state.status === 'solved') return;
    const generation = this.generation;
    this.abort = new AbortController();
    this.set({ status: 'solving' });
    this.app.clearFieldError('captcha');
    try {
      const challenge = await this.app.request(this.app.client.getCaptchaChallenge(config.captcha.challengeUrl));
      const token = await this.app.env.solveAltcha(challenge, this.abort.signal);
      if (generation !== this.generation || this.app.disposed) return;
      this.currentToken = token;
      this.set({ status: 'solved' });
      const expiresAt = challenge.parameters.expiresAt;
      // An expired proof would be refused: untick the box when it expires (timers stop at 2^31-1 ms).
      if (expiresAt) {
        const untilExpiry = Math.min(Math.max(0, expiresAt * 1000 - Date.now()), MAX_TIMER_MS);
        void this.app.delay(untilExpiry).then(() => {
          if (generation === this.generation) this.reset();
        });
      }
    } catch (error) {
      if (generation !== this.generation || this.app.disposed) return;
      console.error(`captcha: ${asAuthError(error).message}`);
      this.set({ status: 'error' });
    }
  }

  // ---- reCAPTCHA ------------------------------------------------------------------------

  /** The page's container for the reCAPTCHA widget (called by the page once it is in the DOM). */
  mount(element: HTMLElement): void {
    if (this.mounted === element) return;
    this.mounted = element;
    if (this.config?.captcha.provider === 'recaptcha') void this.renderRecaptcha(element);
  }

  private async renderRecaptcha(element: HTMLElement): Promise<void> {
    const config = this.config;
    if (config?.captcha.provider !== 'recaptcha' || this.widgetId !== undefined) return;
    const siteKey = config.captcha.siteKey;
    try {
      await this.app.request(this.app.env.loadScript(RECAPTCHA_SCRIPT_URL, SCRIPT_LOAD_TIMEOUT_MS));
      const grecaptcha = this.app.env.globals().grecaptcha as Grecaptcha | undefined;
      if (!grecaptcha) throw new Error('reCAPTCHA did not load.');
      await new Promise<void>((resolve) => grecaptcha.ready(resolve));
      if (this.app.disposed) return;
      this.grecaptcha = grecaptcha;
      this.widgetId = grecaptcha.render(element, {
        ...this.options.recaptchaParameters,
        sitekey: siteKey,
        callback: (token: string) => {
          this.currentToken = token;
          this.app.clearFieldError('captcha');
          this.set({ status: 'solved' });
          if (this.state.invisible) this.options.onInvisibleToken?.();
        },
        'expired-callback': () => {
          this.currentToken = null;
          this.set({ status: 'ready' });
        },
      });
      this.set({ status: 'ready' });
    } catch (error) {
      if (this.app.disposed) return;
      console.error(`reCAPTCHA: ${asAuthError(error).message}`);
      this.set({ status: 'error' });
      // Offline or blocked: the message of a lost connection (checklist §5.6 render failure).
      this.options.onRenderError(getErrorMessage({ code: 'auth/network-request-failed' }));
    }
  }

  /** Invisible reCAPTCHA: Verify runs the challenge; its callback submits. */
  execute(): void {
    if (this.grecaptcha && this.widgetId !== undefined) this.grecaptcha.execute(this.widgetId);
  }

  /** A token is single-use: after a send error the captcha must be solved again. */
  reset(): void {
    this.generation += 1;
    this.abort?.abort();
    this.currentToken = null;
    if (this.grecaptcha && this.widgetId !== undefined) this.grecaptcha.reset(this.widgetId);
    if (this.state.provider) this.set({ status: 'ready' });
  }
}
