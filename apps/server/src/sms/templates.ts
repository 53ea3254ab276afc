/**
 * The texts the server sends by SMS. Plain ASCII keeps a message in one GSM-7 segment (160
 * characters); the code comes first so a phone's notification preview shows it.
 */
export const phoneCodeSms = (code: string) => `${code} is your TrailBuddy verification code.`;
