/** The widget's account-action page for a mailed code: `/auth?mode=…&oobCode=…` (FirebaseUI's shape). */
export function actionLink(appUrl: string, mode: string, oobCode: string): string {
  const url = new URL('/auth', appUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  return url.toString();
}
