/** A link to the widget's action page (`/auth?mode=…&oobCode=…`), where every mailed link of ours and Better Auth's lands. */
export function actionLink(appUrl: string, mode: string, oobCode: string): string {
  const url = new URL('/auth', appUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  return url.toString();
}
