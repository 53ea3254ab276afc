/**
 * What Better Auth needs to send: the account mails. The boot code wires these to the job
 * queue (auth/queued-mailer.ts), so a mail failure never fails the auth request that caused it.
 */
export interface AuthMailer {
  verifyEmail(to: { email: string; name: string }, link: string): Promise<void>;
  passwordReset(to: { email: string; name: string }, link: string): Promise<void>;
}
